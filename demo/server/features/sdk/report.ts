/**
 * The SDK data reports' figures from the log store: requests per bucket (every bucket of the range, empty ones as
 * zero, at the store's bucket starts as the traffic reports use) and top-N rows. The reports area keeps its own
 * readers in reports/aggregate.ts, which its index does not export and which another area owned this session; these
 * read only requests, through the same store interface (logs/store), so the two agree on every count.
 */
import type { SdkReportPoint, SdkReportRow } from '../../../../core/api/endpoints/sdk.js';
import type { LogFieldName } from '../../../../core/logs/predicate.js';
import { GRANULARITY_MS, type ReportGranularity } from '../../../../core/rules/reports.js';
import { isoTime } from '../../platform/database.js';
import { bucketStart, type LogBucket, type LogSearch, type LogStore } from '../logs/store/index.js';

const STORE_BUCKET: Readonly<Record<ReportGranularity, LogBucket>> = { '1m': 'minute', '5m': 'five-minutes', '1h': 'hour', '1d': 'day' };

/** Requests per bucket over the search's range. */
export async function requestSeries(store: LogStore, search: LogSearch, granularity: ReportGranularity): Promise<SdkReportPoint[]> {
  const bucket = STORE_BUCKET[granularity];
  const rows = await store.aggregate({ ...search, bucket });
  const byBucket = new Map(rows.map((row) => [row.bucket, row.requests]));
  const points: SdkReportPoint[] = [];
  for (let at = bucketStart(search.from, bucket); at < search.to; at += GRANULARITY_MS[granularity]) points.push({ bucket: isoTime(at), requests: byBucket.get(at) ?? 0 });
  return points;
}

/** The top `limit` values of a field by requests. */
export async function topRequests(store: LogStore, search: LogSearch, field: LogFieldName, limit: number): Promise<SdkReportRow[]> {
  return (await store.totals(search, field, 'requests', limit)).map((row) => ({ key: row.group, requests: row.requests }));
}
