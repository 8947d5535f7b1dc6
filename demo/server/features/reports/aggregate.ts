/**
 * Report figures from the log store (issue 25: "every figure comes from the log store, never invented"): series with
 * every bucket of the range (empty ones as zero), status classes per bucket, top-N tables and the range's totals.
 * Buckets start at whole minutes, five minutes or hours (the same instants in UTC and UTC+8) or at Beijing midnight
 * (rules §9 "Log time UTC+8"), as the store's bucket expression computes them.
 */
import type { ReportPoint, ReportTopRow, ReportTotals, StatusClass, StatusPoint } from '../../../../core/api/endpoints/reports.js';
import { STATUS_CLASSES } from '../../../../core/api/endpoints/reports.js';
import { allOf, type LogFieldName } from '../../../../core/logs/predicate.js';
import type { ReportGranularity } from '../../../../core/rules/reports.js';
import { GRANULARITY_MS } from '../../../../core/rules/reports.js';
import { isoTime } from '../../platform/database.js';
import { bucketStart, type LogAggregateRow, type LogBucket, type LogSearch, type LogStore, type LogTotalOrder, type LogTotalRow } from '../logs/store/index.js';

/** The store bucket behind each granularity. */
export const STORE_BUCKET: Readonly<Record<ReportGranularity, LogBucket>> = { '1m': 'minute', '5m': 'five-minutes', '1h': 'hour', '1d': 'day' };

/** Start of every bucket from the one holding `from` to the one holding `to` (the store's `to` is exclusive). */
export function bucketStarts(from: number, toExclusive: number, granularity: ReportGranularity): number[] {
  const bucket = STORE_BUCKET[granularity];
  const size = GRANULARITY_MS[granularity];
  const starts: number[] = [];
  for (let at = bucketStart(from, bucket); at < toExclusive; at += size) starts.push(at);
  return starts;
}

/**
 * The search of the period before `search`, for the previous-period overlay: as long as the range, shifted back by
 * a whole number of buckets (the range's length rounded up to the bucket), so its buckets fall at the same offsets
 * from their start as the current ones and the two series pair point for point. Days shift by whole Beijing days.
 */
export function previousSearch(search: LogSearch, granularity: ReportGranularity): LogSearch {
  const size = GRANULARITY_MS[granularity];
  const shift = Math.ceil((search.to - search.from) / size) * size;
  return { ...search, from: search.from - shift, to: search.to - shift };
}

/** Average bits per second of `bytes` over a bucket of `granularity`. */
export function bitsPerSecond(bytes: number, granularity: ReportGranularity): number {
  return (bytes * 8) / (GRANULARITY_MS[granularity] / 1000);
}

/** The series of a search: one point per bucket of the range, empty buckets as zero. */
export async function series(store: LogStore, search: LogSearch, granularity: ReportGranularity): Promise<ReportPoint[]> {
  const rows = await store.aggregate({ ...search, bucket: STORE_BUCKET[granularity] });
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return bucketStarts(search.from, search.to, granularity).map((at) => {
    const row = byBucket.get(at);
    return {
      bucket: isoTime(at),
      requests: row?.requests ?? 0,
      bytes: row?.bytes ?? 0,
      bps: bitsPerSecond(row?.bytes ?? 0, granularity),
      hits: row?.hits ?? 0,
      visitors: row?.visitors ?? 0,
    };
  });
}

/** The class of a status code; null outside 200-599 (a 1xx informational answer is not a class the report shows). */
export function statusClass(status: number): StatusClass | null {
  const hundred = Math.floor(status / 100);
  return hundred >= 2 && hundred <= 5 ? (`${hundred}xx` as StatusClass) : null;
}

function emptyClasses(): Record<StatusClass, number> {
  return Object.fromEntries(STATUS_CLASSES.map((name) => [name, 0])) as Record<StatusClass, number>;
}

/** Requests per status class per bucket. */
export async function statusSeries(store: LogStore, search: LogSearch, granularity: ReportGranularity): Promise<StatusPoint[]> {
  const rows: LogAggregateRow[] = await store.aggregate({ ...search, bucket: STORE_BUCKET[granularity], groupBy: 'status' });
  const byBucket = new Map<number, Record<StatusClass, number>>();
  for (const row of rows) {
    const name = statusClass(Number(row.group));
    if (!name) continue;
    let counts = byBucket.get(row.bucket);
    if (!counts) byBucket.set(row.bucket, (counts = emptyClasses()));
    counts[name] += row.requests;
  }
  return bucketStarts(search.from, search.to, granularity).map((at) => ({ bucket: isoTime(at), counts: byBucket.get(at) ?? emptyClasses() }));
}

/** Requests per status class over the whole search. */
export async function statusMix(store: LogStore, search: LogSearch): Promise<Record<StatusClass, number>> {
  const mix = emptyClasses();
  // Status codes are few (a few dozen at most), so every one is read.
  for (const row of await store.totals(search, 'status', 'requests', 1000)) {
    const name = statusClass(Number(row.group));
    if (name) mix[name] += row.requests;
  }
  return mix;
}

/**
 * The busiest client addresses with their sums, read top first (issue 25: the hotspot tab was the slowest report).
 * A range has millions of addresses; keeping every sum per address for all of them, to then keep ten, was most of the
 * tab's time. The store first ranks the addresses by lines alone (one count per address), then sums only those.
 */
async function topAddresses(store: LogStore, search: LogSearch, limit: number): Promise<LogTotalRow[]> {
  const top = await store.topValues(search, 'client_ip', '', limit);
  if (top.length === 0) return [];
  const rows = await store.totals({ ...search, where: allOf([search.where, { op: 'in', field: 'client_ip', values: top.map((row) => row.value) }]) }, 'client_ip', 'requests', limit);
  // The same order as the ranking read (lines, then the address), whatever the second read's ties.
  const byAddress = new Map(rows.map((row) => [row.group, row]));
  return top.map((row) => byAddress.get(row.value)).filter((row): row is LogTotalRow => row !== undefined);
}

/**
 * A top-N table of one field. Rows of the `domain` field carry the website's id too (drill-down filters by it); the
 * name is what the line stored, and names are unique within an account.
 */
export async function topRows(
  store: LogStore,
  search: LogSearch,
  field: LogFieldName,
  orderBy: LogTotalOrder,
  limit: number,
  domainIds?: ReadonlyMap<string, number>,
): Promise<ReportTopRow[]> {
  const rows = field === 'client_ip' && orderBy === 'requests' ? await topAddresses(store, search, limit) : await store.totals(search, field, orderBy, limit);
  return rows.map((row) => {
    const base = { key: row.group, requests: row.requests, bytes: row.bytes, visitors: row.visitors };
    const id = field === 'domain' ? domainIds?.get(row.group) : undefined;
    return id === undefined ? base : { ...base, domain_id: id };
  });
}

/**
 * Totals of a search, with the peak bandwidth of `peakSeries` (the busiest bucket of the series the caller shows, so
 * the peak a chart draws and the figure above it agree).
 */
export async function totals(store: LogStore, search: LogSearch, peakSeries: readonly ReportPoint[]): Promise<ReportTotals> {
  const [sums] = await store.totals(search, null, 'requests', 1);
  const requests = sums?.requests ?? 0;
  let peak: ReportPoint | null = null;
  for (const point of peakSeries) if (point.bytes > 0 && (!peak || point.bps > peak.bps)) peak = point;
  return {
    requests,
    bytes: sums?.bytes ?? 0,
    peak_bps: peak?.bps ?? 0,
    peak_at: peak?.bucket ?? null,
    hit_ratio: requests > 0 ? (sums?.hits ?? 0) / requests : null,
    visitors: sums?.visitors ?? 0,
  };
}
