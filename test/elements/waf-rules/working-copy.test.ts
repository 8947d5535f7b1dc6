import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialSample, toSample } from '../../../elements/waf-rules/sample-form.js';
import { diff, moveRule, toMatchRule, type WorkingRule } from '../../../elements/waf-rules/working-copy.js';

const rule = (id: number | undefined, value: string, extra: Partial<WorkingRule> = {}): WorkingRule => ({
  key: id === undefined ? `new-${value}` : `r${id}`,
  ...(id === undefined ? {} : { id, code: String(id) }),
  conditions: [{ type: 'url', operator: 'prefix', value }],
  action: { type: 'block' },
  status: 'enabled',
  remark: '',
  builtIn: null,
  ...extra,
});

describe('the working copy of a rule set (shell §7 save, stop/open/close, delete, sort)', () => {
  const baseline = [rule(1, '/a'), rule(2, '/b'), rule(3, '/c')];

  it('nothing changed, nothing to send', () => {
    assert.deepEqual(diff(baseline, baseline), { deleted: [], saved: [], status: new Map(), reordered: false, count: 0 });
  });

  it('sorts the differences into the calls: delete, save (new or changed content), status only, order', () => {
    const working = [rule(3, '/c', { status: 'observation' }), rule(1, '/a2'), rule(undefined, '/new')];
    const change = diff(baseline, working);
    assert.deepEqual(change.deleted, [2]);
    assert.deepEqual(change.saved.map((item) => item.key), ['r1', 'new-/new']);
    assert.deepEqual([...change.status], [['observation', [3]]]);
    assert.equal(change.reordered, true);
    assert.equal(change.count, 5);
  });

  it('a new rule at the end keeps the order; one placed before saved rules changes it', () => {
    assert.equal(diff(baseline, [...baseline, rule(undefined, '/d')]).reordered, false);
    assert.equal(diff(baseline, [rule(undefined, '/d'), ...baseline]).reordered, true);
  });

  it('moves a rule to a position (drag or "place at position")', () => {
    assert.deepEqual(moveRule(['a', 'b', 'c', 'd'], 3, 0), ['d', 'a', 'b', 'c']);
    assert.deepEqual(moveRule(['a', 'b', 'c', 'd'], 0, 2), ['b', 'c', 'a', 'd']);
    assert.deepEqual(moveRule(['a', 'b'], 0, 9), ['b', 'a']);
    assert.deepEqual(toMatchRule(rule(undefined, '/x')), { conditions: [{ type: 'url', operator: 'prefix', value: '/x' }], action: { type: 'block' }, status: 'enabled' });
  });
});

describe('the tester sample', () => {
  it('empty fields are "not known"; numbers and the Beijing time are read as typed', () => {
    const form = { ...initialSample(), time: '2025-03-01T02:30', ipRate: '12', statusCode: '', region: 'CN-GD', ja3: ' ' };
    const sample = toSample(form);
    assert.equal(sample.time, '2025-03-01 02:30');
    assert.equal(sample.ip_rate, 12);
    assert.equal('status_code' in sample, false);
    assert.equal('ja3' in sample, false);
    assert.equal(sample.region, 'CN-GD');
    assert.deepEqual(sample.headers, [{ name: 'User-Agent', value: 'Mozilla/5.0' }]);
  });
});
