/**
 * The SQLite log store (better-sqlite3): the benchmark's baseline and a third engine for the contract tests, running
 * the same statements as DuckDB and ClickHouse (sql.ts). Not meant for production traffic: a row store answers
 * "every line of the last 30 days with status >= 500" by reading whole rows.
 *
 * better-sqlite3 is synchronous, so every call already runs alone on the event loop: nothing to serialise. An append
 * is one transaction (whole or nothing). Indexes: the scope every read has (account, type, domain, time), and the
 * time range alone for prunes.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { LOG_COLUMNS, LOG_TYPES, type LogRow, type LogType } from '../../../../../core/logs/fields.js';
import type { LogAggregateRow, LogStore } from './log-store.js';
import { TCP_FLOW_TABLE, tcpFlowColumnsSql, tcpFlowReads, tcpFlowValues, tcpPruneStatement } from './tcp-flow-sql.js';
import { TCP_FLOW_COLUMNS, type TcpFlow } from '../../../../../core/logs/tcp-flows.js';
import {
  aggregateStatement,
  countStatement,
  INTEGER_COLUMNS,
  LOG_TABLE,
  pageStatement,
  pruneStatement,
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
  type SqlParam,
} from './sql.js';

const CREATE = [
  `CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (${STORED_COLUMNS.map((column) => {
    if (column === 'ip_hi' || column === 'ip_lo') return `${column} INTEGER`;
    return `${column} ${INTEGER_COLUMNS.has(column) ? 'INTEGER' : 'TEXT'} NOT NULL`;
  }).join(', ')})`,
  `CREATE INDEX IF NOT EXISTS logs_scope ON ${LOG_TABLE} (member_id, log_type, domain_id, ts)`,
  `CREATE INDEX IF NOT EXISTS logs_age ON ${LOG_TABLE} (log_type, ts)`,
  `CREATE TABLE IF NOT EXISTS ${TCP_FLOW_TABLE} (${tcpFlowColumnsSql('sqlite')})`,
  `CREATE INDEX IF NOT EXISTS tcp_flows_scope ON ${TCP_FLOW_TABLE} (member_id, rule_id, ts)`,
];

/** Compiled patterns of the REGEXP function; a search uses one or two, so the cache stays small. */
const patterns = new Map<string, RegExp>();

function regexp(pattern: unknown, value: unknown): number {
  if (typeof pattern !== 'string' || value === null || value === undefined) return 0;
  let compiled = patterns.get(pattern);
  if (!compiled) {
    // JavaScript's syntax stands in for RE2 here: the baseline only runs patterns both engines read alike.
    compiled = new RegExp(pattern, 'u');
    if (patterns.size > 100) patterns.clear();
    patterns.set(pattern, compiled);
  }
  return compiled.test(String(value)) ? 1 : 0;
}

function values(params: readonly SqlParam[]): (number | bigint | string)[] {
  return params.map((param) => (param.type === 'int' && typeof param.value === 'number' && !Number.isSafeInteger(param.value) ? BigInt(param.value) : param.value));
}

/** Opens a SQLite log store: `:memory:` (default) or a file. */
export function openSqliteLogStore(path = ':memory:'): LogStore {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path);
  if (path !== ':memory:') {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.function('regexp', { deterministic: true }, regexp);
  for (const sql of CREATE) db.exec(sql);
  const insert = db.prepare(`INSERT INTO ${LOG_TABLE} (${STORED_COLUMNS.join(', ')}) VALUES (${STORED_COLUMNS.map(() => '?').join(', ')})`);
  const insertAll = db.transaction((rows: readonly LogRow[]) => {
    for (const row of rows) {
      const halves = storedHalves(row);
      insert.run(...LOG_COLUMNS.map((column) => row[column]), halves.hi, halves.lo);
    }
  });

  const insertFlow = db.prepare(`INSERT INTO ${TCP_FLOW_TABLE} (${TCP_FLOW_COLUMNS.join(', ')}) VALUES (${TCP_FLOW_COLUMNS.map(() => '?').join(', ')})`);
  const insertFlows = db.transaction((flows: readonly TcpFlow[]) => {
    for (const flow of flows) insertFlow.run(...tcpFlowValues(flow));
  });

  function all<T>(sql: string, p: SqlParams): T[] {
    return db.prepare(sql).all(...values(p.params)) as T[];
  }

  const store: LogStore = {
    engine: 'sqlite',
    async append(rows) {
      insertAll(rows);
    },
    async search(search, limit) {
      const page = new SqlParams('sqlite');
      const rows = all<LogRow>(pageStatement(page, search, limit), page);
      const count = new SqlParams('sqlite');
      const [{ total }] = all<{ total: number }>(countStatement(count, search), count) as [{ total: number }];
      return { rows, total };
    },
    async topValues(search, field, prefix, limit) {
      const p = new SqlParams('sqlite');
      return all<{ v: string; n: number }>(topValuesStatement(p, search, field, prefix, limit), p).map((row) => ({ value: String(row.v), count: row.n }));
    },
    async aggregate(aggregation) {
      const p = new SqlParams('sqlite');
      const rows = all<{ bucket: number; grp: unknown; requests: number; bytes: number | null; errors: number | null; hits: number | null; visitors: number }>(
        aggregateStatement(p, aggregation, aggregation.bucket, aggregation.groupBy),
        p,
      );
      return rows.map(
        (row): LogAggregateRow => ({
          bucket: row.bucket,
          group: String(row.grp),
          requests: row.requests,
          bytes: row.bytes ?? 0,
          errors: row.errors ?? 0,
          hits: row.hits ?? 0,
          visitors: row.visitors,
        }),
      );
    },
    async scan(search, limit, onBatch) {
      const p = new SqlParams('sqlite');
      // Read at once: an open iterator would lock the connection against appends while a batch is being written out,
      // and a scan is bounded by the download limit (10,000 lines, rules §9).
      const rows = all<LogRow>(pageStatement(p, search, limit), p);
      for (let start = 0; start < rows.length; start += 2048) await onBatch(rows.slice(start, start + 2048));
      return rows.length;
    },
    async prune(logType, before) {
      const p = new SqlParams('sqlite');
      return db.prepare(pruneStatement(p, logType, before)).run(...values(p.params)).changes;
    },
    async count() {
      const counts = Object.fromEntries(LOG_TYPES.map((type) => [type, 0])) as Record<LogType, number>;
      for (const row of db.prepare(`SELECT log_type, count(*) AS n FROM ${LOG_TABLE} GROUP BY log_type`).all() as { log_type: LogType; n: number }[]) {
        counts[row.log_type] = row.n;
      }
      return counts;
    },
    async close() {
      if (db.open) db.close();
    },

    // Layer-4 flows (issue 28).
    async appendTcpFlows(flows) {
      insertFlows(flows);
    },
    ...tcpFlowReads('sqlite', async (sql, p) => all<Record<string, unknown>>(sql, p)),
    async pruneTcpFlows(before) {
      const p = new SqlParams('sqlite');
      return db.prepare(tcpPruneStatement(p, before)).run(...values(p.params)).changes;
    },

    // Reports (issue 25)
    async totals(search, groupBy, orderBy, limit) {
      const p = new SqlParams('sqlite');
      const rows = all<{ grp: unknown; requests: number; bytes: number | null; errors: number | null; hits: number | null; visitors: number }>(
        totalsStatement(p, search, groupBy, orderBy, limit),
        p,
      );
      return rows.map((row) => ({ group: String(row.grp), requests: row.requests, bytes: row.bytes ?? 0, errors: row.errors ?? 0, hits: row.hits ?? 0, visitors: row.visitors }));
    },
    async groupTotals(search, by, limit) {
      const p = new SqlParams('sqlite');
      const rows = all<Record<string, unknown>>(groupTotalsStatement(p, search, by, limit), p);
      return rows.map((row) => ({ groups: by.map((_, index) => String(row[`g${index}`])), requests: Number(row.requests), visitors: Number(row.visitors), last: Number(row.last_ts) }));
    },
    async topPerGroup(search, by, field, limit) {
      const p = new SqlParams('sqlite');
      const rows = all<Record<string, unknown>>(topPerGroupStatement(p, search, by, field, limit), p);
      return rows.map((row) => ({ groups: by.map((_, index) => String(row[`g${index}`])), value: String(row.v), requests: Number(row.n) }));
    },
    async conditionCounts(query) {
      const p = new SqlParams('sqlite');
      return conditionCountRows(all<Record<string, unknown>>(conditionCountsStatement(p, query, query.bucket, query.conditions), p), query.conditions.length);
    },
    async topGroups(query) {
      const p = new SqlParams('sqlite');
      const found = all<Record<string, unknown>>(topGroupsStatement(p, query, query.by, query.limit, query.samples, query.conditions), p);
      return topGroupRows(found, query.samples.length, query.conditions.length, (value) => JSON.parse(String(value)) as unknown[]);
    },
  };
  return store;
}
