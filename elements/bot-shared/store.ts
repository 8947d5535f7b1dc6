/**
 * Per-instance store of the bot report and a bot's detail page: the filters (rules §9 date range in UTC+8, website,
 * auto refresh), the websites the `reports` grant covers, and the answer, or why there is none: a plan below flagship
 * (rules §6; the server's refusal carries the feature and the notice, shown as the shell §8 prompt) or another
 * failure. A range the server would refuse is caught here with the same rules (core/rules/reports.ts) and never sent.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { ApiError, failureText, VALIDATION_FAILED_CODE, type FailureText, type FieldIssue } from '../../core/api/catalogue.js';
import { getBotDetail, getBotSummary, type BotDetail, type BotDetailKind, type BotReportQuery, type BotSummary } from '../../core/api/endpoints/bot-report.js';
import type { LogWebsite } from '../../core/api/endpoints/logs.js';
import { getReportWebsites } from '../../core/api/endpoints/reports.js';
import { resolveTimeRange, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { finestGranularity, validateReportRange, type ReportGranularity } from '../../core/rules/reports.js';
import { autoRefreshChoice } from '../../core/rules/service-limits.js';
import { planRefusals } from '../../core/ui/parts/plan-refusals.js';
import { initialTimeRange, type TimeRangeValue } from '../../core/ui/parts/time-range-filter.js';

/** Something loaded: loading, refused by the plan (the refusal issue), failed, or ready. */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'gated'; refusal: FieldIssue }
  | { status: 'error'; message: FailureText }
  | { status: 'ready'; data: T };

/** The filters. */
export interface BotFilter extends TimeRangeValue {
  /** One website, or null for every website the grant covers. */
  domainId: number | null;
  /** Auto refresh interval in seconds; 0 for off. */
  refresh: number;
}

const HOUR = 3_600_000;

/** A granularity for a range: about 24-200 points (five minutes up to six hours, hours up to a week, days beyond). */
export function granularityFor(range: TimeRange): ReportGranularity {
  const length = range.end - range.start;
  const finest = finestGranularity(range.start, range.end);
  if (length <= 6 * HOUR) return finest === '1m' && length > HOUR ? '5m' : finest;
  if (length <= 7 * 24 * HOUR) return '1h';
  return '1d';
}

/** The plan refusal of a failed call, if it was one. */
function refusalOf(error: unknown): FieldIssue | undefined {
  if (!(error instanceof ApiError) || error.code !== VALIDATION_FAILED_CODE) return undefined;
  const issues = (error.data as { errors?: FieldIssue[] } | undefined)?.errors ?? [];
  return planRefusals(issues)[0];
}

/** What a view reads: the summary, or one bot's detail. */
export type BotView = { kind: 'summary' } | { kind: 'detail'; detail: BotDetailKind; id: string };

/** Creates the store; `now` is the clock the presets resolve against. */
export function createBotStore<T extends BotSummary | BotDetail>(view: BotView, preset: Exclude<TimeRangePreset, 'custom'>, now: () => number = Date.now) {
  const initial = initialTimeRange(preset, now());
  const filter = signal<BotFilter>({ range: initial.range, custom: initial.custom, domainId: null, refresh: 0 });
  const websites = signal<LogWebsite[]>([]);
  const answer = signal<Loaded<T>>({ status: 'loading' });
  /** Why the filters cannot be sent, shown next to them. */
  const issues = signal<FieldIssue[]>([]);
  /** The range and granularity of the answer shown (drill-down uses them). */
  const shown = signal<{ range: TimeRange; granularity: ReportGranularity } | null>(null);
  let sequence = 0;

  function currentRange(): TimeRange | null {
    const value = filter.value;
    return resolveTimeRange(value.range, now(), value.range === 'custom' ? value.custom : undefined);
  }

  function change(next: Partial<BotFilter>): void {
    filter.value = { ...filter.value, ...next, ...(next.refresh !== undefined ? { refresh: autoRefreshChoice(next.refresh) } : {}) };
  }

  /** The websites for the filter; a failure leaves the filter at "all websites" (the report still loads). */
  async function loadWebsites(client: ApiClient): Promise<void> {
    try {
      websites.value = (await getReportWebsites(client, { notify: false })).websites;
    } catch {
      websites.value = [];
    }
  }

  /** Reads the view for the filters; a refresh (`quiet`) keeps the answer on screen; a stale answer is dropped. */
  async function load(client: ApiClient, options: { quiet?: boolean } = {}): Promise<void> {
    const range = currentRange();
    const granularity = range ? granularityFor(range) : '1h';
    const found = range ? validateReportRange(range.start, range.end, granularity) : [{ field: 'from', key: 'reports.range-order' }];
    issues.value = found;
    if (found.length > 0) return;
    const mine = ++sequence;
    if (!options.quiet || answer.value.status !== 'ready') answer.value = { status: 'loading' };
    const query: BotReportQuery = {
      from: new Date(range!.start).toISOString(),
      to: new Date(range!.end).toISOString(),
      granularity,
      ...(filter.value.domainId !== null ? { domain_ids: [filter.value.domainId] } : {}),
    };
    try {
      // The view shows a failure in place (the plan prompt, or the error with a retry), so no toast.
      const data = (view.kind === 'summary'
        ? await getBotSummary(client, query, { notify: false })
        : await getBotDetail(client, { ...query, kind: view.detail, id: view.id }, { notify: false })) as T;
      if (mine !== sequence) return;
      shown.value = { range: range!, granularity };
      answer.value = { status: 'ready', data };
    } catch (error) {
      if (mine !== sequence) return;
      const refusal = refusalOf(error);
      answer.value = refusal ? { status: 'gated', refusal } : { status: 'error', message: failureText(error) };
    }
  }

  return { filter, websites, answer, issues, shown, currentRange, change, loadWebsites, load };
}

/** The store type. */
export type BotStore<T extends BotSummary | BotDetail> = ReturnType<typeof createBotStore<T>>;
