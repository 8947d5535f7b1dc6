import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MATCH_TYPE_SPECS, matchTypeSpec, parseBeijingTime, formatBeijingTime } from '../../../core/rules/match-catalogue.js';
import { ACTION_FLOW, LASTING_ACTIONS, validateWafAction, WAF_ACTION_TYPES } from '../../../core/rules/waf-actions.js';
import * as waf from '../../../core/rules/waf.js';
import type { MatchConditionInput } from '../../../core/rules/waf.js';

const one = (condition: MatchConditionInput) => waf.validateMatchConditions([condition]);

describe('rules §5 Match rules and WAF: the match catalogue', () => {
  it('rules §5: every match type of the spec has operators and a value kind', () => {
    assert.deepEqual(MATCH_TYPE_SPECS.map((spec) => spec.type).sort(), [...waf.MATCH_TYPES].sort());
    for (const spec of MATCH_TYPE_SPECS) assert.ok(spec.operators.length > 0, spec.type);
    assert.equal(matchTypeSpec('header').named, true);
    assert.equal(matchTypeSpec('ip-rate').windowed, true);
  });

  it('rules §5: an operator must be one the type offers', () => {
    assert.deepEqual(one({ type: 'method', operator: 'contains', value: 'GET' }), [{ field: 'conditions.0.operator', key: 'waf.operator-invalid' }]);
    assert.deepEqual(one({ type: 'time', operator: 'equals', value: 'x' }), [{ field: 'conditions.0.operator', key: 'waf.operator-invalid' }]);
    assert.deepEqual(one({ type: 'url', operator: 'prefix', value: '/a' }), []);
  });

  it('rules §5 Origin and performance: header names are letters, digits, - and _; parameter names have no separators', () => {
    assert.deepEqual(one({ type: 'header', operator: 'equals', value: 'x' }), [{ field: 'conditions.0.name', key: 'common.required' }]);
    assert.deepEqual(one({ type: 'header', operator: 'equals', value: 'x', name: 'X Bad' }), [{ field: 'conditions.0.name', key: 'origin.header-name-format' }]);
    assert.deepEqual(one({ type: 'request-parameter', operator: 'exists', value: '', name: 'a=b' }), [
      { field: 'conditions.0.name', key: 'waf.parameter-name-format' },
    ]);
    assert.deepEqual(one({ type: 'request-parameter', operator: 'exists', value: '', name: 'user[name]' }), [], 'exists takes no targets');
  });

  it('rules §5 "Request frequency window 1-20 s": rate conditions need a window and one count', () => {
    assert.deepEqual(one({ type: 'ip-rate', operator: 'greater-than', value: '100', window: 10 }), []);
    assert.deepEqual(one({ type: 'ip-rate', operator: 'greater-than', value: '100', window: 21 }), [
      { field: 'conditions.0.window', key: 'origin.request-window-range', values: { min: 1, max: 20 } },
    ]);
    assert.deepEqual(one({ type: 'url-rate', operator: 'greater-than', value: '5|6', window: 1 }), [
      { field: 'conditions.0.value', key: 'waf.too-many-or-rows', values: { max: 1 } },
    ]);
    assert.deepEqual(one({ type: 'url-rate', operator: 'greater-than', value: '0', window: 1 }), [
      { field: 'conditions.0.value', key: 'waf.rate-count-range', values: { min: 1, max: 100000 } },
    ]);
  });

  it('rules §5: an IP condition references an IP list by id, or takes typed IP/CIDR rows', () => {
    assert.deepEqual(one({ type: 'ip', operator: 'in-list', value: '', ip_list_id: 3 }), []);
    assert.deepEqual(one({ type: 'ip', operator: 'in-list', value: '' }), [{ field: 'conditions.0.ip_list_id', key: 'waf.ip-list-required' }]);
    assert.deepEqual(one({ type: 'ip', operator: 'equals', value: '10.0.0.0/8|2001:db8::1' }), []);
  });

  it('rules §5: JA3/JA3N/JA4/JA4H targets have their formats; time ranges are Beijing time, in order; suffixes and options', () => {
    assert.deepEqual(one({ type: 'ja4', operator: 'equals', value: 't13d1516h2_8daaf6152771_b186095e22b6' }), []);
    assert.deepEqual(one({ type: 'ja4h', operator: 'equals', value: 'nope' }), [
      { field: 'conditions.0.value', key: 'waf.fingerprint-format', values: { name: 'JA4H' } },
    ]);
    assert.deepEqual(one({ type: 'time', operator: 'in-range', value: '2025-01-01 00:00~2025-01-02 00:00' }), []);
    assert.deepEqual(one({ type: 'time', operator: 'in-range', value: '2025-01-02 00:00~2025-01-01 00:00' }), [
      { field: 'conditions.0.value', key: 'waf.time-range-order' },
    ]);
    assert.deepEqual(one({ type: 'time', operator: 'in-range', value: '2025-02-30 00:00~2025-03-01 00:00' }), [
      { field: 'conditions.0.value', key: 'waf.time-range-format' },
    ]);
    assert.equal(parseBeijingTime('2024-12-19 00:00'), Date.UTC(2024, 11, 18, 16));
    assert.equal(formatBeijingTime(Date.UTC(2024, 11, 18, 16)), '2024-12-19 00:00');
    assert.deepEqual(one({ type: 'suffix', operator: 'equals', value: '.php' }), [{ field: 'conditions.0.value', key: 'waf.suffix-format' }]);
    assert.deepEqual(one({ type: 'device-type', operator: 'equals', value: 'toaster' }), [{ field: 'conditions.0.value', key: 'waf.option-invalid' }]);
  });

  it('rules §5 Origin and performance "matching content 1-1000 characters, no Chinese" applies to text targets', () => {
    assert.deepEqual(one({ type: 'url', operator: 'equals', value: '/中文' }), [{ field: 'conditions.0.value', key: 'origin.no-chinese' }]);
    assert.deepEqual(one({ type: 'url', operator: 'equals', value: `/${'a'.repeat(1000)}` }), [
      { field: 'conditions.0.value', key: 'common.too-long', values: { max: 1000 } },
    ]);
  });
});

describe('rules §4 Disposal actions', () => {
  it('rules §4: every disposal action, and whether matching continues after it', () => {
    assert.equal(WAF_ACTION_TYPES.length, 14);
    assert.equal(ACTION_FLOW.observe, 'continue');
    assert.equal(ACTION_FLOW.block, 'stop');
    assert.equal(ACTION_FLOW['next-rule-set'], 'next-set');
    assert.deepEqual([...LASTING_ACTIONS], ['ban', 'whitelist']);
  });

  it('rules §4 / §5: a ban needs a duration; a 301 redirect an http(s) URL', () => {
    assert.deepEqual(validateWafAction({ type: 'block' }), []);
    assert.deepEqual(validateWafAction(null), [{ field: 'action', key: 'waf.action-required' }]);
    assert.deepEqual(validateWafAction({ type: 'ban', duration: 600 }), []);
    assert.deepEqual(validateWafAction({ type: 'ban', duration: 0 }), [
      { field: 'action.duration', key: 'waf.ban-duration-range', values: { min: 1, max: 3600 } },
    ]);
    assert.deepEqual(validateWafAction({ type: 'redirect', url: 'ftp://x.example.com' }), [{ field: 'action.url', key: 'url.scheme' }]);
    assert.deepEqual(validateWafAction({ type: 'redirect', url: 'https://www.example.com/blocked' }), []);
  });

  it('rules §4: WAF rule status is enabled, observation or closed; the whole rule form is checked', () => {
    const conditions: MatchConditionInput[] = [{ type: 'url', operator: 'prefix', value: '/a' }];
    assert.deepEqual(waf.validateWafRuleForm({ conditions, action: { type: 'block' }, status: 'enabled' }), []);
    assert.deepEqual(waf.validateWafRuleForm({ conditions, action: { type: 'block' }, status: 'suspended' }), [
      { field: 'status', key: 'waf.rule-status-invalid' },
    ]);
  });
});
