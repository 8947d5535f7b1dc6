import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finishBatch, isBatchDone, processBatchRange, splitLines, startBatch, validateBatch } from '../../../core/rules/batch.js';
import {
  BATCH_KINDS,
  BATCH_SLICE_LINES,
  batchJobOptions,
  isBatchKind,
  runBatchJob,
  serveBatchJobs,
  type BatchJobCancel,
  type BatchJobMessage,
  type BatchJobRequest,
} from '../../../core/rules/batch-jobs.js';
import { canonicalIpOrCidr, validateIpOrCidr } from '../../../core/rules/ip.js';
import {
  canAddMultiValueRow,
  cleanMultiValueItem,
  joinMultiValue,
  keepOneRow,
  MULTI_VALUE_SEPARATOR,
  splitMultiValue,
  validateMultiValueRows,
} from '../../../core/rules/multi-value.js';

const ipOptions = { rule: validateIpOrCidr, identity: (text: string) => canonicalIpOrCidr(text) ?? text };

describe('rules §5 batch input: one entry per line, duplicates, limits', () => {
  it('splits on \\n and \\r\\n, trims, skips blank lines and keeps original line numbers', () => {
    assert.deepEqual(splitLines(''), []);
    const result = validateBatch('1.2.3.4\r\n\r\n  5.6.7.8  \n\n', ipOptions);
    assert.deepEqual(
      result.lines.map(({ line, text, status }) => [line, text, status]),
      [
        [1, '1.2.3.4', 'valid'],
        [3, '5.6.7.8', 'valid'],
      ],
    );
    // Issue 18: the blank lines at the end (the final newline) are not rows; the one between entries is.
    assert.deepEqual(result.summary, { total: 2, valid: 2, invalid: 0, duplicate: 0, blank: 1 });
    assert.deepEqual(splitLines('1.2.3.4\n'), ['1.2.3.4']);
    assert.deepEqual(splitLines('1.2.3.4\r\n \t\r\n\n'), ['1.2.3.4']);
    assert.deepEqual(splitLines('\n \n'), []);
    const reported = validateBatch('1.2.3.4\n\n5.6.7.8\n', { ...ipOptions, blankLines: 'report' });
    assert.deepEqual(reported.lines.map(({ line, status }) => [line, status]), [[1, 'valid'], [2, 'invalid'], [3, 'valid']]);
    assert.deepEqual(result.entries, ['1.2.3.4', '5.6.7.8']);
    assert.equal(result.issue, null);
  });
  it('removes a byte order mark at the start of a file', () => {
    assert.deepEqual(validateBatch('\uFEFF1.2.3.4', ipOptions).entries, ['1.2.3.4']);
  });
  it('reports blank lines as invalid when asked', () => {
    const result = validateBatch('1.2.3.4\n\n5.6.7.8', { ...ipOptions, blankLines: 'report' });
    assert.deepEqual(result.lines[1], { line: 2, text: '', status: 'invalid', issue: { key: 'batch.blank-line' } });
    assert.equal(result.summary.invalid, 1);
  });
  it('marks invalid lines with the rule issue', () => {
    const result = validateBatch('1.2.3.4\nnot-an-ip', ipOptions);
    assert.deepEqual(result.lines[1], { line: 2, text: 'not-an-ip', status: 'invalid', issue: { key: 'ip.incorrect-ip-or-cidr' } });
  });
  it('marks later repeats as duplicate by identity (first occurrence stays valid)', () => {
    const result = validateBatch('2001:db8::1\n2001:DB8:0::1\n1.2.3.4\n1.2.3.4\nbad\nbad', ipOptions);
    assert.deepEqual(
      result.lines.map((line) => line.status),
      ['valid', 'duplicate', 'valid', 'duplicate', 'invalid', 'duplicate'],
    );
    assert.deepEqual(result.lines[1]!.issue, { key: 'batch.duplicate' });
    assert.deepEqual(result.summary, { total: 6, valid: 2, invalid: 1, duplicate: 3, blank: 0 });
  });
  it('enforces the count limit on distinct entries: boundary max passes, max + 1 gives the limit message', () => {
    const limit = { max: 3, key: 'bans.unlock-typed-limit' } as const;
    const atLimit = validateBatch('1.1.1.1\n2.2.2.2\n3.3.3.3\n3.3.3.3', { ...ipOptions, limit });
    assert.equal(atLimit.issue, null, 'a duplicate does not count toward the limit');
    const over = validateBatch('1.1.1.1\n2.2.2.2\n3.3.3.3\n4.4.4.4\n5.5.5.5', { ...ipOptions, limit });
    assert.deepEqual(over.issue, { key: 'bans.unlock-typed-limit', values: { max: 3, count: 5 } });
    assert.deepEqual(over.lines[3], { line: 4, text: '4.4.4.4', status: 'invalid', issue: { key: 'batch.beyond-limit', values: { max: 3 } } });
    assert.deepEqual(over.entries, ['1.1.1.1', '2.2.2.2', '3.3.3.3']);
  });
  it('reports an empty batch ("Cannot be empty")', () => {
    assert.deepEqual(validateBatch('\n \n', ipOptions).issue, { key: 'batch.empty' });
    assert.deepEqual(validateBatch([], ipOptions).issue, { key: 'batch.empty' });
  });
  it('takes a list of values as the lines', () => {
    assert.deepEqual(validateBatch(['1.2.3.4', ' ', '::1'], ipOptions).lines.map((line) => line.line), [1, 3]);
  });
  it('is chunkable: slices in order give the same result as one call, and out-of-order slices are refused', () => {
    const text = Array.from({ length: 1000 }, (_, i) => (i % 7 === 0 ? 'junk' : `10.0.${i % 300 >> 0}.${i % 250}`)).join('\n');
    const whole = validateBatch(text, ipOptions);
    const run = startBatch(text, ipOptions);
    assert.throws(() => processBatchRange(run, 10, 20), RangeError);
    for (let start = 0; !isBatchDone(run); start += 137) processBatchRange(run, start, start + 137);
    assert.deepEqual(finishBatch(run), whole);
    assert.throws(() => finishBatch(startBatch('a\nb', ipOptions)), RangeError);
  });
});

describe('shell §5 multi-value input: join with |, strip the separator, drop empties, keep a row', () => {
  it('joins items with | by default, stripping the separator from each item and dropping empty items', () => {
    assert.equal(MULTI_VALUE_SEPARATOR, '|');
    assert.equal(joinMultiValue(['a', ' b|c ', '', '  ', '|', 'd']), 'a|bc|d');
    assert.equal(joinMultiValue(['x,y', 'z'], ','), 'xy,z');
    assert.equal(cleanMultiValueItem(' |a|b| '), 'ab');
  });
  it('splits a joined value back, dropping empties', () => {
    assert.deepEqual(splitMultiValue('a||b| |c'), ['a', 'b', 'c']);
    assert.deepEqual(splitMultiValue(''), []);
  });
  it('a new row may be added only when every current row is filled in and valid', () => {
    assert.equal(canAddMultiValueRow(['1.2.3.4', '::1'], validateIpOrCidr), true);
    assert.equal(canAddMultiValueRow(['1.2.3.4', ''], validateIpOrCidr), false);
    assert.equal(canAddMultiValueRow(['1.2.3.4', 'x'], validateIpOrCidr), false);
  });
  it('shows each row issue inline, none for an empty row', () => {
    assert.deepEqual(validateMultiValueRows(['1.2.3.4', '', 'x'], validateIpOrCidr), [null, null, { key: 'ip.incorrect-ip-or-cidr' }]);
  });
  it('keeps at least one empty row', () => {
    assert.deepEqual(keepOneRow([]), ['']);
    assert.deepEqual(keepOneRow(['a']), ['a']);
  });
});

/** A fake worker scope: records posted messages and lets the test deliver requests. */
function fakeScope() {
  const posted: BatchJobMessage[] = [];
  let listener: ((event: { data: BatchJobRequest | BatchJobCancel }) => void) | null = null;
  const queue: Array<() => void> = [];
  serveBatchJobs(
    {
      postMessage: (message) => posted.push(message),
      addEventListener: (_type, next) => (listener = next),
    },
    (next) => queue.push(next),
  );
  return {
    posted,
    send: (data: BatchJobRequest | BatchJobCancel) => listener!({ data }),
    drain: () => {
      while (queue.length > 0) queue.shift()!();
    },
  };
}

describe('rules §5 Bans: batch checks in a Web Worker (batch-jobs protocol)', () => {
  it('knows its kinds, and each kind has a rule', () => {
    for (const kind of Object.keys(BATCH_KINDS)) {
      assert.equal(isBatchKind(kind), true);
      assert.equal(typeof batchJobOptions({ kind: kind as keyof typeof BATCH_KINDS }).rule, 'function');
    }
    assert.equal(isBatchKind('toString'), false);
  });
  it('runBatchJob applies the kind rule and the request limit', () => {
    const result = runBatchJob({ id: 1, kind: 'ip-or-cidr', text: '1.2.3.4\n1.2.3.4\nx', limits: { max: 1, key: 'bans.unlock-typed-limit' } });
    assert.deepEqual(result.summary, { total: 3, valid: 1, invalid: 1, duplicate: 1, blank: 0 });
    assert.equal(result.issue?.key, 'bans.unlock-typed-limit');
    assert.equal(runBatchJob({ id: 2, kind: 'domain', text: 'Example.com\nexample.COM' }).summary.duplicate, 1);
    assert.equal(runBatchJob({ id: 3, kind: 'path', text: '/a\nb' }).summary.invalid, 1);
  });
  it('posts progress per slice, then the result', () => {
    const scope = fakeScope();
    const lines = BATCH_SLICE_LINES * 2 + 5;
    scope.send({ id: 'job', kind: 'ip-or-cidr', text: Array.from({ length: lines }, (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`).join('\n') });
    scope.drain();
    const types = scope.posted.map((message) => message.type);
    assert.deepEqual(types, ['progress', 'progress', 'progress', 'result']);
    assert.deepEqual(scope.posted[2], { id: 'job', type: 'progress', done: lines, total: lines });
    const last = scope.posted[3]!;
    assert.ok(last.type === 'result' && last.result.summary.valid === lines);
  });
  it('stops a job on { id, cancel: true } between slices', () => {
    const scope = fakeScope();
    scope.send({ id: 7, kind: 'ip', text: Array.from({ length: BATCH_SLICE_LINES * 3 }, () => '1.2.3.4').join('\n') });
    scope.send({ id: 7, cancel: true });
    scope.drain();
    assert.deepEqual(scope.posted.map((message) => message.type), ['progress', 'cancelled']);
  });
  it('answers an unknown kind with an error', () => {
    const scope = fakeScope();
    scope.send({ id: 9, kind: 'nope' as 'ip', text: 'x' });
    assert.deepEqual(scope.posted, [{ id: 9, type: 'error', reason: 'unknown-kind' }]);
  });
});
