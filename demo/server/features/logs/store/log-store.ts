/**
 * The log store behind one interface (DESIGN §4 "Traffic and logs"; issue 24). DuckDB embedded is the default
 * (duckdb-store.ts); ClickHouse (clickhouse-store.ts) is for operators who outgrow one machine; SQLite
 * (sqlite-store.ts) exists only as the benchmark's baseline. All three run the same statements, rendered from a
 * {@link LogPredicate} by sql.ts with bound parameters.
 *
 * Every read names one account (`memberId`) and the domains the caller may see (`domainIds`): the route computes
 * them from the caller's grants, so the store never has to know about sub-accounts, and a query can never reach
 * another account's lines.
 */
import type { LogRow, LogType } from '../../../../../core/logs/fields.js';
import type { LogFieldName, LogPredicate } from '../../../../../core/logs/predicate.js';
import type { TcpFlow, TcpSeriesPoint, TcpTopField, TcpVerdict } from '../../../../../core/logs/tcp-flows.js';

/** What every read is confined to. */
export interface LogScope {
  memberId: number;
  logType: LogType;
  /** Inclusive start and exclusive end, ms since the epoch (UTC). */
  from: number;
  to: number;
  /** The domains the caller may read (and chose, if it filtered); an empty list reads nothing. */
  domainIds: readonly number[];
}

/** A search: the scope plus the conditions. */
export interface LogSearch extends LogScope {
  where: LogPredicate | null;
}

/** Answer of {@link LogStore.search}: the newest `limit` matching lines and how many match in all. */
export interface LogPage {
  rows: LogRow[];
  total: number;
}

/**
 * Time buckets of an aggregation. Days are Beijing days (UTC+8, rules §9), not UTC days. Five minutes is the reports'
 * bandwidth granularity (issue 25): distinct visitors per five minutes cannot be summed from minutes.
 */
export type LogBucket = 'minute' | 'hour' | 'day' | 'five-minutes';

/** Sums per time bucket (and optionally per value of one field), for charts and reports. */
export interface LogAggregation extends LogSearch {
  bucket: LogBucket;
  /** Also split by this field (a series per value); absent for one series. */
  groupBy?: LogFieldName;
}

/** One bucket of an aggregation. */
export interface LogAggregateRow {
  /** Start of the bucket, ms since the epoch (UTC). */
  bucket: number;
  /** The group's value when grouped, '' otherwise. */
  group: string;
  requests: number;
  bytes: number;
  /** Requests answered with status ≥ 400. */
  errors: number;
  /** Requests served from the edge cache. */
  hits: number;
  /** Distinct client IPs: exact in SQLite and DuckDB, ClickHouse's `uniq` estimate (about 1-2 % off on large sets). */
  visitors: number;
}

// Layer-4 flows (issue 28): the reads of tcp-flow-sql.ts.

/** What every flow read is confined to: one account, the rules the caller may see, a time range of opening times. */
export interface TcpFlowScope {
  memberId: number;
  /** The rules the caller may read (and chose); an empty list reads nothing. */
  ruleIds: readonly number[];
  /** Inclusive start and exclusive end, ms since the epoch (UTC). */
  from: number;
  to: number;
}

/** A series per bucket. */
export interface TcpSeriesQuery extends TcpFlowScope {
  bucket: LogBucket;
}

/** One bucket of a series; every bucket of the range is present, empty ones with zeros. */
export type TcpSeriesRow = TcpSeriesPoint;

/** The most frequent values of a field among flows, optionally of some verdicts only. */
export interface TcpTopQuery extends TcpFlowScope {
  field: TcpTopField;
  verdicts?: readonly TcpVerdict[];
  limit: number;
}

export interface TcpTopRow {
  value: string;
  sessions: number;
  bytes: number;
}

/** The store. Every method may be called concurrently; append batches are written whole or not at all. */
export interface LogStore {
  readonly engine: 'duckdb' | 'clickhouse' | 'sqlite';
  /** Appends lines (the simulator calls it with batches of a few thousand). */
  append(rows: readonly LogRow[]): Promise<void>;
  /** The newest `limit` lines matching, newest first, and the total count. */
  search(search: LogSearch, limit: number): Promise<LogPage>;
  /** Most frequent values of a field among matching lines, for autocomplete (prefix-filtered when given). */
  topValues(search: LogSearch, field: LogFieldName, prefix: string, limit: number): Promise<{ value: string; count: number }[]>;
  /** Sums per bucket, oldest first. */
  aggregate(aggregation: LogAggregation): Promise<LogAggregateRow[]>;
  /**
   * Reads up to `limit` matching lines, newest first, in batches handed to `onBatch` (download tasks write them to a
   * file as they come). Answers how many were read.
   */
  scan(search: LogSearch, limit: number, onBatch: (rows: LogRow[]) => void | Promise<void>): Promise<number>;
  /** Deletes lines of a type older than `before` (retention); answers how many were deleted. */
  prune(logType: LogType, before: number): Promise<number>;
  /** Lines stored per type (status pages and tests). */
  count(): Promise<Record<LogType, number>>;
  close(): Promise<void>;

  // Layer-4 flows (issue 28; tcp-flow-sql.ts): a second table beside the lines.
  /** Appends flows, whole or not at all. */
  appendTcpFlows(flows: readonly TcpFlow[]): Promise<void>;
  /** Sessions, bytes, refusals and concurrency per bucket, every bucket of the range present. */
  tcpSeries(query: TcpSeriesQuery): Promise<TcpSeriesRow[]>;
  /** The most frequent values of a field among flows. */
  tcpTop(query: TcpTopQuery): Promise<TcpTopRow[]>;
  /** Deletes flows opened before `before`; answers how many. */
  pruneTcpFlows(before: number): Promise<number>;
  // Reports (issue 25)
  /**
   * Sums over the whole range per value of `groupBy` (one row for all lines when null), largest `orderBy` first,
   * at most `limit` rows: top-N tables, pies and the dashboard's figures.
   */
  totals(search: LogSearch, groupBy: LogFieldName | null, orderBy: LogTotalOrder, limit: number): Promise<LogTotalRow[]>;
  /**
   * Lines, distinct clients and the newest line per combination of the values of one or two fields, most lines first,
   * at most `limit` rows (the firewall block list: per rule set and rule).
   */
  groupTotals(search: LogSearch, by: readonly LogFieldName[], limit: number): Promise<LogGroupTotalRow[]>;
  /**
   * Within each combination of the values of one or two fields, the `limit` most frequent values of `field`, in one
   * scan (the bot summary's samples per row, the firewall block list's top targets per rule).
   */
  topPerGroup(search: LogSearch, by: readonly LogFieldName[], field: LogFieldName, limit: number): Promise<LogTopPerGroupRow[]>;
  /**
   * Lines per bucket and how many of them match each condition, oldest bucket first, buckets without lines absent: one
   * scan for the bot summary's classes over time (issue 25), where a query per class scanned once each.
   */
  conditionCounts(query: LogConditionCounts): Promise<LogConditionCountRow[]>;
  /**
   * The busiest values of one field with, per sample field, the most frequent values of each (top k of field B within
   * each of the top N values of field A), and how many of each group's lines match each condition: one statement,
   * with the engine's own top-k (the bot summary's signatures with their addresses, countries and user agents).
   */
  topGroups(query: LogTopGroupsQuery): Promise<LogTopGroupRow[]>;
}

// Reports (issue 25)
/** What a {@link LogStore.totals} ranking is ordered by. */
export type LogTotalOrder = 'requests' | 'bytes' | 'visitors';

/** One row of {@link LogStore.totals}: the sums of an aggregation row, over the whole range. */
export type LogTotalRow = Omit<LogAggregateRow, 'bucket'>;

/** One row of {@link LogStore.groupTotals}. */
export interface LogGroupTotalRow {
  /** The values of the grouping fields, in their order. */
  groups: string[];
  requests: number;
  /** Distinct client IPs (as in {@link LogAggregateRow}). */
  visitors: number;
  /** Time of the newest line, ms since the epoch. */
  last: number;
}

/** One row of {@link LogStore.topPerGroup}: one value of the ranked field within one group. */
export interface LogTopPerGroupRow {
  groups: string[];
  value: string;
  requests: number;
}

/** What {@link LogStore.conditionCounts} counts: per bucket, all lines and those matching each condition. */
export interface LogConditionCounts extends LogSearch {
  bucket: LogBucket;
  conditions: readonly LogPredicate[];
}

/** One bucket of {@link LogStore.conditionCounts}. */
export interface LogConditionCountRow {
  /** Start of the bucket, ms since the epoch (UTC). */
  bucket: number;
  requests: number;
  /** Lines matching each condition, in the query's order. */
  matching: number[];
}

/** A field sampled within each group of {@link LogStore.topGroups}, and how many of its values to keep (1-1000). */
export interface LogGroupSample {
  field: LogFieldName;
  limit: number;
}

/** What {@link LogStore.topGroups} ranks. */
export interface LogTopGroupsQuery extends LogSearch {
  /** The grouping field. */
  by: LogFieldName;
  /** Groups kept: the most lines first, ties by value. */
  limit: number;
  samples: readonly LogGroupSample[];
  conditions: readonly LogPredicate[];
}

/** One value and its lines within a group. */
export interface LogSampleValue {
  value: string;
  requests: number;
}

/** One group of {@link LogStore.topGroups}. */
export interface LogTopGroupRow {
  group: string;
  requests: number;
  /** Distinct client IPs (as in {@link LogAggregateRow}). */
  visitors: number;
  /** The group's lines matching each condition, in the query's order. */
  matching: number[];
  /** Per sample field, in the query's order: its most frequent values, most lines first, ties by value. */
  samples: LogSampleValue[][];
  /** Per sample field: how many distinct values it has in the group (exact in every engine). */
  distinct: number[];
}
