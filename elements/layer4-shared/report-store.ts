/**
 * Per-instance store of the TCP reports (`<ec-tcp-report>`, `<ec-access-control-detail protocol="tcp">`): the
 * range (rules §9 presets, UTC+8), the granularity, the rule chosen, and what the report calls answered. Each load
 * asks for the series and the rankings the view names, in parallel; a load that a newer one overtook is dropped, so
 * a slow answer never replaces a newer range's figures.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { listLayer4Rules, type Layer4Rule } from '../../core/api/endpoints/layer4.js';
import { getTcpSeries, getTcpTop, type TcpSeriesAnswer, type TcpTopAnswer } from '../../core/api/endpoints/tcp-report.js';
import { resolveTimeRange, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import type { TcpTopField, TcpVerdict } from '../../core/logs/tcp-flows.js';
import { TCP_REPORT_MINUTE_MAX_HOURS, type TcpReportBucket } from '../../core/rules/layer4.js';
import { autoRefreshChoice } from '../../core/rules/service-limits.js';
import { initialTimeRange, type TimeRangeValue } from '../../core/ui/parts/time-range-filter.js';

/** A loaded value, or where loading stands. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/** A granularity choice: automatic picks by the range's length. */
export type Granularity = 'auto' | TcpReportBucket;
export const GRANULARITIES: readonly Granularity[] = ['auto', 'minute', 'hour', 'day'];

/** A ranking a view shows. */
export interface RankingQuery {
  key: string;
  field: TcpTopField;
  verdicts?: readonly TcpVerdict[];
  limit?: number;
}

/** The country and province rankings behind a report's map (all of China's 34 provinces fit one ranking). */
export function regionRankings(verdicts: readonly TcpVerdict[]): RankingQuery[] {
  return [
    { key: 'countries', field: 'country', verdicts, limit: 100 },
    { key: 'provinces', field: 'province', verdicts, limit: 40 },
  ];
}

const HOUR = 3_600_000;

/** The bucket a granularity means over `window`: automatic is per minute up to a day, per hour up to a week, else per day. */
export function bucketFor(granularity: Granularity, window: TimeRange): TcpReportBucket {
  const hours = (window.end - window.start) / HOUR;
  if (granularity === 'minute' && hours > TCP_REPORT_MINUTE_MAX_HOURS) return 'hour';
  if (granularity !== 'auto') return granularity;
  return hours <= TCP_REPORT_MINUTE_MAX_HOURS ? 'minute' : hours <= 7 * 24 ? 'hour' : 'day';
}

/** Whether per minute is offered for the window (rules of core/rules/layer4.ts validateTcpReportRange). */
export function minuteAllowed(window: TimeRange): boolean {
  return (window.end - window.start) / HOUR <= TCP_REPORT_MINUTE_MAX_HOURS;
}

/** Creates the store; `preset` is the range a new view starts with. */
export function createTcpReportStore(client: ApiClient, preset: Exclude<TimeRangePreset, 'custom'>, now: () => number = Date.now) {
  const time = signal<TimeRangeValue & { window: TimeRange }>(initialTimeRange(preset, now()));
  const granularity = signal<Granularity>('auto');
  const ruleId = signal<number | null>(null);
  const autoRefresh = signal(0);
  const series = signal<Loaded<TcpSeriesAnswer>>({ status: 'loading' });
  const rankings = signal<Record<string, Loaded<TcpTopAnswer>>>({});
  const rules = signal<Layer4Rule[]>([]);
  let generation = 0;

  /** Applies a range change; a custom range that is not one yet keeps the last good window. */
  function setTime(change: Partial<TimeRangeValue>): void {
    const next = { ...time.value, ...change };
    const window = resolveTimeRange(next.range, now(), next.custom) ?? time.value.window;
    time.value = { ...next, window };
  }

  /** Brings a rolling range up to now (refresh and auto refresh); a custom or yesterday's range stays. */
  function refreshWindow(): void {
    setTime({});
  }

  async function load(rankingQueries: readonly RankingQuery[], fixedRuleId?: number): Promise<void> {
    const mine = ++generation;
    const window = time.value.window;
    const chosen = fixedRuleId ?? ruleId.value;
    const range = { from: new Date(window.start).toISOString(), to: new Date(window.end).toISOString(), rule_ids: chosen ? [chosen] : undefined };
    if (series.value.status === 'error') series.value = { status: 'loading' };
    const bucket = bucketFor(granularity.value, window);
    const seriesCall = getTcpSeries(client, { ...range, bucket }).then(
      (value): Loaded<TcpSeriesAnswer> => ({ status: 'ready', value }),
      (): Loaded<TcpSeriesAnswer> => ({ status: 'error' }),
    );
    const rankingCalls = rankingQueries.map((query) =>
      getTcpTop(client, { ...range, field: query.field, verdicts: query.verdicts, limit: query.limit ?? 10 }).then(
        (value): Loaded<TcpTopAnswer> => ({ status: 'ready', value }),
        (): Loaded<TcpTopAnswer> => ({ status: 'error' }),
      ),
    );
    const [loadedSeries, ...loadedRankings] = await Promise.all([seriesCall, ...rankingCalls]);
    if (mine !== generation) return;
    series.value = loadedSeries;
    rankings.value = Object.fromEntries(rankingQueries.map((query, index) => [query.key, loadedRankings[index]!]));
  }

  /** Rules for the rule filter, matching a typed port or remark (the first page: rule lists can be long). */
  async function loadRules(keyword = ''): Promise<void> {
    try {
      rules.value = (await listLayer4Rules(client, { page: 1, per_page: 100, keyword: keyword || undefined })).list;
    } catch {
      rules.value = [];
    }
  }

  return {
    time,
    granularity,
    ruleId,
    autoRefresh,
    series,
    rankings,
    rules,
    setTime,
    refreshWindow,
    setGranularity: (value: Granularity) => void (granularity.value = value),
    setRuleId: (value: number | null) => void (ruleId.value = value),
    setAutoRefresh: (seconds: number) => void (autoRefresh.value = autoRefreshChoice(seconds)),
    load,
    loadRules,
  };
}

/** The store type. */
export type TcpReportStore = ReturnType<typeof createTcpReportStore>;
