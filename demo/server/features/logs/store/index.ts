/**
 * Opening the log store (log-store.ts) and applying retention (issue 24: "retention per log type, partitioned by
 * day"). The server decorates itself with the store as `app.logStore` (declared below, next to the store, because the
 * platform layer may not import a feature).
 */
import { LOG_TYPES, type LogType } from '../../../../../core/logs/fields.js';
import { LOG_RETENTION_DAYS } from '../../../../../core/rules/bans.js';
import type { LogStore } from './log-store.js';

export type { LogAggregateRow, LogAggregation, LogBucket, LogPage, LogScope, LogSearch, LogStore } from './log-store.js';
export type { TcpFlowScope, TcpSeriesQuery, TcpSeriesRow, TcpTopQuery, TcpTopRow } from './log-store.js';
export type { LogGroupTotalRow, LogTopPerGroupRow, LogTotalOrder, LogTotalRow } from './log-store.js';
export type { LogConditionCountRow, LogConditionCounts, LogGroupSample, LogSampleValue, LogTopGroupRow, LogTopGroupsQuery } from './log-store.js';
export { bucketStart } from './sql.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The edge log store (DuckDB by default). */
    logStore: LogStore;
  }
}

export type LogEngine = LogStore['engine'];

/** Which store to open. */
export interface LogStoreOptions {
  /** Default DuckDB. */
  engine?: LogEngine;
  /** DuckDB or SQLite file, or `:memory:` (the default). */
  path?: string;
  /** ClickHouse's URL (required for ClickHouse), e.g. `http://default:@localhost:8123/default`. */
  url?: string;
}

/** Opens a log store; the engines load only when chosen, so a DuckDB server never loads the ClickHouse client. */
export async function openLogStore(options: LogStoreOptions = {}): Promise<LogStore> {
  const engine = options.engine ?? 'duckdb';
  switch (engine) {
    case 'duckdb': {
      const { openDuckDbLogStore } = await import('./duckdb-store.js');
      return openDuckDbLogStore(options.path ?? ':memory:');
    }
    case 'sqlite': {
      const { openSqliteLogStore } = await import('./sqlite-store.js');
      return openSqliteLogStore(options.path ?? ':memory:');
    }
    case 'clickhouse': {
      if (!options.url) throw new Error('the ClickHouse log store needs a URL (CLICKHOUSE_URL)');
      const { openClickHouseLogStore } = await import('./clickhouse-store.js');
      return openClickHouseLogStore(options.url);
    }
    default:
      throw new Error(`unknown log store engine: ${JSON.stringify(engine)}`);
  }
}

/**
 * A store opened on first use. An in-memory store that was never used holds nothing, so pruning or counting it does
 * not open it: a test server that never touches logs never starts DuckDB.
 */
export function lazyLogStore(options: LogStoreOptions): LogStore {
  let opened: Promise<LogStore> | null = null;
  const inMemory = (options.path ?? ':memory:') === ':memory:' && options.engine !== 'clickhouse';
  const store = () => (opened ??= openLogStore(options));
  return {
    engine: options.engine ?? 'duckdb',
    append: async (rows) => (await store()).append(rows),
    search: async (search, limit) => (await store()).search(search, limit),
    topValues: async (search, field, prefix, limit) => (await store()).topValues(search, field, prefix, limit),
    aggregate: async (aggregation) => (await store()).aggregate(aggregation),
    scan: async (search, limit, onBatch) => (await store()).scan(search, limit, onBatch),
    prune: async (logType, before) => (inMemory && !opened ? 0 : (await store()).prune(logType, before)),
    count: async () => (inMemory && !opened ? emptyCounts() : (await store()).count()),
    close: async () => {
      if (opened) await (await opened).close();
    },
    appendTcpFlows: async (flows) => (await store()).appendTcpFlows(flows),
    tcpSeries: async (query) => (await store()).tcpSeries(query),
    tcpTop: async (query) => (await store()).tcpTop(query),
    pruneTcpFlows: async (before) => (inMemory && !opened ? 0 : (await store()).pruneTcpFlows(before)),
    // Reports (issue 25)
    totals: async (search, groupBy, orderBy, limit) => (await store()).totals(search, groupBy, orderBy, limit),
    groupTotals: async (search, by, limit) => (await store()).groupTotals(search, by, limit),
    topPerGroup: async (search, by, field, limit) => (await store()).topPerGroup(search, by, field, limit),
    conditionCounts: async (query) => (await store()).conditionCounts(query),
    topGroups: async (query) => (await store()).topGroups(query),
  };
}

function emptyCounts(): Record<LogType, number> {
  return Object.fromEntries(LOG_TYPES.map((type) => [type, 0])) as Record<LogType, number>;
}

const DAY_MS = 86_400_000;

/** Deletes every line older than its type's retention (LOG_RETENTION_DAYS); answers how many went, per type. */
export async function pruneByRetention(store: LogStore, now: number): Promise<Record<LogType, number>> {
  const pruned = emptyCounts();
  for (const type of LOG_TYPES) pruned[type] = await store.prune(type, now - LOG_RETENTION_DAYS[type] * DAY_MS);
  // Layer-4 flows are connection records, kept as long as the access log.
  await store.pruneTcpFlows(now - LOG_RETENTION_DAYS.access * DAY_MS);
  return pruned;
}

/**
 * Prunes now and then once a day. The timer is unref'd (it never keeps the process alive); `stop` clears it and
 * waits for a prune under way, so the store can be closed after it.
 */
export function scheduleRetention(store: LogStore, now: () => number, onError: (error: unknown) => void): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = running.then(() => pruneByRetention(store, now())).catch(onError);
  };
  prune();
  const timer = setInterval(prune, DAY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
