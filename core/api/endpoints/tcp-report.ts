/**
 * TCP reports (issue 28; shell §2 `dataReport` tcpCCAttack, tcpTraffic, tcpSession, accurateAccessControl and `/:id`,
 * new layout `four-layer-agent` report): series and rankings over the layer-4 flows of the log store. A sub-account
 * reads only the rules its layer4 grant names; asking for another rule is refused.
 */
import type { TcpSeriesPoint, TcpTopField, TcpVerdict } from '../../logs/tcp-flows.js';

export type { TcpSeriesPoint } from '../../logs/tcp-flows.js';
import type { TcpReportBucket } from '../../rules/layer4.js';
import type { ApiClient, CallOptions } from '../client.js';

/** What every report call names: a range (ISO instants, end inclusive) and optionally some rules. */
export interface TcpReportRange {
  from: string;
  to: string;
  /** Rules to read (all the caller may read when absent). */
  rule_ids?: number[];
}

export interface TcpSeriesAnswer {
  bucket: TcpReportBucket;
  /** Bucket length in seconds (rates per second divide by it). */
  bucket_seconds: number;
  points: TcpSeriesPoint[];
}

export interface TcpTopEntry {
  value: string;
  sessions: number;
  bytes: number;
  /** For rules: "TCP 10001" (the rule as lists show it); '' otherwise. */
  label: string;
}

export interface TcpTopAnswer {
  field: TcpTopField;
  list: TcpTopEntry[];
}

/** Rankings return at most this many entries. */
export const TCP_TOP_LIMIT_MAX = 100;

function ranged(range: TcpReportRange): Record<string, string> {
  const query: Record<string, string> = { from: range.from, to: range.to };
  if (range.rule_ids && range.rule_ids.length > 0) query.rule_ids = range.rule_ids.join(',');
  return query;
}

/** Sessions, bytes, refusals and concurrency per bucket. */
export function getTcpSeries(client: ApiClient, range: TcpReportRange & { bucket: TcpReportBucket }, options?: CallOptions): Promise<TcpSeriesAnswer> {
  return client.get('V4/layer4.report.series', { ...ranged(range), bucket: range.bucket }, options);
}

/** The most frequent values of a field (sources, regions, ports, rules), optionally among some verdicts only. */
export function getTcpTop(
  client: ApiClient,
  range: TcpReportRange & { field: TcpTopField; verdicts?: readonly TcpVerdict[]; limit?: number },
  options?: CallOptions,
): Promise<TcpTopAnswer> {
  const query: Record<string, string | number> = { ...ranged(range), field: range.field, limit: range.limit ?? 10 };
  if (range.verdicts) query.verdicts = range.verdicts.join(',');
  return client.get('V4/layer4.report.top', query, options);
}
