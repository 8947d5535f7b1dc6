/**
 * The default log store: DuckDB embedded (@duckdb/node-api), in memory or in a file (issue 24).
 *
 * Layout: one columnar table in arrival order, no secondary index. Lines arrive roughly in time order, so DuckDB's
 * per-row-group min/max statistics (zone maps) on `ts` skip every row group outside a search's time range, and the
 * remaining filters run vectorised over the few columns they name; `ORDER BY ts DESC LIMIT n` is a top-n that only
 * materialises the other columns of the rows it returns. An ART index would slow every append and is not used for
 * ranges, so there is none.
 *
 * Concurrency: a DuckDB connection runs one statement at a time and owns one transaction, and a pending or streaming
 * result is invalidated by the connection's next statement. So writes (appends in an explicit transaction, prunes)
 * go through one writer connection behind a queue, and every read takes a connection of its own from a small pool.
 * DuckDB's MVCC lets the readers run while the writer appends: a read sees each batch whole or not at all.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  BIGINT,
  DOUBLE,
  DuckDBInstance,
  INTEGER,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBListValue,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { LOG_COLUMNS, LOG_TYPES, type LogRow, type LogType } from '../../../../../core/logs/fields.js';
import type { LogFieldName } from '../../../../../core/logs/predicate.js';
import type { LogAggregateRow, LogAggregation, LogPage, LogStore } from './log-store.js';
import { TCP_FLOW_TABLE, tcpFlowColumnsSql, tcpFlowReads, tcpFlowValues, tcpPruneStatement } from './tcp-flow-sql.js';
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

/** Columns holding epoch milliseconds or byte counts need 64 bits; the other integers fit 32. */
const WIDE_COLUMNS: ReadonlySet<string> = new Set(['ts', 'bytes_sent', 'ip_hi', 'ip_lo']);

function columnType(column: string): DuckDBType {
  if (WIDE_COLUMNS.has(column)) return BIGINT;
  return INTEGER_COLUMNS.has(column as keyof LogRow) ? INTEGER : VARCHAR;
}

/** Idle reader connections kept for the next read. */
const IDLE_READERS = 4;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (${STORED_COLUMNS.map(
  (column) => `${column} ${columnType(column).toString()}${column === 'ip_hi' || column === 'ip_lo' ? '' : ' NOT NULL'}`,
).join(', ')})`;

function bindings(params: readonly SqlParam[]): { values: DuckDBValue[]; types: DuckDBType[] } {
  const values: DuckDBValue[] = [];
  const types: DuckDBType[] = [];
  for (const param of params) {
    if (param.type === 'int') {
      values.push(BigInt(param.value));
      types.push(BIGINT);
    } else if (param.type === 'float') {
      values.push(Number(param.value));
      types.push(DOUBLE);
    } else {
      values.push(String(param.value));
      types.push(VARCHAR);
    }
  }
  return { values, types };
}

function toNumber(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : (value as number);
}

/** Rows from result columns in {@link LOG_COLUMNS} order. */
function rowsOf(columns: readonly (readonly unknown[])[]): LogRow[] {
  const count = columns[0]?.length ?? 0;
  const rows: LogRow[] = new Array(count);
  for (let r = 0; r < count; r++) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < LOG_COLUMNS.length; c++) {
      const name = LOG_COLUMNS[c]!;
      const value = columns[c]![r];
      row[name] = INTEGER_COLUMNS.has(name) ? toNumber(value) : value;
    }
    rows[r] = row as unknown as LogRow;
  }
  return rows;
}

/** How each row column is appended: 2 = BIGINT, 1 = INTEGER, 0 = VARCHAR. */
const APPEND_KINDS = LOG_COLUMNS.map((column) => (WIDE_COLUMNS.has(column) ? 2 : INTEGER_COLUMNS.has(column) ? 1 : 0));

function malformed(column: string, value: unknown): Error {
  return new Error(`log line column ${column} has the wrong type: ${JSON.stringify(value)}`);
}

/**
 * Appends rows value by value. Measured against filling data chunks (DuckDBDataChunk.setColumns), this is 1.5-2.5x
 * faster here: a chunk pays for a JavaScript view of every vector and a second pass to copy strings in, the row
 * appender hands each value over once.
 */
function appendRows(appender: DuckDBAppender, rows: readonly LogRow[]): void {
  for (const row of rows) {
    for (let c = 0; c < LOG_COLUMNS.length; c++) {
      const column = LOG_COLUMNS[c]!;
      const value = row[column];
      const kind = APPEND_KINDS[c];
      if (kind === 0) {
        if (typeof value !== 'string') throw malformed(column, value);
        appender.appendVarchar(value);
      } else {
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw malformed(column, value);
        if (kind === 2) appender.appendBigInt(BigInt(value));
        else appender.appendInteger(value);
      }
    }
    const halves = storedHalves(row);
    if (halves.hi === null || halves.lo === null) {
      appender.appendNull();
      appender.appendNull();
    } else {
      appender.appendBigInt(halves.hi);
      appender.appendBigInt(halves.lo);
    }
    appender.endRow();
  }
}

/** Opens a DuckDB log store: `:memory:` (default) or a database file, created when missing. */
export async function openDuckDbLogStore(path = ':memory:'): Promise<LogStore> {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const instance = await DuckDBInstance.create(path);
  const writer = await instance.connect();
  await writer.run(CREATE_TABLE);
  await writer.run(`CREATE TABLE IF NOT EXISTS ${TCP_FLOW_TABLE} (${tcpFlowColumnsSql('duckdb')})`);
  const idle: DuckDBConnection[] = [];
  let writes: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Runs a write after every earlier one, on the writer connection. */
  function write<T>(action: () => Promise<T>): Promise<T> {
    const next = writes.then(action, action);
    writes = next.catch(() => undefined);
    return next;
  }

  /**
   * Appends to a table in one transaction, after every earlier write: rows the appender already flushed on its own
   * (every 2048) are rolled back too when a later row fails, so a batch is stored whole or not at all.
   */
  function appendWhole(table: string, fill: (appender: DuckDBAppender) => void): Promise<void> {
    return write(async () => {
      await writer.run('BEGIN TRANSACTION');
      try {
        const appender = await writer.createAppender(table);
        try {
          fill(appender);
          appender.flushSync();
        } catch (error) {
          appender.clear();
          throw error;
        } finally {
          appender.closeSync();
        }
        await writer.run('COMMIT');
      } catch (error) {
        await writer.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  async function read<T>(action: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    if (closed) throw new Error('the log store is closed');
    const connection = idle.pop() ?? (await instance.connect());
    try {
      return await action(connection);
    } finally {
      if (closed || idle.length >= IDLE_READERS) connection.closeSync();
      else idle.push(connection);
    }
  }

  async function columnsOf(connection: DuckDBConnection, sql: string, params: readonly SqlParam[]) {
    const { values, types } = bindings(params);
    const reader = await connection.runAndReadAll(sql, values, types);
    return reader.getColumns();
  }

  async function query(sql: string, params: readonly SqlParam[]) {
    return read((connection) => columnsOf(connection, sql, params));
  }

  /** Rows as records by column name, values as DuckDB gives them (bigints, list values). */
  async function records(sql: string, params: readonly SqlParam[]): Promise<Record<string, unknown>[]> {
    return read(async (connection) => {
      const { values, types } = bindings(params);
      return (await connection.runAndReadAll(sql, values, types)).getRowObjects();
    });
  }

  const store: LogStore = {
    engine: 'duckdb',

    append(rows) {
      if (rows.length === 0) return Promise.resolve();
      return appendWhole(LOG_TABLE, (appender) => appendRows(appender, rows));
    },

    async search(search, limit): Promise<LogPage> {
      const page = new SqlParams('duckdb');
      const pageSql = pageStatement(page, search, limit);
      const count = new SqlParams('duckdb');
      const countSql = countStatement(count, search);
      // Two connections, so the page and the count run side by side.
      const [rows, total] = await Promise.all([query(pageSql, page.params), query(countSql, count.params)]);
      return { rows: rowsOf(rows), total: toNumber(total[0]![0]) };
    },

    async topValues(search, field: LogFieldName, prefix, limit) {
      const p = new SqlParams('duckdb');
      const sql = topValuesStatement(p, search, field, prefix, limit);
      const [values, counts] = await query(sql, p.params);
      return (values ?? []).map((value, i) => ({ value: String(value), count: toNumber(counts![i]) }));
    },

    async aggregate(aggregation: LogAggregation): Promise<LogAggregateRow[]> {
      const p = new SqlParams('duckdb');
      const sql = aggregateStatement(p, aggregation, aggregation.bucket, aggregation.groupBy);
      const columns = await query(sql, p.params);
      const [bucket, group, requests, bytes, errors, hits, visitors] = columns;
      return (bucket ?? []).map((value, i) => ({
        bucket: toNumber(value),
        group: String(group![i]),
        requests: toNumber(requests![i]),
        bytes: toNumber(bytes![i] ?? 0),
        errors: toNumber(errors![i] ?? 0),
        hits: toNumber(hits![i] ?? 0),
        visitors: toNumber(visitors![i]),
      }));
    },

    async scan(search, limit, onBatch) {
      const p = new SqlParams('duckdb');
      const sql = pageStatement(p, search, limit);
      return read(async (connection) => {
        const { values, types } = bindings(p.params);
        const result = await connection.stream(sql, values, types);
        let read = 0;
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          const rows = rowsOf(chunk.getColumns());
          read += rows.length;
          await onBatch(rows);
        }
        return read;
      });
    },

    prune(logType, before) {
      return write(async () => {
        const p = new SqlParams('duckdb');
        const sql = pruneStatement(p, logType, before);
        const { values, types } = bindings(p.params);
        const result = await writer.run(sql, values, types);
        return result.rowsChanged;
      });
    },

    async count() {
      const counts = Object.fromEntries(LOG_TYPES.map((type) => [type, 0])) as Record<LogType, number>;
      const [types, totals] = await query(`SELECT log_type, count(*) FROM ${LOG_TABLE} GROUP BY log_type`, []);
      (types ?? []).forEach((type, i) => {
        counts[type as LogType] = toNumber(totals![i]);
      });
      return counts;
    },

    async close() {
      if (closed) return;
      closed = true;
      await writes;
      for (const connection of idle.splice(0)) connection.closeSync();
      writer.closeSync();
      instance.closeSync();
    },

    // Layer-4 flows (issue 28).
    appendTcpFlows(flows) {
      if (flows.length === 0) return Promise.resolve();
      return appendWhole(TCP_FLOW_TABLE, (appender) => {
        for (const flow of flows) {
          for (const value of tcpFlowValues(flow)) {
            if (typeof value === 'number') appender.appendBigInt(BigInt(value));
            else appender.appendVarchar(value);
          }
          appender.endRow();
        }
      });
    },

    ...tcpFlowReads('duckdb', async (sql, p) => {
      const reader = await read(async (connection) => {
        const { values, types } = bindings(p.params);
        return connection.runAndReadAll(sql, values, types);
      });
      return reader.getRowObjects().map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])));
    }),

    pruneTcpFlows(before) {
      return write(async () => {
        const p = new SqlParams('duckdb');
        const sql = tcpPruneStatement(p, before);
        const { values, types } = bindings(p.params);
        return (await writer.run(sql, values, types)).rowsChanged;
      });
    },

    // Reports (issue 25)
    async totals(search, groupBy, orderBy, limit) {
      const p = new SqlParams('duckdb');
      const [group, requests, bytes, errors, hits, visitors] = await query(totalsStatement(p, search, groupBy, orderBy, limit), p.params);
      return (group ?? []).map((value, i) => ({
        group: String(value),
        requests: toNumber(requests![i]),
        bytes: toNumber(bytes![i] ?? 0),
        errors: toNumber(errors![i] ?? 0),
        hits: toNumber(hits![i] ?? 0),
        visitors: toNumber(visitors![i]),
      }));
    },
    async groupTotals(search, by, limit) {
      const p = new SqlParams('duckdb');
      const columns = await query(groupTotalsStatement(p, search, by, limit), p.params);
      const [requests, visitors, last] = columns.slice(by.length);
      return (requests ?? []).map((n, i) => ({
        groups: columns.slice(0, by.length).map((column) => String(column![i])),
        requests: toNumber(n),
        visitors: toNumber(visitors![i]),
        last: toNumber(last![i]),
      }));
    },
    async topPerGroup(search, by, field, limit) {
      const p = new SqlParams('duckdb');
      const columns = await query(topPerGroupStatement(p, search, by, field, limit), p.params);
      const [value, n] = columns.slice(by.length);
      return (value ?? []).map((v, i) => ({ groups: columns.slice(0, by.length).map((column) => String(column![i])), value: String(v), requests: toNumber(n![i]) }));
    },
    async conditionCounts(query) {
      const p = new SqlParams('duckdb');
      return conditionCountRows(await records(conditionCountsStatement(p, query, query.bucket, query.conditions), p.params), query.conditions.length);
    },
    async topGroups(query) {
      const p = new SqlParams('duckdb');
      const rows = await records(topGroupsStatement(p, query, query.by, query.limit, query.samples, query.conditions), p.params);
      return topGroupRows(rows, query.samples.length, query.conditions.length, (value) => (value as DuckDBListValue).items);
    },
  };
  return store;
}
