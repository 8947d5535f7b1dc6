/**
 * The SDK data reports' figures from the log store: requests per bucket (every bucket of the range, empty ones as
 * zero, at the buckets the traffic reports use: the reports area's `bucketStarts`) and top-N rows. They read only
 * requests, through the same store interface (logs/store), so the two areas agree on every count.
 */
import type { SdkReportPoint, SdkReportRow } from '../../../../core/api/endpoints/sdk.js';
import type { LogFieldName } from '../../../../core/logs/predicate.js';
import type { ReportGranularity } from '../../../../core/rules/reports.js';
import { isoTime } from '../../platform/database.js';
import type { LogSearch, LogStore } from '../logs/store/index.js';
import { bucketStarts, STORE_BUCKET } from '../reports/index.js';

/** Requests per bucket over the search's range. */
export async function requestSeries(store: LogStore, search: LogSearch, granularity: ReportGranularity): Promise<SdkReportPoint[]> {
  const rows = await store.aggregate({ ...search, bucket: STORE_BUCKET[granularity] });
  const byBucket = new Map(rows.map((row) => [row.bucket, row.requests]));
  return bucketStarts(search.from, search.to, granularity).map((at) => ({ bucket: isoTime(at), requests: byBucket.get(at) ?? 0 }));
}

/** The top `limit` values of a field by requests. */
export async function topRequests(store: LogStore, search: LogSearch, field: LogFieldName, limit: number): Promise<SdkReportRow[]> {
  return (await store.totals(search, field, 'requests', limit)).map((row) => ({ key: row.group, requests: row.requests }));
}
