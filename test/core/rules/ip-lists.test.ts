import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as bans from '../../../core/rules/bans.js';

describe('rules §3 / §5 IP list: name and remark, deletion while referenced', () => {
  it('rules §3: the name is required, at most 32 characters (the rule set limit, as the spec gives none)', () => {
    assert.equal(bans.IP_LIST_NAME_MAX_LENGTH, 32);
    assert.deepEqual(bans.validateIpListName(' '), { key: 'common.required' });
    assert.equal(bans.validateIpListName('办公网络'.repeat(8)), null);
    assert.deepEqual(bans.validateIpListName('x'.repeat(33)), { key: 'common.too-long', values: { max: 32 } });
  });
  it('rules §3: the remark is optional, at most 64 characters', () => {
    assert.equal(bans.IP_LIST_REMARK_MAX_LENGTH, 64);
    assert.equal(bans.validateIpListRemark(''), null);
    assert.deepEqual(bans.validateIpListRemark('y'.repeat(65)), { key: 'common.too-long', values: { max: 64 } });
    assert.deepEqual(bans.validateIpListForm({ name: '', remark: 'y'.repeat(65) }), [
      { field: 'name', key: 'common.required' },
      { field: 'remark', key: 'common.too-long', values: { max: 64 } },
    ]);
  });
  it('a list that WAF rules reference cannot be deleted', () => {
    assert.equal(bans.validateIpListDeletable(0), null);
    assert.deepEqual(bans.validateIpListDeletable(2), { key: 'bans.ip-list-in-use', values: { count: 2 } });
  });
  it('rules §5 / §9: 20,000 entries per added batch, a file\'s or typed, each with its message', () => {
    assert.deepEqual(bans.ipListAddLimit('file'), { max: 20_000, key: 'bans.ip-list-file-limit' });
    assert.deepEqual(bans.ipListAddLimit('typed'), { max: 20_000, key: 'bans.ip-list-typed-limit' });
  });
  it('rules §5: a CSV file is checked by its first column, line for line; TXT as it is', () => {
    assert.equal(bans.ipListFileFormat('list.CSV'), 'csv');
    assert.equal(bans.ipListFileFormat('list.txt'), 'txt');
    assert.equal(bans.ipListFileLines('"1.2.3.4",a\n\n10.0.0.0/8,b', 'csv'), '1.2.3.4\n\n10.0.0.0/8');
    assert.equal(bans.ipListFileLines('1.2.3.4,x', 'txt'), '1.2.3.4,x');
  });
});

describe('rules §5 batch unlock through the worker: the same limits and the empty-file message', () => {
  it('2000 typed, 100000 from a file', () => {
    assert.deepEqual(bans.unlockLimit('typed'), { max: 2000, key: 'bans.unlock-typed-limit' });
    assert.deepEqual(bans.unlockLimit('file'), { max: 100_000, key: 'bans.unlock-file-limit' });
  });
  it('a file without an entry is "file empty"; typed input keeps the generic empty message', () => {
    const empty = { summary: { total: 0, valid: 0, invalid: 0, duplicate: 0, blank: 3 }, issue: { key: 'batch.empty' as const } };
    assert.deepEqual(bans.fileBatchIssue(empty, 'file'), { key: 'bans.file-empty' });
    assert.deepEqual(bans.fileBatchIssue(empty, 'typed'), { key: 'batch.empty' });
  });
});
