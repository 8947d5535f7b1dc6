import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serveBatchJobs, type BatchJobMessage } from '../../../core/rules/batch-jobs.js';
import {
  lineStartsOf,
  NO_ISSUE,
  PACKED_STATUS,
  packBatchResult,
  packedEntries,
  packedLineIndexes,
  packedLineIssue,
  packedLineStatus,
  packedLineText,
  packedTransfer,
  type PackedBatchResult,
} from '../../../core/rules/batch-packed.js';
import { validateUnlockEntries } from '../../../core/rules/bans.js';

describe('rules §5 Bans: a 100,000-line batch preview packed for the page', () => {
  const text = '1.2.3.4\r\n\r\n2001:DB8::1\nexample.com\n2001:db8::1\n10.0.0.0/8 \n';

  it('line starts cover every raw line, CRLF and a final newline included', () => {
    assert.deepEqual(Array.from(lineStartsOf(text)), [0, 9, 11, 23, 35, 47, 59, 60]);
    assert.deepEqual(Array.from(lineStartsOf('')), [1]);
    assert.deepEqual(Array.from(lineStartsOf('a')), [0, 2]);
  });

  it('keeps each line status, issue and the valid entries, reading texts from the original text', () => {
    const packed = packBatchResult(text, validateUnlockEntries(text, 'file'));
    // The text's final newline leaves a seventh raw line: it stays blank and, being trailing, is not counted (issue 18).
    assert.equal(packed.lineCount, 7);
    assert.deepEqual(
      Array.from({ length: packed.lineCount }, (_, index) => packedLineStatus(packed, index)),
      ['valid', 'blank', 'valid', 'invalid', 'duplicate', 'valid', 'blank'],
    );
    assert.deepEqual(packedLineIssue(packed, 3), { key: 'ip.incorrect-ip-or-cidr' });
    assert.deepEqual(packedLineIssue(packed, 4), { key: 'batch.duplicate' });
    assert.equal(packedLineIssue(packed, 0), undefined);
    assert.equal(packed.issueRefs[0], NO_ISSUE);
    assert.equal(packedLineText(text, packed, 0), '1.2.3.4', 'the CR is trimmed as the checker trimmed it');
    assert.deepEqual(packedEntries(text, packed, 0, 10), ['1.2.3.4', '2001:DB8::1', '10.0.0.0/8']);
    assert.deepEqual(packedEntries(text, packed, 1, 2), ['2001:DB8::1']);
    assert.deepEqual(Array.from(packedLineIndexes(packed)), [0, 2, 3, 4, 5]);
    assert.deepEqual(Array.from(packedLineIndexes(packed, ['invalid', 'duplicate'])), [3, 4]);
    assert.deepEqual(packed.summary, { total: 5, valid: 3, invalid: 1, duplicate: 1, blank: 1 });
    assert.equal(packed.issue, null);
    assert.equal(packed.statuses[1], PACKED_STATUS.blank);
  });

  it('stores each distinct issue once, values included', () => {
    const many = Array.from({ length: 2003 }, (_, index) => (index % 2 ? 'bad' : `10.0.${index >> 8}.${index & 255}`)).join('\n');
    const packed = packBatchResult(many, validateUnlockEntries(many, 'typed'));
    assert.deepEqual(packed.issues, [{ key: 'ip.incorrect-ip-or-cidr' }, { key: 'batch.duplicate' }]);
    assert.deepEqual(packed.summary, { total: 2003, valid: 1002, invalid: 1, duplicate: 1000, blank: 0 });
  });

  it('the worker answers a packed request with its buffers in the transfer list', () => {
    const posted: Array<{ message: BatchJobMessage; transfer?: ArrayBuffer[] }> = [];
    let listener: ((event: { data: never }) => void) | null = null;
    serveBatchJobs(
      { postMessage: (message, transfer) => posted.push({ message, transfer }), addEventListener: (_type, next) => (listener = next as never) },
      (next) => next(),
    );
    listener!({ data: { id: 7, kind: 'ip-or-cidr', text, packed: true, limits: { max: 100_000, key: 'bans.unlock-file-limit' } } as never });
    const last = posted.at(-1)!;
    assert.equal(last.message.type, 'packed-result');
    const packed = (last.message as { result: PackedBatchResult }).result;
    assert.deepEqual(last.transfer, packedTransfer(packed));
    assert.equal(last.transfer!.length, 4);
    assert.deepEqual(packed.summary.valid, 3);
  });
  it('issue 18: more than 65,535 distinct issues (each misaligned CIDR names its own network) keep their own message', () => {
    const network = (i: number) => `${10 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
    const lines = Array.from({ length: 70_000 }, (_, i) => `${network(i)}.1/24`);
    const many = lines.join('\n');
    const packed = packBatchResult(many, validateUnlockEntries(many, 'file'));
    assert.equal(packed.issues.length > 65_535, true);
    assert.deepEqual(packedLineIssue(packed, 69_999), { key: 'ip.cidr-not-network', values: { network: `${network(69_999)}.0/24` } });
  });
});
