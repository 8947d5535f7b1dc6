/**
 * WAF rule sets and rules (rules §3 "WAF rule", "Rule set"; rules §4, §5 Match rules and WAF). Rules are the firewall
 * policies of shell §7 and use its calls exactly: `V4/firewall.policy.stop|open|close|delete` with `{ids}`,
 * `V4/firewall.policy.save`, `V4/firewall.policy.sort` with `{new_sorts}`, the `get_*` fetches, `V4/firewall.pagecfg`
 * and the operation log `V4/firewall.oplog` with its export. Rule sets have no call in the spec; theirs follow
 * DESIGN §3 as `V4/waf.ruleset.<verb>`. The reference server imports these types.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { SampleRequest } from '../../match/request.js';
import type { RuleSetEvaluation } from '../../match/rule-set.js';
import type { MatchType, MatchConditionInput, RuleSetAttribution, WafRuleStatus } from '../../rules/waf.js';
import type { WafActionInput } from '../../rules/waf-actions.js';
import type { ListAnswer, OperationLogEntry, PageQuery } from './platform.js';

// ── Rule sets ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** A domain a rule set is bound to ("quoted" by). */
export interface BoundDomain {
  domain_id: number;
  domain: string;
}

/** A rule set as lists show it (rules §3 "Rule set"). */
export interface RuleSetInfo {
  id: number;
  name: string;
  description: string;
  attribution: RuleSetAttribution;
  /** Enabled rules (rules §3 "rule count (enabled/total)"). */
  rules_enabled: number;
  rules_total: number;
  /** Bound domains the caller may see. */
  bound_domains: BoundDomain[];
  /** Every binding, including domains a sub-account's group does not grant. */
  bound_total: number;
  /** Whether the caller may change the set and its rules: not built-in, and a child manages every bound domain. */
  editable: boolean;
  created_at: string;
  /** Latest change of the set or any of its rules. */
  updated_at: string;
}

/** Query of `V4/waf.ruleset.list`. */
export interface RuleSetListQuery extends PageQuery {
  attribution?: RuleSetAttribution;
  /** Substring of the name, case-insensitive. */
  name?: string;
  /** Only sets bound to this domain. */
  domain_id?: number;
}

/** Body of `V4/waf.ruleset.create` and (with `id`) `V4/waf.ruleset.update`. */
export interface RuleSetSaveRequest {
  id?: number;
  name: string;
  description: string;
}

/** Body of `V4/waf.ruleset.copy_rules`: copies rules (any set's, built-in included) to the end of another set. */
export interface CopyRulesRequest {
  ids: number[];
  target_id: number;
}

/** Answer of `V4/waf.ruleset.copy_rules`. */
export interface CopyRulesAnswer {
  copied: number;
  target: RuleSetInfo;
}

/**
 * Query of `V4/firewall.member.transfer` (shell §7 lists it, a GET, with the firewall policy fetches and shows neither
 * its query nor its answer). Reading chosen: the account member's transfer targets for firewall policies, i.e. the
 * rule sets the caller may copy rules into from `source_id`, each with the room it has left. Why this reading: it is a
 * safe read (a GET changes nothing, so it cannot be a transfer itself); it sits with the policy fetches like the other
 * `get_*` reads that prepare a policy action; it is what the WAF page needs before copying rules (rules §2 "copy
 * rules"), which had to guess the targets from the first page of rule sets and learnt that a set was full only when
 * the copy failed; and it answers per object exactly as `copy_rules` would refuse (a set the caller may not change is
 * not a target). A reading as "move the member's data to another account" is excluded: that would be a write behind a
 * GET and cross accounts, which every other firewall call forbids.
 */
export interface TransferTargetsQuery {
  /** The set the rules come from (left out of the targets). */
  source_id?: number;
  /** How many rules are to be copied: targets without room for them are marked. */
  count?: number;
}

/** One rule set rules can be copied into. */
export interface TransferTarget {
  id: number;
  name: string;
  attribution: Exclude<RuleSetAttribution, 'built-in'>;
  rules_total: number;
  /** Rules it can still take (rules per set at most 1000, shell §9). */
  room: number;
  /** Whether `count` rules fit. */
  fits: boolean;
}

/** Body of `V4/waf.ruleset.quote`: the domains that reference (quote) the set; replaces the caller's visible ones. */
export interface QuoteRequest {
  id: number;
  domain_ids: number[];
}

// ── Firewall policies (rules) ─────────────────────────────────────────────────────────────────────────────────────

/** One condition on the wire (shell §3 "rules with rule_type and data"): the data values are strings. */
export interface PolicyCondition {
  rule_type: MatchType;
  data: {
    operator: string;
    /** OR rows joined with `|`; empty for `exists` and list operators. */
    value: string;
    /** Header or parameter name. */
    name?: string;
    /** Rate window in seconds. */
    window?: string;
    ip_list_id?: number;
    /**
     * Answers only: a `condition-rule` condition's referenced rule as the server expanded it for a matcher that runs
     * in the browser (the domain console's trace): its conditions, or `null` while it is suspended. Never saved.
     */
    expanded?: PolicyCondition[] | null;
  };
}

/** Built-in rule attributes (rules §3). */
export interface BuiltInAttributes {
  attack_type: string;
  risk_level: 'low' | 'medium' | 'high' | 'critical';
  application_type: string;
  /** CVE or CNVD number; empty when the rule is generic. */
  vulnerability_number: string;
  updated_at: string;
}

/** A WAF rule (rules §3 "WAF rule: rule ID, matching conditions, disposal method, priority, status, remark, creation time"). */
export interface FirewallPolicy {
  id: number;
  /** The rule set it belongs to. */
  main_id: number;
  /** The rule ID users quote (ban records name it). */
  code: string;
  /** Priority: 1 runs first. */
  sort: number;
  status: WafRuleStatus;
  rules: PolicyCondition[];
  action: WafActionInput;
  remark: string;
  /** Set on the rules of built-in sets. */
  built_in: BuiltInAttributes | null;
  created_at: string;
  updated_at: string;
}

/** Body of `V4/firewall.policy.save`: without `id` a new rule at the end of set `main_id`. */
export interface PolicySaveRequest {
  id?: number;
  main_id: number;
  rules: PolicyCondition[];
  action: WafActionInput;
  status: WafRuleStatus;
  remark: string;
}

/** Body of `V4/firewall.policy.stop|open|close|delete` (shell §7). */
export interface PolicyIdsRequest {
  ids: number[];
}

/** Answer of the status and delete calls: how many rules changed. */
export interface PolicyIdsAnswer {
  changed: number;
}

/** One entry of `new_sorts`: a rule and its new priority. */
export interface PolicySort {
  id: number;
  sort: number;
}

/**
 * Body of `V4/firewall.policy.sort` (shell §7 `{new_sorts}`): every rule of one set exactly once, priorities 1..n, so
 * two people reordering at once cannot leave a set with gaps or ties.
 */
export interface PolicySortRequest {
  new_sorts: PolicySort[];
}

/** Query of `V4/firewall.policy.get_mainid` (shell §9: per_page 1000). */
export interface PoliciesByMainQuery extends PageQuery {
  mainid: number;
}

/** The per-page size of `get_mainid` (shell §9 "Firewall policy fetch by mainid per_page 1000"). */
export const POLICIES_PAGE_SIZE = 1000;

/** A rule of a set bound to a domain, with its set's name (`get_domainid`). */
export interface DomainPolicy extends FirewallPolicy {
  main_name: string;
}

/** One row of `V4/firewall.policy.stats_domainid`. */
export interface DomainPolicyStats {
  domain_id: number;
  domain: string;
  rule_sets: number;
  rules_enabled: number;
  rules_total: number;
}

/** Answer of `V4/firewall.pagecfg?type=waf`: limits and the choices the rule editor offers. */
export interface WafPageConfig {
  /** Custom rule sets allowed by the account's package (rules §5 "The number of rule sets has a maximum"). */
  max_rule_sets: number;
  /** Custom rule sets the account has. */
  custom_rule_sets: number;
  /** IP lists a condition can reference (empty until the account has any). */
  ip_lists: { id: number; name: string }[];
  /** First day of fingerprint data (rules §5). */
  fingerprint_data_start: string;
  /**
   * Condition rules a condition may reference (the `condition-rule` match type), or `null` while the account's
   * conditions match engine is off (shell §4 condition_source): the rule dialog offers the type only when not null.
   */
  condition_rules: { id: number; name: string; status: 'enabled' | 'suspended' }[] | null;
}

/** Body of `V4/waf.ruleset.evaluate`: a saved set by id, or draft rules, against a sample request. */
export interface EvaluateRequest {
  id?: number;
  rules?: Array<Pick<PolicySaveRequest, 'rules' | 'action' | 'status'> & { id?: number }>;
  request: SampleRequest;
}

/** Answer of the evaluation: the matcher's result, computed by the server with a time limit. */
export type EvaluateAnswer = RuleSetEvaluation;

/** Query of `V4/firewall.oplog`: the WAF entries of the operation log; times are ISO 8601. */
export interface FirewallOplogQuery extends PageQuery {
  start_time?: string;
  end_time?: string;
  action?: string;
}

/** Answer of `V4/firewall.oplog.export`: a CSV file to save. */
export interface OplogExportAnswer {
  file_name: string;
  content_type: string;
  content: string;
}

// ── Conversions ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Conditions as the matcher and the rules read them, from the wire form. */
export function fromPolicyConditions(rules: readonly PolicyCondition[]): MatchConditionInput[] {
  return rules.map(({ rule_type, data }) => {
    const condition: MatchConditionInput = { type: rule_type, operator: data.operator, value: data.value ?? '' };
    if (data.name !== undefined) condition.name = data.name;
    if (data.window !== undefined) condition.window = data.window;
    if (data.ip_list_id !== undefined) condition.ip_list_id = data.ip_list_id;
    if (data.expanded !== undefined) condition.expanded = data.expanded === null ? null : fromPolicyConditions(data.expanded);
    return condition;
  });
}

/** Conditions in the wire form: values joined and every datum a string (shell §3). */
export function toPolicyConditions(conditions: readonly MatchConditionInput[]): PolicyCondition[] {
  return conditions.map((condition) => {
    const value = typeof condition.value === 'string' ? condition.value : condition.value.join('|');
    const data: PolicyCondition['data'] = { operator: condition.operator, value };
    if (condition.name !== undefined && condition.name !== null) data.name = condition.name;
    if (condition.window !== undefined && condition.window !== null) data.window = String(condition.window);
    if (typeof condition.ip_list_id === 'number') data.ip_list_id = condition.ip_list_id;
    return { rule_type: condition.type, data };
  });
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Rule sets of the account (built-in, default and custom). */
export function listRuleSets(client: ApiClient, query: RuleSetListQuery = {}): Promise<ListAnswer<RuleSetInfo>> {
  return client.get('V4/waf.ruleset.list', { ...query } as QueryParams);
}

/** One rule set. */
export function getRuleSet(client: ApiClient, id: number): Promise<RuleSetInfo> {
  return client.get('V4/waf.ruleset.get', { id });
}

/** Creates a custom rule set; form errors come back inline (notify off). */
export function createRuleSet(client: ApiClient, body: RuleSetSaveRequest, options?: CallOptions): Promise<RuleSetInfo> {
  return client.post('V4/waf.ruleset.create', body, { notify: false, ...options });
}

/** Renames or redescribes a rule set. */
export function updateRuleSet(client: ApiClient, body: RuleSetSaveRequest & { id: number }, options?: CallOptions): Promise<RuleSetInfo> {
  return client.post('V4/waf.ruleset.update', body, { notify: false, ...options });
}

/** Deletes a rule set (never a bound or default one, rules §5). */
export function deleteRuleSet(client: ApiClient, id: number, options?: CallOptions): Promise<{ deleted: number }> {
  return client.post('V4/waf.ruleset.delete', { id }, options);
}

/** Copies rules to the end of another set. */
export function copyRules(client: ApiClient, body: CopyRulesRequest, options?: CallOptions): Promise<CopyRulesAnswer> {
  return client.post('V4/waf.ruleset.copy_rules', body, options);
}

/** The rule sets the caller may copy rules into (shell §7 `V4/firewall.member.transfer`; see {@link TransferTargetsQuery}). */
export function getTransferTargets(client: ApiClient, query: TransferTargetsQuery, options?: CallOptions): Promise<ListAnswer<TransferTarget>> {
  return client.get('V4/firewall.member.transfer', { ...query } as QueryParams, options);
}

/** Sets the domains that quote a set. */
export function quoteRuleSet(client: ApiClient, body: QuoteRequest, options?: CallOptions): Promise<RuleSetInfo> {
  return client.post('V4/waf.ruleset.quote', body, options);
}

/** Runs a sample request against a saved set or draft rules on the server. */
export function evaluateRuleSetOnServer(client: ApiClient, body: EvaluateRequest, options?: CallOptions): Promise<EvaluateAnswer> {
  return client.post('V4/waf.ruleset.evaluate', body, options);
}

/** The rules of a set, in priority order (shell §7 get_mainid, §9 per_page 1000). */
export function getPoliciesByMain(client: ApiClient, mainid: number, page = 1): Promise<ListAnswer<FirewallPolicy>> {
  return client.get('V4/firewall.policy.get_mainid', { mainid, page, per_page: POLICIES_PAGE_SIZE });
}

/** One rule by id (shell §7 get_id). */
export function getPolicy(client: ApiClient, id: number): Promise<FirewallPolicy> {
  return client.get('V4/firewall.policy.get_id', { id });
}

/** A rule by its rule ID, as ban records quote it (shell §7 get_code). */
export function getPolicyByCode(client: ApiClient, code: string): Promise<FirewallPolicy> {
  return client.get('V4/firewall.policy.get_code', { code });
}

/** The rules applying to a domain: those of the sets it quotes (shell §7 get_domainid). */
export function getPoliciesByDomain(client: ApiClient, domainId: number, page = 1, options?: CallOptions): Promise<ListAnswer<DomainPolicy>> {
  return client.get('V4/firewall.policy.get_domainid', { domain_id: domainId, per_page: POLICIES_PAGE_SIZE, page }, options);
}

/** The rules of a built-in set, the provider's rule package (shell §7 get_packageid). */
export function getPoliciesByPackage(client: ApiClient, packageId: number, query: PageQuery = {}): Promise<ListAnswer<FirewallPolicy>> {
  return client.get('V4/firewall.policy.get_packageid', { package_id: packageId, ...query } as QueryParams);
}

/** Rule counts per domain (shell §7 stats_domainid); all visible domains when `domainId` is absent. */
export function getDomainPolicyStats(client: ApiClient, domainId?: number): Promise<ListAnswer<DomainPolicyStats>> {
  return client.get('V4/firewall.policy.stats_domainid', { domain_id: domainId });
}

/** Saves a rule (create or update); form errors come back inline (notify off). */
export function savePolicy(client: ApiClient, body: PolicySaveRequest, options?: CallOptions): Promise<FirewallPolicy> {
  return client.post('V4/firewall.policy.save', body, { notify: false, ...options });
}

/** Enables rules (status enabled). */
export function openPolicies(client: ApiClient, ids: number[], options?: CallOptions): Promise<PolicyIdsAnswer> {
  return client.post('V4/firewall.policy.open', { ids } satisfies PolicyIdsRequest, options);
}

/** Stops rules: they go on matching and logging but no longer act (status observation). */
export function stopPolicies(client: ApiClient, ids: number[], options?: CallOptions): Promise<PolicyIdsAnswer> {
  return client.post('V4/firewall.policy.stop', { ids } satisfies PolicyIdsRequest, options);
}

/** Closes rules (status closed: no effect at all). */
export function closePolicies(client: ApiClient, ids: number[], options?: CallOptions): Promise<PolicyIdsAnswer> {
  return client.post('V4/firewall.policy.close', { ids } satisfies PolicyIdsRequest, options);
}

/** Deletes rules. Bans and whitelist entries they made stay (rules §4). */
export function deletePolicies(client: ApiClient, ids: number[], options?: CallOptions): Promise<PolicyIdsAnswer> {
  return client.post('V4/firewall.policy.delete', { ids } satisfies PolicyIdsRequest, options);
}

/** Saves a new order (shell §7 `{new_sorts}`). */
export function sortPolicies(client: ApiClient, newSorts: PolicySort[], options?: CallOptions): Promise<ListAnswer<FirewallPolicy>> {
  return client.post('V4/firewall.policy.sort', { new_sorts: newSorts } satisfies PolicySortRequest, options);
}

/** The WAF page configuration (shell §7 `V4/firewall.pagecfg?type`). */
export function getWafPageConfig(client: ApiClient): Promise<WafPageConfig> {
  return client.get('V4/firewall.pagecfg', { type: 'waf' });
}

/** The WAF operation log (shell §7). */
export function listFirewallOplog(client: ApiClient, query: FirewallOplogQuery = {}): Promise<ListAnswer<OperationLogEntry>> {
  return client.get('V4/firewall.oplog', { ...query } as QueryParams);
}

/** Exports the WAF operation log as CSV (shell §7). */
export function exportFirewallOplog(client: ApiClient, query: Omit<FirewallOplogQuery, keyof PageQuery> = {}): Promise<OplogExportAnswer> {
  return client.post('V4/firewall.oplog.export', query);
}
