/**
 * The dashboard and the five traffic reports (issue 25; shell §2 `dashboard`, statisticsReport / business-report tabs
 * wideFlowRange, accessAnalysis, distributionRequest, statusCodeAnalysis, hotspotAnalysis; rules §9 date ranges,
 * UTC+8). The spec names no calls for them; they follow the house style `V4/<area>.<object>.<verb>`:
 *
 * - `GET V4/report.dashboard.summary`: today's figures (a Beijing day, rules §9 "Log time UTC+8"), the top domains,
 *   the status-code mix and the alerts;
 * - `GET V4/report.traffic.get`: one report tab's series and tables for a range, granularity and domains.
 *
 * Every figure is counted from the log store over the websites the caller's `reports` grant covers (rules §6): a
 * sub-account granted one website sees that website's traffic only. Times travel as ISO strings (UTC); buckets start
 * at whole minutes, hours or Beijing midnights.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { ReportGranularity } from '../../rules/reports.js';

export type { ReportGranularity };

/** The report tabs, as the host's `type` attribute names them. */
export const TRAFFIC_REPORT_TYPES = ['wide-flow-range', 'access-analysis', 'distribution-request', 'status-code-analysis', 'hotspot-analysis'] as const;
export type TrafficReportType = (typeof TRAFFIC_REPORT_TYPES)[number];

export function isTrafficReportType(value: unknown): value is TrafficReportType {
  return typeof value === 'string' && (TRAFFIC_REPORT_TYPES as readonly string[]).includes(value);
}

/** One row of a top-N table or a distribution: a value of one field and its sums. */
export interface ReportTopRow {
  /** The value (a domain name, a URL, an IP, a country code...). */
  key: string;
  /** The domain id, for rows keyed by domain (drill-down filters by it). */
  domain_id?: number;
  requests: number;
  bytes: number;
  /** Distinct client IPs (estimated on large sets, see the log store). */
  visitors: number;
}

/** One time bucket of a report series. */
export interface ReportPoint {
  /** Start of the bucket, ISO (UTC). */
  bucket: string;
  requests: number;
  bytes: number;
  /** Average bandwidth over the bucket, bits per second. */
  bps: number;
  /** Requests served from the edge cache. */
  hits: number;
  /** Distinct client IPs in the bucket (UV). */
  visitors: number;
}

/** Status code classes of the status code report and the dashboard mix. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** A status code class's requests in one bucket. */
export interface StatusPoint {
  bucket: string;
  counts: Record<StatusClass, number>;
}

/** Query of `V4/report.traffic.get`. */
export interface TrafficReportQuery {
  type: TrafficReportType;
  /** ISO instants, both included. */
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** Website ids, comma separated; every website the reports grant covers when absent. */
  domain_ids?: string;
  /** Rows of each top-N table (1-100, default 10). */
  top?: number;
  /** `previous`: also answer the previous period's series ({@link TrafficReport.previous_series}). */
  compare?: 'previous';
}

/** Sums over the whole range of a report. */
export interface ReportTotals {
  requests: number;
  bytes: number;
  /** The busiest bucket's average bandwidth, bits per second, and when it started (null without traffic). */
  peak_bps: number;
  peak_at: string | null;
  /** Share of requests served from the cache, 0-1; null without traffic. */
  hit_ratio: number | null;
  /** Distinct client IPs over the range (UV). */
  visitors: number;
}

/** Answer of `V4/report.traffic.get`; the tables a type does not show are empty. */
export interface TrafficReport {
  type: TrafficReportType;
  from: string;
  to: string;
  granularity: ReportGranularity;
  totals: ReportTotals;
  /** Every bucket of the range, empty ones included (a chart shows a gap as zero). */
  series: ReportPoint[];
  /** Status code classes per bucket (status-code-analysis). */
  status_series: StatusPoint[];
  /**
   * With `compare=previous`: the series of the period just before, point for point with `series` (the same number of
   * buckets at the same offsets, shifted back by whole buckets, see the server's `previousSearch`); null otherwise.
   */
  previous_series?: ReportPoint[] | null;
  /** Named tables of the tab, e.g. `urls`, `referers`, `user_agents`, `countries`, `provinces`, `domains`, `codes`, `ips`. */
  tables: Partial<Record<ReportTableName, ReportTopRow[]>>;
}

/** The tables a report may answer. */
export const REPORT_TABLES = ['domains', 'urls', 'urls_by_bytes', 'referers', 'user_agents', 'countries', 'provinces', 'methods', 'schemes', 'cache', 'codes', 'ips'] as const;
export type ReportTableName = (typeof REPORT_TABLES)[number];

/** A certificate of the caller's that expires within the alert window (or already expired). */
export interface ExpiringCertificate {
  id: number;
  name: string;
  not_after: string;
  expired: boolean;
}

/** A website the reports grant covers that is not serving traffic now. */
export interface IdleDomain {
  id: number;
  domain: string;
  /** The website status (domain list statuses). */
  status: string;
}

/** Answer of `V4/report.dashboard.summary`. */
export interface DashboardSummary {
  /** Beijing midnight that starts today, and the instant the figures were counted at (ISO). */
  from: string;
  to: string;
  totals: ReportTotals;
  /** Security lines (WAF, CC, access control) whose action stopped the request: block, ban, captcha, JS challenge. */
  attacks_blocked: number;
  /** Bans in force now on the covered websites. */
  active_bans: number;
  /** Requests per hour today. */
  series: ReportPoint[];
  top_domains: ReportTopRow[];
  /** Requests per status code class today. */
  status_mix: Record<StatusClass, number>;
  alerts: {
    certificates_expiring: ExpiringCertificate[];
    domains_not_serving: IdleDomain[];
  };
}

/** Days before expiry when a certificate is an alert on the dashboard. */
export const CERTIFICATE_ALERT_DAYS = 30;

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Today's dashboard figures. */
export function getDashboardSummary(client: ApiClient, options?: CallOptions): Promise<DashboardSummary> {
  return client.get('V4/report.dashboard.summary', {}, options);
}

/** One traffic report tab. */
export function getTrafficReport(client: ApiClient, query: TrafficReportQuery, options?: CallOptions): Promise<TrafficReport> {
  return client.get('V4/report.traffic.get', { ...query } as QueryParams, options);
}

/** The websites whose reports the caller may read (the report filters offer them). */
export function getReportWebsites(client: ApiClient, options?: CallOptions): Promise<{ websites: { id: number; domain: string }[] }> {
  return client.get('V4/report.website.list', {}, options);
}
