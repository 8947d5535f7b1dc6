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
});
