/**
 * Condition rules of the conditions match engine (rules §3 "Condition rule: name, description, citation count,
 * status"; rules §4 "enabled or suspended (a suspended rule has no effect)"; rules §5 Match rules and WAF) and the
 * `condition-rule` match type WAF rules reference them with, through the matcher of core/match.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateCondition, evaluateRuleSet, viewRequest } from '../../../core/match/index.js';
import {
  validateConditionRule,
  validateConditionRuleConditions,
  validateConditionRuleDescription,
  validateConditionRuleName,
  validateConditionRuleStatus,
} from '../../../core/rules/condition-rules.js';
import { ENGINE_MATCH_TYPES, isNegatedOperator, matchTypeSpec } from '../../../core/rules/match-catalogue.js';
import { validateMatchConditions, type MatchConditionInput } from '../../../core/rules/waf.js';
import { offeredTypes } from '../../../core/ui/parts/condition-builder/model.js';

const ADMIN: MatchConditionInput = { type: 'url', operator: 'prefix', value: '/admin' };
const POST: MatchConditionInput = { type: 'method', operator: 'equals', value: 'POST' };
const ref = (expanded?: readonly MatchConditionInput[] | null, operator = 'matches'): MatchConditionInput => ({
  type: 'condition-rule',
  operator,
  value: '7',
  ...(expanded === undefined ? {} : { expanded }),
});
const request = (url: string, method = 'GET') => viewRequest({ method, url, client_ip: '203.0.113.5' });

describe('rules §3, §5 condition rule form', () => {
  it('rules §5: the name is required and at most 32 characters, like a rule set name', () => {
    assert.deepEqual(validateConditionRuleName('  '), { key: 'common.required' });
    assert.equal(validateConditionRuleName('n'.repeat(32)), null);
    assert.deepEqual(validateConditionRuleName('n'.repeat(33)), { key: 'common.too-long', values: { max: 32 } });
    assert.equal(validateConditionRuleName('管'.repeat(32)), null, 'characters, not bytes');
  });

  it('rules §5: the description is optional and at most 64 characters', () => {
    assert.equal(validateConditionRuleDescription(''), null);
    assert.deepEqual(validateConditionRuleDescription('d'.repeat(65)), { key: 'common.too-long', values: { max: 64 } });
  });

  it('rules §4: the status is enabled or suspended', () => {
    assert.equal(validateConditionRuleStatus('enabled'), null);
    assert.equal(validateConditionRuleStatus('suspended'), null);
    assert.deepEqual(validateConditionRuleStatus('closed'), { key: 'conditions.status-invalid' });
  });

  it('rules §5: the conditions are a WAF rule\'s (at least one, AND 5, OR 20), and never reference another condition rule', () => {
    assert.deepEqual(validateConditionRuleConditions([]), [{ field: 'conditions', key: 'common.rule-required' }]);
    assert.deepEqual(validateConditionRuleConditions(Array(6).fill(ADMIN)), [{ field: 'conditions', key: 'waf.too-many-conditions', values: { max: 5 } }]);
    const rows = Array.from({ length: 21 }, (_, index) => `/p${index}`);
    assert.deepEqual(validateConditionRuleConditions([{ type: 'url', operator: 'prefix', value: rows }]), [
      { field: 'conditions.0.value', key: 'waf.too-many-or-rows', values: { max: 20 } },
    ]);
    assert.deepEqual(validateConditionRuleConditions([ADMIN, ref()]), [{ field: 'conditions.1.type', key: 'conditions.nested-reference' }]);
    assert.deepEqual(validateConditionRule({ name: 'Admin', description: '', status: 'enabled', conditions: [ADMIN, POST] }), []);
  });
});

describe('rules §5 the condition-rule match type', () => {
  it('offers matches / does not match, one referenced rule per condition, an id as the target', () => {
    const spec = matchTypeSpec('condition-rule');
    assert.deepEqual(spec.operators, ['matches', 'not-matches']);
    assert.equal(spec.maxRows, 1);
    assert.equal(isNegatedOperator('not-matches'), true);
    assert.deepEqual(validateMatchConditions([ref()]), []);
    assert.deepEqual(validateMatchConditions([{ ...ref(), value: 'abc' }]), [{ field: 'conditions.0.value', key: 'conditions.rule-reference-required' }]);
    assert.deepEqual(validateMatchConditions([{ ...ref(), value: '7|8' }]), [{ field: 'conditions.0.value', key: 'waf.too-many-or-rows', values: { max: 1 } }]);
    assert.deepEqual(validateMatchConditions([{ ...ref(), operator: 'equals' }]), [{ field: 'conditions.0.operator', key: 'waf.operator-invalid' }]);
  });

  it('shell §4: the builder offers it only where the engine is on (condition rules given)', () => {
    assert.deepEqual(ENGINE_MATCH_TYPES, ['condition-rule']);
    assert.equal(offeredTypes().includes('condition-rule'), false);
    assert.equal(offeredTypes({ conditionRules: [] }).includes('condition-rule'), true);
    assert.equal(offeredTypes({ types: ['url'], conditionRules: [] }).includes('condition-rule'), false, 'the cache editor names its types');
  });

  it('the matcher evaluates the expanded conditions (AND), unknown when not expanded, and a suspended rule (null) never matches', () => {
    const expanded = [ADMIN, POST];
    assert.equal(evaluateCondition(ref(expanded), request('/admin/x', 'POST')).outcome, 'match');
    assert.equal(evaluateCondition(ref(expanded), request('/admin/x', 'GET')).outcome, 'no-match');
    assert.equal(evaluateCondition(ref(expanded, 'not-matches'), request('/admin/x', 'GET')).outcome, 'match');
    const unknown = evaluateCondition(ref(), request('/admin/x'));
    assert.equal(unknown.outcome, 'unknown');
    assert.deepEqual(unknown.reasons, [{ kind: 'condition-rule', ruleId: 7 }]);
    // Rules §4 "a suspended rule has no effect": it matches no request.
    assert.equal(evaluateCondition(ref(null), request('/admin/x', 'POST')).outcome, 'no-match');
    assert.equal(evaluateCondition(ref(null, 'not-matches'), request('/admin/x', 'POST')).outcome, 'match');
    const set = evaluateRuleSet([{ conditions: [ref(expanded)], action: { type: 'block' }, status: 'enabled' }], { method: 'POST', url: '/admin', client_ip: '203.0.113.5' });
    assert.equal(set.firstFiring, 0);
    assert.deepEqual(set.unreachable, []);
  });
});
