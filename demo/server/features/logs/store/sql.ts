/**
 * The one SQL shape of the log stores (log-store.ts): a {@link LogSearch} becomes a WHERE clause for DuckDB,
 * ClickHouse or SQLite with every value a bound parameter, so text a user typed into a filter or the advanced search
 * is only ever data (issue 24: "parsed to parameterised SQL, never string concatenation"). Field names are pasted into
 * the statement, so each one is checked against the field catalogue first and anything else throws: the expression
 * compiler already refuses unknown fields, this is the second line.
 *
 * Times are BIGINT milliseconds since the epoch (UTC) in all three engines. Day buckets are Beijing days (rules §9
 * "Log time", UTC+8): bucket = floor((ts + 8 h) / day) * day - 8 h.
 */
import { LOG_COLUMNS, LOG_FIELDS, type LogFieldKind, type LogRow } from '../../../../../core/logs/fields.js';
import type { LogFieldName, LogPredicate } from '../../../../../core/logs/predicate.js';
import { BEIJING_UTC_OFFSET_MINUTES } from '../../../../../core/rules/bans.js';
import { ipBlockRange, ipHalves } from './ip-range.js';
import type { LogBucket, LogConditionCountRow, LogScope, LogSearch, LogTopGroupRow, LogTotalOrder } from './log-store.js';

export type SqlDialect = 'duckdb' | 'clickhouse' | 'sqlite';

/** A bound value: `int` binds as a signed 64-bit integer, `float` as a double, `text` as a string. */
export interface SqlParam {
  type: 'int' | 'float' | 'text';
  value: number | bigint | string;
}

/** A statement fragment and its parameters, in placeholder order. */
export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

/** The table every store keeps its lines in. */
export const LOG_TABLE = 'logs';

/** Stored columns: the row's columns, then the client address as two sortable halves (ip-range.ts). */
export const STORED_COLUMNS = [...LOG_COLUMNS, 'ip_hi', 'ip_lo'] as const;
export type StoredColumn = (typeof STORED_COLUMNS)[number];

/** Integer columns of a row; every other row column is text. */
export const INTEGER_COLUMNS: ReadonlySet<keyof LogRow> = new Set<keyof LogRow>([
  'ts',
  'member_id',
  'domain_id',
  'status',
  'bytes_sent',
  'response_ms',
  'rule_id',
  'rule_set_id',
]);

const FIELD_KINDS: ReadonlyMap<string, LogFieldKind> = new Map(LOG_FIELDS.map((field) => [field.name, field.kind]));
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** The kind of a catalogue field; throws for any other name, so nothing but catalogue names reaches a statement. */
export function fieldKind(name: string): LogFieldKind {
  const kind = FIELD_KINDS.get(name);
  if (kind === undefined || !IDENTIFIER.test(name)) throw new Error(`not a log field: ${JSON.stringify(name)}`);
  return kind;
}

const BUCKET_MS: Record<LogBucket, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, 'five-minutes': 300_000 };
const BEIJING_OFFSET_MS = BEIJING_UTC_OFFSET_MINUTES * 60_000;

/** Collects parameters and writes each engine's placeholder. */
export class SqlParams {
  readonly params: SqlParam[] = [];
  constructor(readonly dialect: SqlDialect) {}

  /** Binds a value; answers its placeholder. */
  bind(type: SqlParam['type'], value: number | bigint | string): string {
    this.params.push({ type, value });
    if (this.dialect !== 'clickhouse') return '?';
    const chType = type === 'int' ? 'Int64' : type === 'float' ? 'Float64' : 'String';
    return `{p${this.params.length - 1}:${chType}}`;
  }

  /** Binds a number as an integer when it is one (the common case), as a double otherwise. */
  number(value: number): string {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return this.bind(Number.isInteger(value) ? 'int' : 'float', value);
  }

  text(value: string): string {
    return this.bind('text', value);
  }

  /** The engine's integer division (positive operands only: times are after 1970). */
  intDiv(left: string, right: string): string {
    if (this.dialect === 'clickhouse') return `intDiv(${left}, ${right})`;
    if (this.dialect === 'duckdb') return `(${left} // ${right})`;
    return `(${left} / ${right})`;
  }

  /** A column as text, for text operators on number fields and for group values. */
  asText(column: string): string {
    if (this.dialect === 'clickhouse') return `toString(${column})`;
    return `CAST(${column} AS ${this.dialect === 'duckdb' ? 'VARCHAR' : 'TEXT'})`;
  }
}

const ALWAYS = '1 = 1';
const NEVER = '1 = 0';

function integer(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} must be an integer, got ${value}`);
  return value;
}

/** The scope every read is confined to: one account, one type, a time range, the caller's domains. */
export function renderScope(p: SqlParams, scope: LogScope): string {
  const parts = [
    `member_id = ${p.bind('int', integer(scope.memberId, 'memberId'))}`,
    `log_type = ${p.text(scope.logType)}`,
    `ts >= ${p.bind('int', integer(scope.from, 'from'))}`,
    `ts < ${p.bind('int', integer(scope.to, 'to'))}`,
  ];
  if (scope.domainIds.length === 0) parts.push(NEVER);
  else parts.push(`domain_id IN (${scope.domainIds.map((id) => p.bind('int', integer(id, 'domain id'))).join(', ')})`);
  return parts.join(' AND ');
}

function textValue(value: string | number): string {
  return typeof value === 'number' ? String(value) : value;
}

function numberValue(field: string, value: string | number): number {
  if (typeof value !== 'number') throw new Error(`${field} compares with numbers, got ${JSON.stringify(value)}`);
  return value;
}

/** `(ip_hi, ip_lo) <op> (hi, lo)` in the lexicographic order of the two halves. */
function compareAddress(p: SqlParams, operator: string, value: string): string | null {
  const halves = ipHalves(value);
  if (halves === null) return null;
  const hi = () => p.bind('int', halves.hi);
  const lo = () => p.bind('int', halves.lo);
  switch (operator) {
    case '=':
      return `(ip_hi = ${hi()} AND ip_lo = ${lo()})`;
    case '!=':
      return `(ip_hi <> ${hi()} OR ip_lo <> ${lo()})`;
    default: {
      const strict = operator.charAt(0);
      return `(ip_hi ${strict} ${hi()} OR (ip_hi = ${hi()} AND ip_lo ${operator} ${lo()}))`;
    }
  }
}

function renderCidr(p: SqlParams, blocks: readonly string[]): string {
  if (blocks.length === 0) return NEVER;
  const alternatives = blocks.map((block) => {
    const range = ipBlockRange(block);
    if (range === null) throw new Error(`not an IP address or CIDR block: ${JSON.stringify(block)}`);
    if (range.lo === null) return `ip_hi BETWEEN ${p.bind('int', range.hi[0])} AND ${p.bind('int', range.hi[1])}`;
    return `(ip_hi = ${p.bind('int', range.hi[0])} AND ip_lo BETWEEN ${p.bind('int', range.lo[0])} AND ${p.bind('int', range.lo[1])})`;
  });
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}

const OPERATORS: Record<string, string> = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };

/** The fields a predicate reads. */
function fieldsRead(predicate: LogPredicate, into = new Set<string>()): Set<string> {
  switch (predicate.op) {
    case 'and':
    case 'or':
      for (const item of predicate.items) fieldsRead(item, into);
      break;
    case 'not':
      fieldsRead(predicate.item, into);
      break;
    case 'per-value':
      into.add(predicate.field);
      fieldsRead(predicate.item, into);
      break;
    default:
      into.add(predicate.field);
  }
  return into;
}

/**
 * A predicate as a boolean SQL expression. `scope` is the search's (renderWhere gives it): a `per-value` condition
 * reads the distinct values of its field within it; without one, it is tested line by line.
 */
export function renderPredicate(p: SqlParams, predicate: LogPredicate, scope?: LogScope): string {
  switch (predicate.op) {
    case 'and':
    case 'or': {
      if (predicate.items.length === 0) return predicate.op === 'and' ? ALWAYS : NEVER;
      const items = predicate.items.map((item) => renderPredicate(p, item, scope));
      return `(${items.join(predicate.op === 'and' ? ' AND ' : ' OR ')})`;
    }
    case 'not':
      return `(NOT ${renderPredicate(p, predicate.item, scope)})`;
    case 'per-value': {
      const { field, item } = predicate;
      // Text fields only: the other kinds read other columns (an address's halves), which the distinct values lack.
      if (fieldKind(field) !== 'text') throw new Error(`per-value applies to text fields, got ${JSON.stringify(field)}`);
      const read = [...fieldsRead(item)];
      if (read.some((name) => name !== field)) throw new Error(`a per-value condition on ${field} reads ${read.join(', ')}`);
      if (!scope) return renderPredicate(p, item);
      // The count is never 0; testing it keeps the engine from pushing `item` below the grouping, where DuckDB would
      // test it on every line again (measured: 400 ms of CPU over 2.3 million lines, against 70 ms this way).
      return (
        `${field} IN (SELECT ${field} FROM (SELECT ${field}, count(*) AS n FROM ${LOG_TABLE} WHERE ${renderScope(p, scope)} GROUP BY ${field}) per_value ` +
        `WHERE n > 0 AND ${renderPredicate(p, item)})`
      );
    }
    case 'compare': {
      const kind = fieldKind(predicate.field);
      const operator = OPERATORS[predicate.operator];
      if (operator === undefined) throw new Error(`not a comparison: ${JSON.stringify(predicate.operator)}`);
      if (kind === 'number' || kind === 'time') {
        return `${predicate.field} ${operator} ${p.number(numberValue(predicate.field, predicate.value))}`;
      }
      if (kind === 'ip') {
        const address = compareAddress(p, predicate.operator, textValue(predicate.value));
        if (address !== null) return address;
      }
      return `${predicate.field} ${operator} ${p.text(textValue(predicate.value))}`;
    }
    case 'in': {
      const kind = fieldKind(predicate.field);
      if (predicate.values.length === 0) return NEVER;
      if (kind === 'number' || kind === 'time') {
        return `${predicate.field} IN (${predicate.values.map((value) => p.number(numberValue(predicate.field, value))).join(', ')})`;
      }
      if (kind === 'ip') {
        const alternatives = predicate.values.map(
          (value) => compareAddress(p, '=', textValue(value)) ?? `${predicate.field} = ${p.text(textValue(value))}`,
        );
        return `(${alternatives.join(' OR ')})`;
      }
      return `${predicate.field} IN (${predicate.values.map((value) => p.text(textValue(value))).join(', ')})`;
    }
    case 'regex': {
      const column = textColumn(p, predicate.field);
      const pattern = p.text(predicate.pattern);
      if (p.dialect === 'duckdb') return `regexp_matches(${column}, ${pattern})`;
      if (p.dialect === 'clickhouse') return `match(${column}, ${pattern})`;
      // SQLite calls the regexp() function the store registers (sqlite-store.ts).
      return `${column} REGEXP ${pattern}`;
    }
    case 'prefix': {
      const column = textColumn(p, predicate.field);
      if (p.dialect === 'duckdb') return `starts_with(${column}, ${p.text(predicate.value)})`;
      if (p.dialect === 'clickhouse') return `startsWith(${column}, ${p.text(predicate.value)})`;
      // SQLite's LIKE ignores ASCII case; comparing the leading characters is exact and needs no escaping.
      return `substr(${column}, 1, ${p.bind('int', [...predicate.value].length)}) = ${p.text(predicate.value)}`;
    }
    case 'contains': {
      const column = textColumn(p, predicate.field);
      if (p.dialect === 'duckdb') return `contains(${column}, ${p.text(predicate.value)})`;
      if (p.dialect === 'clickhouse') return `(position(${column}, ${p.text(predicate.value)}) > 0)`;
      return `(instr(${column}, ${p.text(predicate.value)}) > 0)`;
    }
    case 'cidr':
      if ((predicate.field as string) !== 'client_ip') throw new Error(`cidr applies to client_ip only, got ${JSON.stringify(predicate.field)}`);
      return renderCidr(p, predicate.blocks);
    default:
      throw new Error(`unknown predicate: ${JSON.stringify((predicate as { op?: unknown }).op)}`);
  }
}

/** A catalogue field as text (number fields are cast), for the text operators. */
function textColumn(p: SqlParams, field: LogFieldName): string {
  const kind = fieldKind(field);
  return kind === 'number' || kind === 'time' ? p.asText(field) : field;
}

/** The WHERE condition of a search (without the keyword): its scope and its conditions. */
export function renderWhere(p: SqlParams, search: LogSearch): string {
  const scope = renderScope(p, search);
  return search.where ? `${scope} AND ${renderPredicate(p, search.where, search)}` : scope;
}

/** The start of a line's bucket (of its `ts`, or of a flow's `end_ts`); days start at 00:00 Beijing time (UTC+8), not UTC. */
export function bucketExpression(p: SqlParams, bucket: LogBucket, column: 'ts' | 'end_ts' = 'ts'): string {
  const size = BUCKET_MS[bucket];
  if (size === undefined) throw new Error(`unknown bucket: ${JSON.stringify(bucket)}`);
  // Minutes and hours fall on the same instants in UTC and UTC+8 (a whole-hour offset); days do not.
  const offset = bucket === 'day' ? BEIJING_OFFSET_MS : 0;
  const shifted = offset ? `(${column} + ${offset})` : column;
  return `(${p.intDiv(shifted, String(size))} * ${size}${offset ? ` - ${offset}` : ''})`;
}

/** Length of a bucket in ms. */
export function bucketLength(bucket: LogBucket): number {
  return BUCKET_MS[bucket];
}

/** The same bucket computed in JavaScript (tests, and stores that fill gaps). */
export function bucketStart(ts: number, bucket: LogBucket): number {
  const size = BUCKET_MS[bucket];
  const offset = bucket === 'day' ? BEIJING_OFFSET_MS : 0;
  return Math.floor((ts + offset) / size) * size - offset;
}

/** The select list of a row, in {@link LOG_COLUMNS} order. */
export const ROW_COLUMNS_SQL = LOG_COLUMNS.join(', ');

/** `field` of the catalogue as a SQL column name for grouping or top values. */
export function groupColumn(p: SqlParams, field: LogFieldName): string {
  fieldKind(field);
  return p.asText(field);
}

/** The stored values of one row, in {@link STORED_COLUMNS} order (the client address split as ip-range.ts says). */
export function storedHalves(row: LogRow): { hi: bigint | null; lo: bigint | null } {
  const halves = ipHalves(row.client_ip);
  return halves ? halves : { hi: null, lo: null };
}

/** The statements of a page, a count, top values and an aggregation, shared by the three stores. */
export function pageStatement(p: SqlParams, search: LogSearch, limit: number): string {
  return `SELECT ${ROW_COLUMNS_SQL} FROM ${LOG_TABLE} WHERE ${renderWhere(p, search)} ORDER BY ts DESC LIMIT ${p.bind('int', integer(limit, 'limit'))}`;
}

export function countStatement(p: SqlParams, search: LogSearch): string {
  return `SELECT count(*) AS total FROM ${LOG_TABLE} WHERE ${renderWhere(p, search)}`;
}

export function topValuesStatement(p: SqlParams, search: LogSearch, field: LogFieldName, prefix: string, limit: number): string {
  const column = groupColumn(p, field);
  let where = renderWhere(p, search);
  if (prefix !== '') where += ` AND ${renderPredicate(p, { op: 'prefix', field, value: prefix })}`;
  return `SELECT ${column} AS v, count(*) AS n FROM ${LOG_TABLE} WHERE ${where} GROUP BY v ORDER BY n DESC, v LIMIT ${p.bind('int', integer(limit, 'limit'))}`;
}

/**
 * Distinct client addresses (a report's visitors, UV). ClickHouse's `uniq` estimate stays within about 1-2 %; DuckDB's
 * `approx_count_distinct` does not: measured on DuckDB 1.5.6 it answered 1155 for 1024 addresses and 790,348 for
 * 1,000,064 (13 % and 21 % off), so DuckDB counts exactly, as SQLite does. Exact costs DuckDB about twice the
 * estimate's time (0.5-0.8 s against 0.3 s over 10 million lines), a price a figure users read as a count is worth.
 */
export function distinctClients(p: SqlParams, column = 'client_ip'): string {
  return p.dialect === 'clickhouse' ? `uniq(${column})` : `count(DISTINCT ${column})`;
}

export function aggregateStatement(p: SqlParams, search: LogSearch, bucket: LogBucket, groupBy?: LogFieldName): string {
  const bucketSql = bucketExpression(p, bucket);
  const group = groupBy ? groupColumn(p, groupBy) : "''";
  // Distinct client addresses: {@link distinctClients}.
  // Grouped by client IP, each group is one visitor by definition. Counting it anyway kept a distinct-count state per
  // group: over millions of client IPs (the hotspot report's top IPs) that state was most of the query's time (issue 25
  // bench: 4.6 s p50 over 10 million lines), for an answer that is always 1.
  const visitors =
    groupBy === 'client_ip'
      ? '1'
      : distinctClients(p);
  const where = renderWhere(p, search);
  return (
    `SELECT ${bucketSql} AS bucket, ${group} AS grp, count(*) AS requests, sum(bytes_sent) AS bytes, ` +
    `sum(CASE WHEN status >= 400 THEN 1 ELSE 0 END) AS errors, sum(CASE WHEN cache_status = 'hit' THEN 1 ELSE 0 END) AS hits, ` +
    `${visitors} AS visitors FROM ${LOG_TABLE} WHERE ${where} GROUP BY bucket, grp ORDER BY bucket, grp`
  );
}

/** The lines a prune deletes: one type, older than `before`. */
export function pruneCondition(p: SqlParams, logType: string, before: number): string {
  return `log_type = ${p.text(logType)} AND ts < ${p.bind('int', integer(before, 'before'))}`;
}

export function pruneStatement(p: SqlParams, logType: string, before: number): string {
  return `DELETE FROM ${LOG_TABLE} WHERE ${pruneCondition(p, logType, before)}`;
}

// Reports (issue 25)
const TOTAL_ORDERS: Record<LogTotalOrder, string> = { requests: 'requests', bytes: 'bytes', visitors: 'visitors' };

/**
 * Sums over the whole range, per value of `groupBy` (or one row for everything), largest `orderBy` first. Visitors are
 * counted as in {@link distinctClients}.
 */
export function totalsStatement(p: SqlParams, search: LogSearch, groupBy: LogFieldName | null, orderBy: LogTotalOrder, limit: number): string {
  const order = TOTAL_ORDERS[orderBy];
  if (order === undefined) throw new Error(`unknown order: ${JSON.stringify(orderBy)}`);
  const group = groupBy ? groupColumn(p, groupBy) : "''";
  // Grouped by client IP, each group is one visitor by definition. Counting it anyway kept a distinct-count state per
  // group: over millions of client IPs (the hotspot report's top IPs) that state was most of the query's time (issue 25
  // bench: 4.6 s p50 over 10 million lines), for an answer that is always 1.
  const visitors =
    groupBy === 'client_ip'
      ? '1'
      : distinctClients(p);
  const where = renderWhere(p, search);
  return (
    `SELECT ${group} AS grp, count(*) AS requests, sum(bytes_sent) AS bytes, ` +
    `sum(CASE WHEN status >= 400 THEN 1 ELSE 0 END) AS errors, sum(CASE WHEN cache_status = 'hit' THEN 1 ELSE 0 END) AS hits, ` +
    `${visitors} AS visitors FROM ${LOG_TABLE} WHERE ${where} GROUP BY grp ORDER BY ${order} DESC, grp LIMIT ${p.bind('int', integer(limit, 'limit'))}`
  );
}

// Two-field grouping (issue 25: the bot summary's per-row samples, the firewall block lists)
/** The group columns of a grouping by one or two fields, as `g0`, `g1`. */
function groupColumns(p: SqlParams, by: readonly LogFieldName[]): string[] {
  if (by.length < 1 || by.length > 2) throw new Error(`group by one or two fields, got ${by.length}`);
  return by.map((field, index) => `${groupColumn(p, field)} AS g${index}`);
}

/**
 * Lines, distinct clients and the newest line per combination of the values of `by` (one or two fields), most lines
 * first. Visitors as in {@link distinctClients}.
 */
export function groupTotalsStatement(p: SqlParams, search: LogSearch, by: readonly LogFieldName[], limit: number): string {
  const columns = groupColumns(p, by);
  const names = by.map((_, index) => `g${index}`).join(', ');
  const visitors = by.includes('client_ip') ? '1' : distinctClients(p);
  const where = renderWhere(p, search);
  return (
    `SELECT ${columns.join(', ')}, count(*) AS requests, ${visitors} AS visitors, max(ts) AS last_ts FROM ${LOG_TABLE} ` +
    `WHERE ${where} GROUP BY ${names} ORDER BY requests DESC, ${names} LIMIT ${p.bind('int', integer(limit, 'limit'))}`
  );
}

/**
 * Within each combination of the values of `by` (one or two fields), the `limit` most frequent values of `field`:
 * one scan where a query per group scanned once per group (a window over the grouped counts).
 */
export function topPerGroupStatement(p: SqlParams, search: LogSearch, by: readonly LogFieldName[], field: LogFieldName, limit: number): string {
  const columns = groupColumns(p, by);
  const names = by.map((_, index) => `g${index}`).join(', ');
  const value = groupColumn(p, field);
  const where = renderWhere(p, search);
  const inner =
    `SELECT ${columns.join(', ')}, ${value} AS v, count(*) AS n, ` +
    `row_number() OVER (PARTITION BY ${by.map((name) => groupColumn(p, name)).join(', ')} ORDER BY count(*) DESC, ${value}) AS rk ` +
    `FROM ${LOG_TABLE} WHERE ${where} GROUP BY ${names}, v`;
  return `SELECT ${names}, v, n FROM (${inner}) ranked WHERE rk <= ${p.bind('int', integer(limit, 'limit'))} ORDER BY ${names}, n DESC, v`;
}

// One scan for the bot summary (issue 25): classes over time, and top groups with their samples
/**
 * `1` for the lines matching a condition, `0` for the others, as `c0`, `c1`.. (summed into `m0`, `m1`..: ClickHouse
 * takes `sum(m0) AS m0` for a cyclic alias).
 */
function conditionColumns(p: SqlParams, search: LogSearch, conditions: readonly LogPredicate[]): string[] {
  return conditions.map((condition, index) => `CASE WHEN ${renderPredicate(p, condition, search)} THEN 1 ELSE 0 END AS c${index}`);
}

/** The sums of the condition columns. */
function conditionSums(conditions: readonly LogPredicate[]): string {
  return conditions.map((_, index) => `, sum(c${index}) AS m${index}`).join('');
}

/** Lines per bucket and, per condition, how many of them match it: one scan where a query per condition scanned once each. */
export function conditionCountsStatement(p: SqlParams, search: LogSearch, bucket: LogBucket, conditions: readonly LogPredicate[]): string {
  // Built in the statement's order: the '?' placeholders of DuckDB and SQLite bind by position.
  const bucketSql = bucketExpression(p, bucket);
  const columns = conditionColumns(p, search, conditions);
  const where = renderWhere(p, search);
  const sums = conditionSums(conditions);
  const lines = `SELECT ${bucketSql} AS bucket${columns.map((column) => `, ${column}`).join('')} FROM ${LOG_TABLE} WHERE ${where}`;
  return `SELECT bucket, count(*) AS requests${sums} FROM (${lines}) lines GROUP BY bucket ORDER BY bucket`;
}

/**
 * The `limit` values of `by` with the most lines, each with its lines, distinct clients, how many of its lines match
 * each condition and, per sample field, its `limit` most frequent values (most lines first, then by value). One
 * statement: the matching lines are read once (a materialised CTE where the engine has one), ranked by group, and the
 * samples taken with the engine's own top-k (DuckDB `arg_min(value, key, k)`, ClickHouse a sorted `groupArray`, SQLite
 * the baseline's window), only within the groups kept. The count of a sample's (group, value) pairs is its exact
 * number of distinct values, for free. Answers one row per group: `g, requests, visitors, m0.., v0, n0, d0, v1..`
 * where `vI`/`nI` are the values and their counts of sample I (lists; JSON text in SQLite) and `dI` its distinct values.
 */
export function topGroupsStatement(
  p: SqlParams,
  search: LogSearch,
  by: LogFieldName,
  limit: number,
  samples: readonly { field: LogFieldName; limit: number }[],
  conditions: readonly LogPredicate[],
): string {
  const group = groupColumn(p, by);
  const sampleColumns = samples.map((sample, index) => `${groupColumn(p, sample.field)} AS s${index}`);
  const matching = conditionColumns(p, search, conditions);
  const where = renderWhere(p, search);
  const visitors = by === 'client_ip' ? '1' : distinctClients(p, 'ip');
  const lines = `SELECT ${[`${group} AS g`, ...sampleColumns, 'client_ip AS ip', ...matching].join(', ')} FROM ${LOG_TABLE} WHERE ${where}`;
  const sums = conditionSums(conditions);
  const topGroups = `SELECT g, count(*) AS requests, ${visitors} AS visitors${sums} FROM lines GROUP BY g ORDER BY requests DESC, g LIMIT ${p.bind('int', integer(limit, 'limit'))}`;
  const ctes = [`lines AS ${p.dialect === 'clickhouse' ? '' : 'MATERIALIZED '}(${lines})`, `top_groups AS (${topGroups})`];
  samples.forEach((sample, index) => {
    // The sample size is pasted in (DuckDB's arg_min needs a constant), so it must be a small whole number.
    const k = integer(sample.limit, 'sample limit');
    if (k < 1 || k > 1000) throw new Error(`sample limit must be 1-1000, got ${k}`);
    const pairs = `SELECT g, s${index} AS v, count(*) AS n FROM lines WHERE g IN (SELECT g FROM top_groups) GROUP BY g, s${index}`;
    let top: string;
    if (p.dialect === 'duckdb') {
      // The k smallest of (-count, value): most lines first, ties by value, in that order.
      top = `SELECT g, arg_min(v, (-n, v), ${k}) AS vals, arg_min(n, (-n, v), ${k}) AS counts, count(*) AS distinct_values FROM (${pairs}) pairs GROUP BY g`;
    } else if (p.dialect === 'clickhouse') {
      const sorted = `arraySlice(arraySort(x -> (-toInt64(x.1), x.2), groupArray((n, v))), 1, ${k})`;
      top = `SELECT g, arrayMap(x -> x.2, ${sorted}) AS vals, arrayMap(x -> x.1, ${sorted}) AS counts, count(*) AS distinct_values FROM (${pairs}) pairs GROUP BY g`;
    } else {
      const ranked = `SELECT g, v, n, row_number() OVER (PARTITION BY g ORDER BY n DESC, v) AS rk FROM (${pairs}) pairs`;
      const kept = `FILTER (WHERE rk <= ${k})`;
      top = `SELECT g, json_group_array(v ORDER BY rk) ${kept} AS vals, json_group_array(n ORDER BY rk) ${kept} AS counts, count(*) AS distinct_values FROM (${ranked}) ranked GROUP BY g`;
    }
    ctes.push(`sample${index} AS (${top})`);
  });
  const select = ['t.g AS g', 't.requests AS requests', 't.visitors AS visitors', ...conditions.map((_, index) => `t.m${index} AS m${index}`)];
  const joins = samples.map((_, index) => {
    select.push(`sample${index}.vals AS v${index}`, `sample${index}.counts AS n${index}`, `sample${index}.distinct_values AS d${index}`);
    return ` LEFT JOIN sample${index} ON sample${index}.g = t.g`;
  });
  return `WITH ${ctes.join(', ')} SELECT ${select.join(', ')} FROM top_groups t${joins.join('')} ORDER BY t.requests DESC, t.g`;
}

/** A count as the engines return it (a bigint from DuckDB, a number or numeric text from the others). */
function countOf(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** The rows of {@link conditionCountsStatement}, whatever the engine (records by column name). */
export function conditionCountRows(records: readonly Record<string, unknown>[], conditions: number): LogConditionCountRow[] {
  return records.map((record) => ({
    bucket: countOf(record.bucket),
    requests: countOf(record.requests),
    matching: Array.from({ length: conditions }, (_, index) => countOf(record[`m${index}`])),
  }));
}

/** The rows of {@link topGroupsStatement}; `list` reads one list value the engine's way. */
export function topGroupRows(records: readonly Record<string, unknown>[], samples: number, conditions: number, list: (value: unknown) => readonly unknown[]): LogTopGroupRow[] {
  return records.map((record) => ({
    group: String(record.g),
    requests: countOf(record.requests),
    visitors: countOf(record.visitors),
    matching: Array.from({ length: conditions }, (_, index) => countOf(record[`m${index}`])),
    samples: Array.from({ length: samples }, (_, index) => {
      const values = record[`v${index}`] === null || record[`v${index}`] === undefined ? [] : list(record[`v${index}`]);
      const counts = record[`n${index}`] === null || record[`n${index}`] === undefined ? [] : list(record[`n${index}`]);
      return values.map((value, at) => ({ value: String(value), requests: countOf(counts[at]) }));
    }),
    distinct: Array.from({ length: samples }, (_, index) => countOf(record[`d${index}`])),
  }));
}
