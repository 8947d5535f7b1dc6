/**
 * Per-instance store of the security reports (`<ec-attack-report>`, `<ec-access-control-report>`,
 * `<ec-access-control-detail protocol="http">`): the range (rules §9 presets, UTC+8), the websites chosen, auto
 * refresh, the rule whose detail is shown inside the report (where the layout has no detail page), and what the
 * report call answered. A load a newer one overtook is dropped, so a slow answer never replaces a newer range's.
 */
import { signal } from '@preact/signals-react';
import { ApiError, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import { getSecurityReport, type SecurityReport, type SecurityReportType } from '../../core/api/endpoints/attack-report.js';
import { getReportWebsites } from '../../core/api/endpoints/reports.js';
import { resolveTimeRange, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { validateReportRange, type ReportGranularity } from '../../core/rules/reports.js';
import { autoRefreshChoice } from '../../core/rules/service-limits.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { initialTimeRange, type TimeRangeValue } from '../../core/ui/parts/time-range-filter.js';

/** What the report call answered, or why there is nothing to show. */
export type ReportState =
  | { status: 'loading' }
  | { status: 'ready'; value: SecurityReport }
  /** The rule is not the account's, or runs on no website the caller's grant covers (shown alike: rules §6). */
  | { status: 'not-found' }
  /** The package has no full attack reports (rules §6): the plan issue, for its notice. */
  | { status: 'gated'; issue: FieldIssue }
  | { status: 'error'; message: string }
  /** The range is one the server would refuse (rules §9): said in words, nothing is sent. */
  | { status: 'invalid'; issue: FieldIssue };

/** The websites of the filter. */
export type WebsitesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: { id: number; domain: string }[] };

const HOUR = 3_600_000;

/**
 * The buckets of a range: minutes up to 3 hours, five minutes up to a day, hours up to a week, Beijing days beyond
 * (each within core/rules/reports.ts's limits, so the server never refuses what the chart asks for, and a chart
 * never has more than a few hundred points).
 */
export function securityGranularity(window: TimeRange): ReportGranularity {
  const hours = (window.end - window.start) / HOUR;
  if (hours <= 3) return '1m';
  if (hours <= 24) return '5m';
  if (hours <= 7 * 24) return '1h';
  return '1d';
}

/** Creates the store; `preset` is the range a new view starts with. */
export function createSecurityReportStore(preset: Exclude<TimeRangePreset, 'custom'>, now: () => number = Date.now) {
  const time = signal<TimeRangeValue & { window: TimeRange }>(initialTimeRange(preset, now()));
  const domainIds = signal<number[]>([]);
  const autoRefresh = signal(0);
  const detailRule = signal<number | null>(null);
  const report = signal<ReportState>({ status: 'loading' });
  const websites = signal<WebsitesState>({ status: 'loading' });
  let generation = 0;

  /** Applies a range change; a custom range that is not one yet keeps the last good window. */
  function setTime(change: Partial<TimeRangeValue>): void {
    const next = { ...time.value, ...change };
    const window = resolveTimeRange(next.range, now(), next.custom) ?? time.value.window;
    time.value = { ...next, window };
  }

  /** Reads the report of `type` (one rule's when `ruleId`); `quiet` keeps what is shown until the answer comes. */
  async function load(client: ApiClient, type: SecurityReportType, ruleId: number | null, quiet = false): Promise<void> {
    const mine = ++generation;
    // A rolling range (today, the last 3 hours...) is brought up to now on every read.
    setTime({});
    const window = time.value.window;
    const granularity = securityGranularity(window);
    const [issue] = validateReportRange(window.start, window.end, granularity);
    if (issue) {
      report.value = { status: 'invalid', issue };
      return;
    }
    if (!quiet || report.value.status !== 'ready') report.value = { status: 'loading' };
    let next: ReportState;
    try {
      const value = await getSecurityReport(client, {
        type,
        from: new Date(window.start).toISOString(),
        to: new Date(window.end).toISOString(),
        granularity,
        ...(domainIds.value.length > 0 ? { domain_ids: domainIds.value.join(',') } : {}),
        ...(ruleId ? { rule_id: ruleId } : {}),
        // A rule's detail says a missing rule inline ("This rule does not exist..."): a notice on top of it said the
        // same twice (issue 29 route sweep). The report itself keeps its notice.
      }, ruleId ? { notify: false } : undefined);
      next = { status: 'ready', value };
    } catch (error) {
      next = stateOfError(error, ruleId !== null);
    }
    if (mine === generation) report.value = next;
  }

  async function loadWebsites(client: ApiClient): Promise<void> {
    try {
      websites.value = { status: 'ready', list: (await getReportWebsites(client)).websites };
    } catch {
      websites.value = { status: 'error' };
    }
  }

  return {
    time,
    domainIds,
    autoRefresh,
    detailRule,
    report,
    websites,
    setTime,
    setDomainIds: (ids: number[]) => void (domainIds.value = ids),
    setAutoRefresh: (seconds: number) => void (autoRefresh.value = autoRefreshChoice(seconds)),
    load,
    loadWebsites,
  };
}

/** What a failed read shows. */
export function stateOfError(error: unknown, detail: boolean): ReportState {
  if (error instanceof ApiError) {
    if (detail && (error.code === NOT_FOUND_CODE || error.code === PERMISSION_DENIED_CODE)) return { status: 'not-found' };
    if (error.code === VALIDATION_FAILED_CODE) {
      const issues = (error.data as { errors?: FieldIssue[] } | undefined)?.errors ?? [];
      const gate = issues.find((found) => found.values?.feature === 'attack_full_report');
      if (gate) return { status: 'gated', issue: gate };
    }
  }
  return { status: 'error', message: error instanceof Error ? error.message : String(error) };
}

/** The store type. */
export type SecurityReportStore = ReturnType<typeof createSecurityReportStore>;

const stores = instanceStores<SecurityReportStore>();

/** The store of an element instance (kept across r2wc remounts); a new range attribute starts a new one. */
export function securityReportStoreFor(host: HTMLElement, preset: Exclude<TimeRangePreset, 'custom'>): SecurityReportStore {
  return stores(host, () => createSecurityReportStore(preset), preset);
}
