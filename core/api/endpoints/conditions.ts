/**
 * The conditions match engine (shell §2 `conditions-match-engine` / `rule-management/conditions-matchEngine`, shell
 * §4 condition_source gate; rules §3 "Condition rule: name, description, citation count, status"; rules §4 "Rule
 * status: enabled or suspended"; rules §5 Match rules and WAF). The spec shows no calls for it, so they follow DESIGN
 * §3 as `V4/condition.rule.<verb>`. Every call is refused with PERMISSION_DENIED (message "the conditions match
 * engine is not enabled") while the account's `condition_source.condition_source_view` is off. The reference server
 * imports these types.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { ConditionRuleStatus } from '../../rules/condition-rules.js';
import type { ListAnswer, PageQuery } from './platform.js';
import type { PolicyCondition } from './waf.js';

/** A condition rule (rules §3). */
export interface ConditionRule {
  id: number;
  name: string;
  description: string;
  /** Conditions combined by AND, in the WAF wire form. */
  rules: PolicyCondition[];
  status: ConditionRuleStatus;
  /** WAF rules referencing it (rules §3 "citation count"), counted over the whole account. */
  citations: number;
  /** Whether the caller may change or delete it (a sub-account needs manage). */
  editable: boolean;
  created_at: string;
  updated_at: string;
}

/** Query of `V4/condition.rule.list`. */
export interface ConditionRuleListQuery extends PageQuery {
  /** Substring of the name or description, case-insensitive. */
  keyword?: string;
  status?: ConditionRuleStatus;
}

/** Body of `V4/condition.rule.save`: without `id` a new rule. */
export interface ConditionRuleSaveRequest {
  id?: number;
  name: string;
  description: string;
  rules: PolicyCondition[];
  status: ConditionRuleStatus;
}

/** Body of `V4/condition.rule.status`. */
export interface ConditionRuleStatusRequest {
  ids: number[];
  status: ConditionRuleStatus;
}

/** Answer of `V4/condition.rule.status`: rules changed, and the WAF rules citing the suspended ones (a warning). */
export interface ConditionRuleStatusAnswer {
  changed: number;
  cited_by: number;
}

/** One WAF rule citing a condition rule (`V4/condition.rule.citations`). */
export interface ConditionRuleCitation {
  /** The WAF rule's id and the rule ID users quote. */
  rule_id: number;
  code: string;
  rule_set_id: number;
  rule_set_name: string;
}

/** Lists condition rules with their citation counts. */
export function listConditionRules(client: ApiClient, query: ConditionRuleListQuery = {}, options?: CallOptions): Promise<ListAnswer<ConditionRule>> {
  return client.get('V4/condition.rule.list', { ...query } as QueryParams, options);
}

/** One condition rule. */
export function getConditionRule(client: ApiClient, id: number): Promise<ConditionRule> {
  return client.get('V4/condition.rule.get', { id });
}

/** Creates or changes a condition rule; form errors come back inline (notify off). */
export function saveConditionRule(client: ApiClient, body: ConditionRuleSaveRequest, options?: CallOptions): Promise<ConditionRule> {
  return client.post('V4/condition.rule.save', body, { notify: false, ...options });
}

/** Enables or suspends condition rules (a suspended rule matches no request, rules §4). */
export function setConditionRuleStatus(client: ApiClient, body: ConditionRuleStatusRequest, options?: CallOptions): Promise<ConditionRuleStatusAnswer> {
  return client.post('V4/condition.rule.status', body, options);
}

/** Deletes a condition rule; refused while a WAF rule cites it, naming the rules and their sets. */
export function deleteConditionRule(client: ApiClient, id: number, options?: CallOptions): Promise<{ deleted: number }> {
  return client.post('V4/condition.rule.delete', { id }, options);
}

/** The WAF rules citing a condition rule. */
export function listConditionRuleCitations(client: ApiClient, id: number, options?: CallOptions): Promise<ListAnswer<ConditionRuleCitation>> {
  return client.get('V4/condition.rule.citations', { id }, options);
}
