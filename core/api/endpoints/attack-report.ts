/**
 * The security reports (issue 25; shell §2 statisticsReport / security-report WAFAttack, CCAttack,
 * AccurateAccessControl and `/:id`, the security module's `report` waf, cc and `waf/{id}`): what the WAF, the CC
 * engine and the custom rule sets (HTTP precise access control) did over a range, counted from the security lines of
 * the log store (`waf`, `cc`, `acl`). The spec names no call; it follows the house style of the traffic reports:
 *
 * - `GET V4/report.security.get`: one report's figures, series per action and rankings; with `rule_id`, the same
 *   narrowed to one rule (the rule's detail page).
 *
 * Grants are per website (rules §6): a sub-account counts only the lines of the websites its `reports` grant covers,
 * and a rule detail of a rule that runs on none of them is refused. Plan gating (rules §6 "the free version cannot
 * see full attack features"): without `attack_full_report` the answer carries the figures and the series only
 * (`full: false`, no rankings), and a rule detail is refused with the plan notice.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { LogAction } from '../../logs/fields.js';
import type { ReportGranularity, ReportTopRow } from './reports.js';

/** The three reports, as the elements' `type` names them and as the log types they read. */
export const SECURITY_REPORT_TYPES = ['waf', 'cc', 'acl'] as const;
export type SecurityReportType = (typeof SECURITY_REPORT_TYPES)[number];

export function isSecurityReportType(value: unknown): value is SecurityReportType {
  return typeof value === 'string' && (SECURITY_REPORT_TYPES as readonly string[]).includes(value);
}

/** The rankings a report may answer (the rule ranking is {@link SecurityReport.rules}). */
export const SECURITY_TABLES = ['attack_types', 'actions', 'countries', 'provinces', 'urls', 'ips', 'domains'] as const;
export type SecurityTableName = (typeof SECURITY_TABLES)[number];

/** Query of `V4/report.security.get`. */
export interface SecurityReportQuery {
  type: SecurityReportType;
  /** ISO instants, both included. */
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** Website ids, comma separated; every website the reports grant covers when absent. */
  domain_ids?: string;
  /** Rows of each ranking (1-100, default 10). */
  top?: number;
  /** One rule's detail: the rule ID the log lines carry (the rule's code). */
  rule_id?: number;
}

/** Security lines per action in one bucket. */
export interface SecurityPoint {
  /** Start of the bucket, ISO (UTC). */
  bucket: string;
  /** Every line of the bucket. */
  events: number;
  /** Lines per action (every action present, zero when none). */
  actions: Record<LogAction, number>;
}

/** Sums over the range. */
export interface SecurityTotals {
  events: number;
  /** Blocked or banned: the request never reached the website. */
  blocked: number;
  /** Challenged (captcha, JS challenge). */
  challenged: number;
  /** Only recorded (observation mode). */
  logged: number;
  /** Distinct client addresses. */
  attackers: number;
  /** The busiest bucket's lines and when it started (null without lines). */
  peak: number;
  peak_at: string | null;
}

/**
 * Who a rule is: a rule of the WAF store (built-in, default or custom set), or one of the platform's CC engine rules,
 * which the store does not hold (`engine`).
 */
export interface SecurityRuleInfo {
  /** The rule ID the lines carry. */
  rule_id: number;
  /** The rule's remark (built-in rules: their description); '' when it has none or is not in the store any more. */
  name: string;
  /** Its rule set's id and name; 0 and '' for an engine rule or a rule no longer stored. */
  rule_set_id: number;
  rule_set: string;
  /** The CC engine's rules: per URL or per address (named by the console). */
  engine?: 'cc-url' | 'cc-ip';
}

/** One row of the rule ranking. */
export type SecurityRuleRow = SecurityRuleInfo & Omit<ReportTopRow, 'key' | 'domain_id'>;

/** Answer of `V4/report.security.get`. */
export interface SecurityReport {
  type: SecurityReportType;
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** False on a package without the full attack reports: figures and series only. */
  full: boolean;
  /** Where a package without them is sent (shell §6: the upgrade page online, a work order otherwise). */
  notice: 'upgrade' | 'work-order' | null;
  /** The rule of a detail; null for the whole report. */
  rule: SecurityRuleInfo | null;
  totals: SecurityTotals;
  /** Every bucket of the range, empty ones included. */
  series: SecurityPoint[];
  /** The rules that acted most (empty in a rule's detail and without the full reports). */
  rules: SecurityRuleRow[];
  tables: Partial<Record<SecurityTableName, ReportTopRow[]>>;
}

/** One security report, or one rule's detail. */
export function getSecurityReport(client: ApiClient, query: SecurityReportQuery, options?: CallOptions): Promise<SecurityReport> {
  return client.get('V4/report.security.get', { ...query } as QueryParams, options);
}
