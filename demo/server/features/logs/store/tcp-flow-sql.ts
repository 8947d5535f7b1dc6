/**
 * Layer-4 flows in the log store (issue 28; core/logs/tcp-flows.ts): the table, and the two reads the TCP reports
 * make, written once for the three engines like sql.ts. A store supplies only its table creation, its append and a
 * `select` (statement + bound parameters → rows); {@link tcpFlowReads} does the rest.
 *
 * Concurrent sessions need no range join: the sessions open just before a bucket starts are those open at the start
 * of the range, plus the sessions started since, minus those ended since. So one grouped count of starts and one of
 * ends give the whole curve, the same in every engine.
 */
import {
  ACCESS_CONTROL_VERDICTS,
  TCP_FLOW_COLUMNS,
  TCP_FLOW_INTEGER_COLUMNS,
  TCP_FLOW_MAX_MS,
  TCP_TOP_FIELDS,
  type TcpFlow,
  type TcpVerdict,
} from '../../../../../core/logs/tcp-flows.js';
import type { TcpFlowScope, TcpSeriesQuery, TcpSeriesRow, TcpTopQuery, TcpTopRow } from './log-store.js';
import { bucketExpression, bucketLength, bucketStart, distinctClients, SqlParams, type SqlDialect } from './sql.js';

export const TCP_FLOW_TABLE = 'tcp_flows';

/** Runs a statement with its parameters; answers rows keyed by column alias. */
export type SelectRows = (sql: string, params: SqlParams) => Promise<Record<string, unknown>[]>;

/** The column's SQL type per engine. */
export function tcpFlowColumnType(column: keyof TcpFlow, dialect: SqlDialect): string {
  const integer = TCP_FLOW_INTEGER_COLUMNS.has(column);
  if (dialect === 'clickhouse') return integer ? 'Int64' : 'String';
  if (dialect === 'duckdb') return integer ? 'BIGINT' : 'VARCHAR';
  return integer ? 'INTEGER' : 'TEXT';
}

/** Columns of the CREATE TABLE statement. */
export function tcpFlowColumnsSql(dialect: SqlDialect): string {
  const notNull = dialect === 'clickhouse' ? '' : ' NOT NULL';
  return TCP_FLOW_COLUMNS.map((column) => `${column} ${tcpFlowColumnType(column, dialect)}${notNull}`).join(', ');
}

function integer(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} must be an integer, got ${value}`);
  return value;
}

/** Account and rules (no time). */
function renderOwner(p: SqlParams, scope: TcpFlowScope): string {
  // Placeholders are positional: bind in the order they appear.
  const member = `member_id = ${p.bind('int', integer(scope.memberId, 'memberId'))}`;
  const rules = scope.ruleIds.length === 0 ? '1 = 0' : `rule_id IN (${scope.ruleIds.map((id) => p.bind('int', integer(id, 'rule id'))).join(', ')})`;
  return `${member} AND ${rules}`;
}

function renderScope(p: SqlParams, scope: TcpFlowScope): string {
  return `${renderOwner(p, scope)} AND ts >= ${p.bind('int', integer(scope.from, 'from'))} AND ts < ${p.bind('int', integer(scope.to, 'to'))}`;
}

function verdictCount(p: SqlParams, verdicts: readonly TcpVerdict[]): string {
  return `sum(CASE WHEN verdict IN (${verdicts.map((verdict) => p.text(verdict)).join(', ')}) THEN 1 ELSE 0 END)`;
}

export function tcpSeriesStatement(p: SqlParams, query: TcpSeriesQuery): string {
  const clients = distinctClients(p);
  return (
    `SELECT ${bucketExpression(p, query.bucket)} AS bucket, count(*) AS sessions, ${verdictCount(p, ['forwarded'])} AS forwarded, ` +
    `sum(bytes_in) AS bytes_in, sum(bytes_out) AS bytes_out, ${verdictCount(p, ACCESS_CONTROL_VERDICTS)} AS denied, ` +
    `${verdictCount(p, ['cc-drop'])} AS attacks, ${verdictCount(p, ['origin-failure'])} AS failed, ${clients} AS clients ` +
    `FROM ${TCP_FLOW_TABLE} WHERE ${renderScope(p, query)} GROUP BY bucket ORDER BY bucket`
  );
}

/** Forwarded sessions that ended within the range, per bucket of their end. */
export function tcpEndsStatement(p: SqlParams, query: TcpSeriesQuery): string {
  return (
    `SELECT ${bucketExpression(p, query.bucket, 'end_ts')} AS bucket, count(*) AS ended FROM ${TCP_FLOW_TABLE} ` +
    `WHERE ${renderOwner(p, query)} AND verdict = ${p.text('forwarded')} ` +
    // Opened at most TCP_FLOW_MAX_MS before the range: lets the engines skip older data by `ts`.
    `AND ts >= ${p.bind('int', query.from - TCP_FLOW_MAX_MS)} AND ts < ${p.bind('int', query.to)} ` +
    `AND end_ts >= ${p.bind('int', query.from)} AND end_ts < ${p.bind('int', query.to)} GROUP BY bucket`
  );
}

/** Forwarded sessions open at the start of the range. */
export function tcpOpenAtStatement(p: SqlParams, query: TcpFlowScope): string {
  return (
    `SELECT count(*) AS open FROM ${TCP_FLOW_TABLE} WHERE ${renderOwner(p, query)} AND verdict = ${p.text('forwarded')} ` +
    `AND ts >= ${p.bind('int', query.from - TCP_FLOW_MAX_MS)} AND ts < ${p.bind('int', query.from)} AND end_ts > ${p.bind('int', query.from)}`
  );
}

export function tcpTopStatement(p: SqlParams, query: TcpTopQuery): string {
  if (!(TCP_TOP_FIELDS as readonly string[]).includes(query.field)) throw new Error(`not a flow field to rank by: ${JSON.stringify(query.field)}`);
  const column = p.asText(query.field);
  let where = renderScope(p, query);
  if (query.verdicts) {
    where += query.verdicts.length === 0 ? ' AND 1 = 0' : ` AND verdict IN (${query.verdicts.map((verdict) => p.text(verdict)).join(', ')})`;
  }
  return (
    `SELECT ${column} AS v, count(*) AS n, sum(bytes_in + bytes_out) AS b FROM ${TCP_FLOW_TABLE} WHERE ${where} ` +
    `GROUP BY v ORDER BY n DESC, v LIMIT ${p.bind('int', integer(query.limit, 'limit'))}`
  );
}

/** The flows a prune deletes: opened before `before`. */
export function tcpPruneCondition(p: SqlParams, before: number): string {
  return `ts < ${p.bind('int', integer(before, 'before'))}`;
}

export function tcpPruneStatement(p: SqlParams, before: number): string {
  return `DELETE FROM ${TCP_FLOW_TABLE} WHERE ${tcpPruneCondition(p, before)}`;
}

/** A flow's values in {@link TCP_FLOW_COLUMNS} order, checked (a wrong type would corrupt a columnar append). */
export function tcpFlowValues(flow: TcpFlow): (string | number)[] {
  return TCP_FLOW_COLUMNS.map((column) => {
    const value = flow[column];
    const ok = TCP_FLOW_INTEGER_COLUMNS.has(column) ? typeof value === 'number' && Number.isSafeInteger(value) : typeof value === 'string';
    if (!ok) throw new Error(`flow column ${column} has the wrong type: ${JSON.stringify(value)}`);
    return value;
  });
}

const count = (value: unknown) => Number(value ?? 0);

/** The two reads, on any engine's `select`. */
export function tcpFlowReads(dialect: SqlDialect, select: SelectRows) {
  return {
    async tcpSeries(query: TcpSeriesQuery): Promise<TcpSeriesRow[]> {
      const main = new SqlParams(dialect);
      const ends = new SqlParams(dialect);
      const open = new SqlParams(dialect);
      const [rows, ended, openRows] = await Promise.all([
        select(tcpSeriesStatement(main, query), main),
        select(tcpEndsStatement(ends, query), ends),
        select(tcpOpenAtStatement(open, query), open),
      ]);
      const byBucket = new Map(rows.map((row) => [count(row.bucket), row]));
      const endedBy = new Map(ended.map((row) => [count(row.bucket), count(row.ended)]));
      const step = bucketLength(query.bucket);
      const out: TcpSeriesRow[] = [];
      let concurrent = count(openRows[0]?.open);
      for (let bucket = bucketStart(query.from, query.bucket); bucket < query.to; bucket += step) {
        const row = byBucket.get(bucket);
        out.push({
          bucket,
          sessions: count(row?.sessions),
          forwarded: count(row?.forwarded),
          concurrent,
          bytes_in: count(row?.bytes_in),
          bytes_out: count(row?.bytes_out),
          denied: count(row?.denied),
          attacks: count(row?.attacks),
          failed: count(row?.failed),
          clients: count(row?.clients),
        });
        concurrent += count(row?.forwarded) - (endedBy.get(bucket) ?? 0);
      }
      return out;
    },

    async tcpTop(query: TcpTopQuery): Promise<TcpTopRow[]> {
      const p = new SqlParams(dialect);
      const rows = await select(tcpTopStatement(p, query), p);
      return rows.map((row) => ({ value: String(row.v), sessions: count(row.n), bytes: count(row.b) }));
    },
  };
}

