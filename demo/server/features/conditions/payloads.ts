/**
 * Reads and checks the condition rule bodies with `core/rules`, so the server refuses exactly what the editor refuses
 * and names it with the same message keys.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { ConditionRuleSaveRequest } from '../../../../core/api/endpoints/conditions.js';
import { fromPolicyConditions } from '../../../../core/api/endpoints/waf.js';
import { validateConditionRule, type ConditionRuleStatus } from '../../../../core/rules/condition-rules.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { readPolicyConditions } from '../waf/index.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The condition rule form (`V4/condition.rule.save`). */
export function readConditionRule(body: unknown): { value: ConditionRuleSaveRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const { rules, issues } = readPolicyConditions(source.rules);
  const value: ConditionRuleSaveRequest = {
    name: text(source.name).trim(),
    description: text(source.description).trim(),
    rules,
    status: text(source.status) as ConditionRuleStatus,
  };
  const found = [...issues, ...validateConditionRule({ ...value, conditions: fromPolicyConditions(rules) })];
  if (source.id !== undefined && source.id !== null) {
    const id = positiveId(source.id);
    if (id === null) found.push(...onField('id', issue('common.positive-integer')));
    else value.id = id;
  }
  return { value, issues: found };
}
