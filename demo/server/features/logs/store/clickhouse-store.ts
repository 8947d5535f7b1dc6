/**
 * The ClickHouse log store (@clickhouse/client over HTTP), for operators who outgrow one machine (issue 24). The same
 * statements as DuckDB and SQLite (sql.ts), with ClickHouse's `{name:Type}` parameters.
 *
 * Table: MergeTree partitioned by the Beijing day of a line (rules §9 "Log time": the day a user sees), so a prune
 * drops whole days' parts; sorted by (member_id, log_type, domain_id, ts), the scope every read has, so the primary
 * index skips other accounts, types and domains before any column is read. Retention is applied by the server's
 * daily prune (index.ts) like the other engines, rather than a table TTL, so one retention table holds for all.
 *
 * An insert is atomic per partition: a batch that spans two Beijing days (a few seconds of traffic around
 * midnight) is written as two parts, and a failure between them could keep the first. ClickHouse gives no stronger
 * guarantee without a transaction; the simulator's batches rarely span midnight.
 */
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { LOG_COLUMNS, LOG_TYPES, type LogRow, type LogType } from '../../../../../core/logs/fields.js';
import type { LogAggregateRow, LogStore } from './log-store.js';
import { TCP_FLOW_COLUMNS } from '../../../../../core/logs/tcp-flows.js';
import { TCP_FLOW_TABLE, tcpFlowColumnsSql, tcpFlowReads, tcpFlowValues, tcpPruneCondition } from './tcp-flow-sql.js';
import {
  aggregateStatement,
  countStatement,
  INTEGER_COLUMNS,
  LOG_TABLE,
  pageStatement,
  pruneCondition,
  SqlParams,
  STORED_COLUMNS,
  storedHalves,
  topValuesStatement,
  totalsStatement,
  groupTotalsStatement,
  topPerGroupStatement,
  conditionCountsStatement,
  conditionCountRows,
  topGroupsStatement,
  topGroupRows,
} from './sql.js';

const WIDE_COLUMNS: ReadonlySet<string> = new Set(['ts', 'bytes_sent']);

function columnType(column: (typeof STORED_COLUMNS)[number]): string {
  if (column === 'ip_hi' || column === 'ip_lo') return 'Nullable(Int64)';
  if (column === 'log_type' || column === 'country' || column === 'province' || column === 'method' || column === 'scheme') return 'LowCardinality(String)';
  if (column === 'cache_status' || column === 'action' || column === 'attack_type') return 'LowCardinality(String)';
  if (WIDE_COLUMNS.has(column)) return 'Int64';
  return INTEGER_COLUMNS.has(column) ? 'Int32' : 'String';
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (${STORED_COLUMNS.map((column) => `${column} ${columnType(column)}`).join(', ')})
ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(ts, 1000), 'Asia/Shanghai'))
ORDER BY (member_id, log_type, domain_id, ts)`;

const CREATE_TCP_FLOW_TABLE = `CREATE TABLE IF NOT EXISTS ${TCP_FLOW_TABLE} (${tcpFlowColumnsSql('clickhouse')})
ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(ts, 1000), 'Asia/Shanghai'))
ORDER BY (member_id, rule_id, ts)`;

/** Numbers as JSON numbers (the client's default quotes 64-bit integers). */
const READ_SETTINGS = { output_format_json_quote_64bit_integers: 0 } as const;

function queryParams(p: SqlParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  p.params.forEach((param, i) => {
    params[`p${i}`] = typeof param.value === 'bigint' ? param.value.toString() : param.value;
  });
  return params;
}

function stored(row: LogRow): Record<string, unknown> {
  const halves = storedHalves(row);
  const out: Record<string, unknown> = {};
  for (const column of LOG_COLUMNS) out[column] = row[column];
  // Strings: JSON has no 64-bit integers; ClickHouse reads quoted integers into Int64.
  out.ip_hi = halves.hi === null ? null : halves.hi.toString();
  out.ip_lo = halves.lo === null ? null : halves.lo.toString();
  return out;
}

function toRow(record: Record<string, unknown>): LogRow {
  const row: Record<string, unknown> = {};
  for (const column of LOG_COLUMNS) row[column] = INTEGER_COLUMNS.has(column) ? Number(record[column]) : record[column];
  return row as unknown as LogRow;
}

/** Opens a ClickHouse log store at `url` (e.g. `http://user:password@host:8123/database`); creates the table. */
export async function openClickHouseLogStore(url: string): Promise<LogStore> {
  const client: ClickHouseClient = createClient({ url });
  await client.command({ query: CREATE_TABLE });
  await client.command({ query: CREATE_TCP_FLOW_TABLE });

  async function rows<T>(sql: string, p: SqlParams): Promise<T[]> {
    const result = await client.query({ query: sql, query_params: queryParams(p), format: 'JSONEachRow', clickhouse_settings: READ_SETTINGS });
    return result.json<T>();
  }

  const store: LogStore = {
    engine: 'clickhouse',
    async append(batch) {
      if (batch.length === 0) return;
      await client.insert({ table: LOG_TABLE, values: batch.map(stored), format: 'JSONEachRow' });
    },
    async search(search, limit) {
      const page = new SqlParams('clickhouse');
      const count = new SqlParams('clickhouse');
      const [found, totals] = await Promise.all([
        rows<Record<string, unknown>>(pageStatement(page, search, limit), page),
        rows<{ total: number }>(countStatement(count, search), count),
      ]);
      return { rows: found.map(toRow), total: Number(totals[0]?.total ?? 0) };
    },
    async topValues(search, field, prefix, limit) {
      const p = new SqlParams('clickhouse');
      const found = await rows<{ v: string; n: number }>(topValuesStatement(p, search, field, prefix, limit), p);
      return found.map((row) => ({ value: String(row.v), count: Number(row.n) }));
    },
    async aggregate(aggregation) {
      const p = new SqlParams('clickhouse');
      const found = await rows<Record<string, unknown>>(aggregateStatement(p, aggregation, aggregation.bucket, aggregation.groupBy), p);
      return found.map(
        (row): LogAggregateRow => ({
          bucket: Number(row.bucket),
          group: String(row.grp),
          requests: Number(row.requests),
          bytes: Number(row.bytes ?? 0),
          errors: Number(row.errors ?? 0),
          hits: Number(row.hits ?? 0),
          visitors: Number(row.visitors),
        }),
      );
    },
    async scan(search, limit, onBatch) {
      const p = new SqlParams('clickhouse');
      // At most the download limit (10,000 lines, rules §9): read whole, hand over in batches.
      const found = (await rows<Record<string, unknown>>(pageStatement(p, search, limit), p)).map(toRow);
      for (let start = 0; start < found.length; start += 2048) await onBatch(found.slice(start, start + 2048));
      return found.length;
    },
    async prune(logType, before) {
      const counting = new SqlParams('clickhouse');
      const condition = pruneCondition(counting, logType, before);
      const [counted] = await rows<{ n: number }>(`SELECT count(*) AS n FROM ${LOG_TABLE} WHERE ${condition}`, counting);
      const deleting = new SqlParams('clickhouse');
      await client.command({
        query: `ALTER TABLE ${LOG_TABLE} DELETE WHERE ${pruneCondition(deleting, logType, before)}`,
        query_params: queryParams(deleting),
        // Wait for the mutation, so the answer's count is what is gone.
        clickhouse_settings: { mutations_sync: '1' },
      });
      return Number(counted?.n ?? 0);
    },
    async count() {
      const counts = Object.fromEntries(LOG_TYPES.map((type) => [type, 0])) as Record<LogType, number>;
      const found = await rows<{ log_type: LogType; n: number }>(`SELECT log_type, count(*) AS n FROM ${LOG_TABLE} GROUP BY log_type`, new SqlParams('clickhouse'));
      for (const row of found) counts[row.log_type] = Number(row.n);
      return counts;
    },
    async close() {
      await client.close();
    },

    // Layer-4 flows (issue 28).
    async appendTcpFlows(flows) {
      if (flows.length === 0) return;
      const values = flows.map((flow) => {
        const record: Record<string, unknown> = {};
        tcpFlowValues(flow).forEach((value, i) => {
          record[TCP_FLOW_COLUMNS[i]!] = value;
        });
        return record;
      });
      await client.insert({ table: TCP_FLOW_TABLE, values, format: 'JSONEachRow' });
    },
    ...tcpFlowReads('clickhouse', (sql, p) => rows<Record<string, unknown>>(sql, p)),
    async pruneTcpFlows(before) {
      const counting = new SqlParams('clickhouse');
      const [counted] = await rows<{ n: number }>(`SELECT count(*) AS n FROM ${TCP_FLOW_TABLE} WHERE ${tcpPruneCondition(counting, before)}`, counting);
      const deleting = new SqlParams('clickhouse');
      await client.command({
        query: `ALTER TABLE ${TCP_FLOW_TABLE} DELETE WHERE ${tcpPruneCondition(deleting, before)}`,
        query_params: queryParams(deleting),
        clickhouse_settings: { mutations_sync: '1' },
      });
      return Number(counted?.n ?? 0);
    },

    // Reports (issue 25)
    async totals(search, groupBy, orderBy, limit) {
      const p = new SqlParams('clickhouse');
      const found = await rows<Record<string, unknown>>(totalsStatement(p, search, groupBy, orderBy, limit), p);
      return found.map((row) => ({
        group: String(row.grp),
        requests: Number(row.requests),
        bytes: Number(row.bytes ?? 0),
        errors: Number(row.errors ?? 0),
        hits: Number(row.hits ?? 0),
        visitors: Number(row.visitors),
      }));
    },
    async groupTotals(search, by, limit) {
      const p = new SqlParams('clickhouse');
      const found = await rows<Record<string, unknown>>(groupTotalsStatement(p, search, by, limit), p);
      return found.map((row) => ({ groups: by.map((_, index) => String(row[`g${index}`])), requests: Number(row.requests), visitors: Number(row.visitors), last: Number(row.last_ts) }));
    },
    async topPerGroup(search, by, field, limit) {
      const p = new SqlParams('clickhouse');
      const found = await rows<Record<string, unknown>>(topPerGroupStatement(p, search, by, field, limit), p);
      return found.map((row) => ({ groups: by.map((_, index) => String(row[`g${index}`])), value: String(row.v), requests: Number(row.n) }));
    },
    async conditionCounts(query) {
      const p = new SqlParams('clickhouse');
      return conditionCountRows(await rows<Record<string, unknown>>(conditionCountsStatement(p, query, query.bucket, query.conditions), p), query.conditions.length);
    },
    async topGroups(query) {
      const p = new SqlParams('clickhouse');
      const found = await rows<Record<string, unknown>>(topGroupsStatement(p, query, query.by, query.limit, query.samples, query.conditions), p);
      return topGroupRows(found, query.samples.length, query.conditions.length, (value) => value as unknown[]);
    },
  };
  return store;
}
