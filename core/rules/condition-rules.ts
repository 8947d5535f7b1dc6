/**
 * Condition rules of the conditions match engine (rules §3 "Condition rule: name, description, citation count,
 * status"; rules §4 "Rule status: enabled or suspended (a suspended rule has no effect)"; rules §5 Match rules and
 * WAF). A condition rule is a named set of matching conditions that WAF rules reference through the `condition-rule`
 * match type, so its conditions follow exactly the WAF rule conditions (AND 5, OR 20, the same types, operators and
 * target checks), and its name and description the rule set limits of the same section.
 */
import { charLength, isBlank } from './common.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';
import { validateMatchConditions, type MatchConditionInput } from './waf.js';

/**
 * Name length. The spec gives no number for condition rules; rules §5 limits rule set names to 32 and saved query
 * names to 4-50, so the stricter of the two readings of "like a rule set name" applies: required, at most 32.
 */
export const CONDITION_RULE_NAME_MAX_LENGTH = 32;
/** Description length: at most 64, as a rule set's (rules §5 Match rules and WAF). */
export const CONDITION_RULE_DESCRIPTION_MAX_LENGTH = 64;
/** Statuses (rules §4 "Rule status: enabled or suspended"). */
export const CONDITION_RULE_STATUSES = ['enabled', 'suspended'] as const;
/** A condition rule status. */
export type ConditionRuleStatus = (typeof CONDITION_RULE_STATUSES)[number];

/** Name: required, at most 32 characters (rules §3, §5). */
export function validateConditionRuleName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  return charLength(value!.trim()) > CONDITION_RULE_NAME_MAX_LENGTH ? issue('common.too-long', { max: CONDITION_RULE_NAME_MAX_LENGTH }) : null;
}

/** Description: optional, at most 64 characters (rules §5). */
export function validateConditionRuleDescription(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return null;
  return charLength(value!.trim()) > CONDITION_RULE_DESCRIPTION_MAX_LENGTH
    ? issue('common.too-long', { max: CONDITION_RULE_DESCRIPTION_MAX_LENGTH })
    : null;
}

/** Status: enabled or suspended (rules §4). */
export function validateConditionRuleStatus(value: string | null | undefined): RuleIssue | null {
  return (CONDITION_RULE_STATUSES as readonly string[]).includes(value ?? '') ? null : issue('conditions.status-invalid');
}

/**
 * The conditions of a condition rule: those of a WAF rule (rules §5: at least one, AND 5, OR 20, every target valid,
 * IP and region exclusive, status code last, no domain match type since a condition rule protects no single wildcard
 * domain), and none referencing another condition rule, so expansion is one level deep and can never loop.
 */
export function validateConditionRuleConditions(conditions: readonly MatchConditionInput[]): FieldIssue[] {
  const nested = conditions.findIndex((condition) => condition.type === 'condition-rule');
  if (nested >= 0) return onField(`conditions.${nested}.type`, issue('conditions.nested-reference'));
  return validateMatchConditions(conditions);
}

/** The condition rule form. */
export interface ConditionRuleInput {
  name: string;
  description?: string;
  conditions: readonly MatchConditionInput[];
  status: string;
}

/** Checks the whole form; issues name `name`, `description`, `status` and `conditions[.<i>…]`. */
export function validateConditionRule(input: ConditionRuleInput): FieldIssue[] {
  return [
    ...onField('name', validateConditionRuleName(input.name)),
    ...onField('description', validateConditionRuleDescription(input.description)),
    ...onField('status', validateConditionRuleStatus(input.status)),
    ...validateConditionRuleConditions(input.conditions),
  ];
}
