/**
 * The firewall block lists (issue 25; shell §7 "`V4/firewall.report.block.list` and details, and package variants,
 * chosen by type 'firewall'"): which firewall policies (the WAF rules, shell §7 `firewall.policy.*`) blocked requests
 * over a range, and one policy's blocked requests, counted from the security lines of the log store. The spec shows
 * neither the query nor the answer; they follow the house style of the security reports (attack-report.ts):
 *
 * - `type=firewall`: the account's own policies (its custom rule sets and its default set);
 *   `type=package`: the rules of the built-in rule packages (`firewall.policy.get_packageid`). One call per view,
 *   the variant chosen by `type`, as the spec says.
 * - `GET V4/firewall.report.block.list`: the blocked requests' figures and series, and per policy its rule ID, rule
 *   set, action, blocks, last blocked and top targets, paged.
 * - `GET V4/firewall.report.block.details`: one policy's blocked requests, newest first, paged, at most
 *   {@link BLOCK_DETAILS_MAX} (rules §9 "Detail lists 3000 or 10000 records": the stricter 3000).
 *
 * A request counts as blocked when the policy blocked or banned it (the lines' `block` and `ban` actions); observed,
 * challenged and released requests are the security reports' business.
 *
 * Grants are per website (rules §6): a sub-account counts only the lines of the websites its `reports` grant covers,
 * and a policy that runs on none of them is NOT_FOUND (it must not learn that another website's policy exists).
 * Plan gating (rules §6 "the free version cannot see full attack features"): without `attack_full_report` the list
 * answers the figures and the series only (`full: false`, no policy rows) and a policy's details are refused with the
 * plan notice.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { LogAction, LogType } from '../../logs/fields.js';
import { DETAIL_LIST_MAX } from '../../rules/bans.js';
import type { WafActionType } from '../../rules/waf-actions.js';
import type { WafRuleStatus } from '../../rules/waf.js';
import type { ListAnswer } from './platform.js';
import type { ReportGranularity } from './reports.js';

/** The variants: the account's own policies, or the built-in rule packages' rules. */
export const FIREWALL_REPORT_TYPES = ['firewall', 'package'] as const;
export type FirewallReportType = (typeof FIREWALL_REPORT_TYPES)[number];

export function isFirewallReportType(value: unknown): value is FirewallReportType {
  return typeof value === 'string' && (FIREWALL_REPORT_TYPES as readonly string[]).includes(value);
}

/** The actions that count as blocked. */
export const BLOCKED_ACTIONS: readonly LogAction[] = ['block', 'ban'];

/** Blocked requests a policy's details reach at most (rules §9 "Detail lists 3000 or 10000": the stricter reading). */
export const BLOCK_DETAILS_MAX = DETAIL_LIST_MAX[0]!;
/** Top targets (URLs) shown per policy in the list. */
export const BLOCK_TOP_TARGETS = 3;
/** Page sizes of both lists (shell §9 "Table page sizes 10, 20, 50, 100; default 10"). */
export const BLOCK_PAGE_SIZES = [10, 20, 50, 100] as const;

/** What both calls read. */
export interface FirewallBlockWindow {
  type: FirewallReportType;
  /** ISO instants, both included. */
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** Website ids, comma separated; every website the reports grant covers when absent. */
  domain_ids?: string;
  page?: number;
  per_page?: number;
}

/** Query of `V4/firewall.report.block.details`: one policy, by its id (`firewall.policy.get_id`). */
export interface FirewallBlockDetailsQuery extends FirewallBlockWindow {
  id: number;
}

/**
 * The log a rule set's policies write their lines to: a custom set's the access control (`acl`) log, the default set's
 * and the built-in packages' the WAF log. A drill-down opens log retrieval on it.
 */
export type FirewallLogType = Extract<LogType, 'waf' | 'acl'>;

/** One rule set of a variant and the log its policies write. */
export interface FirewallReportSet {
  id: number;
  log_type: FirewallLogType;
}

/** Who a policy is. A policy deleted since its lines were written keeps its rule ID and set, with id 0. */
export interface FirewallBlockPolicy {
  /** The policy's id; 0 when it is no longer stored. */
  id: number;
  /** The rule ID the lines carry (the policy's `code`). */
  rule_id: number;
  rule_set_id: number;
  /** The log its lines are in. */
  log_type: FirewallLogType;
  /** Its rule set's name ('' when the set is gone). */
  rule_set: string;
  /** The policy's remark (built-in rules: their description). */
  name: string;
  /** Its configured action and status now (null when no longer stored). */
  action: WafActionType | null;
  status: WafRuleStatus | null;
}

/** One URL a policy blocked requests to, and how many. */
export interface FirewallBlockTarget {
  url: string;
  blocks: number;
}

/** One row of the block list. */
export interface FirewallBlockRow extends FirewallBlockPolicy {
  blocks: number;
  /** Distinct client addresses blocked. */
  clients: number;
  /** The newest blocked request, ISO. */
  last_blocked: string;
  top_targets: FirewallBlockTarget[];
}

/** Blocked requests in one bucket, in all and per log (so a point of either line opens its own log). */
export interface FirewallBlockPoint {
  bucket: string;
  blocks: number;
  by_log: Record<FirewallLogType, number>;
}

/** Answer of `V4/firewall.report.block.list`. */
export interface FirewallBlockList extends ListAnswer<FirewallBlockRow> {
  type: FirewallReportType;
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** False on a package without the full attack reports: figures and series only, no rows. */
  full: boolean;
  notice: 'upgrade' | 'work-order' | null;
  totals: { blocks: number; policies: number; clients: number };
  series: FirewallBlockPoint[];
  /** The variant's rule sets: which logs its lines are in (the series' lines, the drill-downs' filters). */
  sets: FirewallReportSet[];
}

/** One blocked request. */
export interface FirewallBlockedRequest {
  time: string;
  request_id: string;
  client_ip: string;
  /** Country code and, for Chinese clients, province code (`CN-GD`, '' elsewhere). */
  country: string;
  province: string;
  domain: string;
  url: string;
  action: LogAction;
}

/** Answer of `V4/firewall.report.block.details`: `total` is capped at {@link BLOCK_DETAILS_MAX}, `matched` is not. */
export interface FirewallBlockDetails extends ListAnswer<FirewallBlockedRequest> {
  type: FirewallReportType;
  from: string;
  to: string;
  policy: FirewallBlockPolicy;
  matched: number;
}

/** The block list of one variant. */
export function getFirewallBlockList(client: ApiClient, query: FirewallBlockWindow, options?: CallOptions): Promise<FirewallBlockList> {
  return client.get('V4/firewall.report.block.list', { ...query } as QueryParams, options);
}

/** One policy's blocked requests. */
export function getFirewallBlockDetails(client: ApiClient, query: FirewallBlockDetailsQuery, options?: CallOptions): Promise<FirewallBlockDetails> {
  return client.get('V4/firewall.report.block.details', { ...query } as QueryParams, options);
}
