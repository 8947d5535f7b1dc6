/**
 * Per-instance store of `<ec-traffic-report>`: the filters (rules §9 date range in UTC+8, websites, granularity, the
 * previous-period overlay, auto refresh), the websites the reports grant covers, and the report answer. A range the
 * server would refuse (longer than 30 days, or too long for the granularity) is caught here with the same rules
 * (core/rules/reports.ts) and never sent. The previous period comes in the same call (`compare=previous`): one more
 * series query on the server is cheaper than a second round trip with its tables.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { failureText, type FailureText, type FieldIssue } from '../../core/api/catalogue.js';
import type { LogWebsite } from '../../core/api/endpoints/logs.js';
import { getReportWebsites, getTrafficReport, type TrafficReport, type TrafficReportType } from '../../core/api/endpoints/reports.js';
import { resolveTimeRange, toLogWallTime, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { finestGranularity, GRANULARITY_RANGE_MAX_MS, REPORT_GRANULARITIES, validateReportRange, type ReportGranularity } from '../../core/rules/reports.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Something loaded: loading, failed with a translated reason, or ready. */
export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: FailureText } | { status: 'ready'; data: T };

/** The filters of a report. */
export interface ReportFilter {
  range: TimeRangePreset;
  /** The custom inputs, `datetime-local` text in UTC+8. */
  custom: { start: string; end: string };
  /** Websites chosen; empty for every website the grant covers. */
  domainIds: number[];
  /** Draw the previous period over the line charts. */
  compare: boolean;
  granularity: ReportGranularity;
  /** Auto refresh interval in seconds; 0 for off. */
  refresh: number;
}

/** Settings the store starts from (the element's attributes). */
export interface TrafficReportSettings {
  type: TrafficReportType;
  range?: TimeRangePreset;
  domainId?: number;
}

/** The granularities a range allows (finest first); the whole list when the range is not complete yet. */
export function allowedGranularities(range: TimeRange | null): ReportGranularity[] {
  if (!range) return [...REPORT_GRANULARITIES];
  return REPORT_GRANULARITIES.filter((granularity) => range.end - range.start <= GRANULARITY_RANGE_MAX_MS[granularity]);
}

/** A granularity that suits a range: a bit coarser than the finest for long ranges, so a chart has a readable number of bars. */
function suitedGranularity(range: TimeRange): ReportGranularity {
  const finest = finestGranularity(range.start, range.end);
  if (finest === '1m' && range.end - range.start > 3 * 3_600_000) return '5m';
  if (finest === '5m' && range.end - range.start > 86_400_000) return '1h';
  if (finest === '1h' && range.end - range.start > 7 * 86_400_000) return '1d';
  return finest;
}

/** Creates the store; `now` is the clock the presets resolve against. */
export function createTrafficReportStore(settings: TrafficReportSettings, now: () => number = Date.now) {
  const type = signal<TrafficReportType>(settings.type);
  const initialRange = settings.range ?? 'today';
  const start = resolveTimeRange(initialRange, now())!;
  const filter = signal<ReportFilter>({
    range: initialRange,
    custom: { start: toLogWallTime(start.start), end: toLogWallTime(start.end) },
    domainIds: settings.domainId !== undefined ? [settings.domainId] : [],
    compare: false,
    granularity: suitedGranularity(start),
    refresh: 0,
  });
  const websites = signal<Loaded<LogWebsite[]>>({ status: 'loading' });
  const report = signal<Loaded<TrafficReport> | { status: 'idle' }>({ status: 'idle' });
  /** Why the filters cannot be sent (a custom range out of order, too long), shown next to them. */
  const issues = signal<FieldIssue[]>([]);
  /** The range and websites of the report shown (drill-down links use them, not filters changed since). */
  const shownRange = signal<TimeRange | null>(null);
  const shownDomainIds = signal<number[]>([]);
  let sequence = 0;

  function currentRange(): TimeRange | null {
    const value = filter.value;
    return resolveTimeRange(value.range, now(), value.range === 'custom' ? value.custom : undefined);
  }

  /** Changes filters; a range change also moves the granularity to one the new range allows. */
  function change(next: Partial<ReportFilter>): void {
    const merged = { ...filter.value, ...next };
    if (next.range !== undefined || next.custom !== undefined) {
      const range = resolveTimeRange(merged.range, now(), merged.range === 'custom' ? merged.custom : undefined);
      if (range && !allowedGranularities(range).includes(merged.granularity)) merged.granularity = suitedGranularity(range);
      else if (range && next.range !== undefined) merged.granularity = suitedGranularity(range);
    }
    filter.value = merged;
  }

  async function loadWebsites(client: ApiClient): Promise<void> {
    websites.value = { status: 'loading' };
    try {
      websites.value = { status: 'ready', data: (await getReportWebsites(client)).websites };
    } catch (error) {
      websites.value = { status: 'error', message: failureText(error) };
    }
  }

  /**
   * Reads the report for the filters. A refresh (`quiet`) keeps the figures on screen while it reads; a first load or
   * a filter change shows the loading state. An answer that arrives after a newer request is dropped.
   */
  async function load(client: ApiClient, options: { quiet?: boolean } = {}): Promise<void> {
    const range = currentRange();
    const value = filter.value;
    const found = range ? validateReportRange(range.start, range.end, value.granularity) : [{ field: 'from', key: 'reports.range-order' }];
    issues.value = found;
    if (found.length > 0) return;
    const mine = ++sequence;
    if (!options.quiet || report.value.status !== 'ready') report.value = { status: 'loading' };
    try {
      const answer = await getTrafficReport(client, {
        type: type.value,
        from: new Date(range!.start).toISOString(),
        to: new Date(range!.end).toISOString(),
        granularity: value.granularity,
        ...(value.domainIds.length > 0 ? { domain_ids: value.domainIds.join(',') } : {}),
        ...(value.compare ? { compare: 'previous' as const } : {}),
      });
      if (mine !== sequence) return;
      shownRange.value = range;
      shownDomainIds.value = value.domainIds;
      report.value = { status: 'ready', data: answer };
    } catch (error) {
      if (mine !== sequence) return;
      report.value = { status: 'error', message: failureText(error) };
    }
  }

  return { type, filter, websites, report, issues, shownRange, shownDomainIds, currentRange, change, loadWebsites, load };
}

/** The store type. */
export type TrafficReportStore = ReturnType<typeof createTrafficReportStore>;

const stores = instanceStores<TrafficReportStore>();

/** The store of one element instance. */
export function trafficReportStoreFor(host: HTMLElement, settings: TrafficReportSettings): TrafficReportStore {
  return stores(host, () => createTrafficReportStore(settings));
}
