// The log store (issue 24): ingest rate into DuckDB through the appender, then with 10 million access-log lines over
// 30 days the log retrieval's filtered first page (domain + status >= 500 + URL prefix, newest 500 and the total) and
// a 7-day hourly aggregation, side by side with SQLite as the baseline. Everything goes through the LogStore
// interface, so the API's own overhead (SQL rendering, binding, row conversion) is in the figures.
// Targets: ingest >= 100,000 rows/s, first page <= 100 ms p50, 7-day hourly aggregation <= 250 ms p50.
// Run with `npm run bench logs` or directly: `node --import tsx test/bench/logs.bench.ts [rows] [sqliteRows]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { LogRow } from '../../core/logs/fields.js';
import { openLogStore, type LogAggregation, type LogSearch, type LogStore } from '../../demo/server/features/logs/store/index.js';
import { aggregateStatement, countStatement, pageStatement, SqlParams } from '../../demo/server/features/logs/store/sql.js';

const DAY = 86_400_000;
const DOMAINS = 50;
const RUNS = 20;
const WARM_UP = 2;
const BATCH = 50_000;
const END = Date.UTC(2026, 10, 26);
const START = END - 30 * DAY;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** xorshift32: deterministic and cheap, so generating 10 million lines costs seconds, not minutes. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const PATHS = Array.from({ length: 1000 }, (_, i) => (i < 300 ? `/api/v1/items/${i}` : i < 600 ? `/static/${i}.js` : `/p/${i}/index.html`));
const AGENTS = ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1) Safari/604.1', 'curl/8.5.0', 'Googlebot/2.1'];
const COUNTRIES = ['CN', 'CN', 'CN', 'US', 'JP', 'DE', 'SG'];
const PROVINCES = ['CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ'];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'POST', 'HEAD'];
const CACHE = ['hit', 'hit', 'miss', 'bypass'] as const;

/** `count` synthetic access lines spread evenly over the 30 days, in time order, handed over in batches. */
async function generate(count: number, onBatch: (rows: LogRow[]) => Promise<void>, label: string): Promise<void> {
  const next = random(42);
  const step = (30 * DAY) / count;
  let reported = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const rows: LogRow[] = new Array(size);
    for (let i = 0; i < size; i++) {
      const n = start + i;
      const domain = 1 + Math.floor(next() * DOMAINS);
      const country = COUNTRIES[Math.floor(next() * COUNTRIES.length)]!;
      const roll = next();
      rows[i] = {
        ts: Math.floor(START + n * step),
        log_type: 'access',
        member_id: 1,
        domain_id: domain,
        domain: `site${domain}.example.com`,
        request_id: n.toString(16).padStart(32, '0'),
        client_ip: `${1 + Math.floor(next() * 223)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`,
        country,
        province: country === 'CN' ? PROVINCES[n % PROVINCES.length]! : '',
        method: METHODS[n % METHODS.length]!,
        scheme: roll < 0.9 ? 'https' : 'http',
        uri: PATHS[Math.floor(next() * PATHS.length)]!,
        query: roll < 0.3 ? `id=${n % 1000}` : '',
        status: roll < 0.02 ? 500 + (n % 5) : roll < 0.07 ? 404 : roll < 0.1 ? 304 : 200,
        bytes_sent: Math.floor(next() * 100_000),
        response_ms: Math.floor(next() * 800),
        user_agent: AGENTS[n % AGENTS.length]!,
        referer: '',
        ja3: '',
        ja4: '',
        cache_status: CACHE[n % CACHE.length]!,
        origin: '',
        rule_id: 0,
        rule_set_id: 0,
        action: '',
        attack_type: '',
      };
    }
    await onBatch(rows);
    if (start + size - reported >= count / 10 || start + size === count) {
      reported = start + size;
      process.stdout.write(`\r  ${label}: ${reported.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} lines`);
    }
  }
  process.stdout.write('\n');
}

interface Figures {
  engine: string;
  rows: number;
  ingest: number;
  page: [number, number];
  pageTotal: number;
  aggregate: [number, number];
}

async function measure(action: (run: number) => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < WARM_UP; i++) await action(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await action(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return [percentile(samples, 0.5), percentile(samples, 0.95)];
}

// The retrieval form: one domain (a different one each run), 5xx, a URL prefix; the whole 30 days.
function pageSearch(run: number): LogSearch {
  return {
    memberId: 1,
    logType: 'access',
    from: START,
    to: END,
    domainIds: [1 + (run % DOMAINS)],
    where: {
      op: 'and',
      items: [
        { op: 'compare', field: 'status', operator: '>=', value: 500 },
        { op: 'prefix', field: 'uri', value: '/api/' },
      ],
    },
  };
}

/** The last 7 days of every domain, by hour. */
const hourly: LogAggregation = {
  memberId: 1,
  logType: 'access',
  from: END - 7 * DAY,
  to: END,
  domainIds: Array.from({ length: DOMAINS }, (_, i) => i + 1),
  where: null,
  bucket: 'hour',
};

/** Appends `rows` generated lines through the store's append, answering the rate (generation not counted). */
async function ingest(store: LogStore, rows: number, label: string): Promise<number> {
  let appendMs = 0;
  await generate(
    rows,
    async (batch) => {
      const started = performance.now();
      await store.append(batch);
      appendMs += performance.now() - started;
    },
    label,
  );
  return rows / (appendMs / 1000);
}

/**
 * Fills a DuckDB file with `rows` lines of the same shape as {@link generate}, in SQL: the query figures need 10
 * million lines, and DuckDB makes them in seconds where building them in JavaScript takes minutes. The table is the
 * store's own (created by opening the store first); the client address halves are computed as ip-range.ts does
 * for IPv4 (::ffff:0:0/96, sign bits flipped).
 */
async function fillDuckDb(path: string, rows: number): Promise<Pick<Figures, 'page' | 'pageTotal' | 'aggregate'>> {
  await (await openLogStore({ engine: 'duckdb', path })).close();
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  const hash = (salt: string) => `(hash(i, '${salt}') % 1000000)::BIGINT`;
  process.stdout.write(`  duckdb: generating ${rows.toLocaleString('en-US')} lines in SQL …`);
  const started = performance.now();
  await connection.run(`INSERT INTO logs
    SELECT ts, 'access', 1, domain_id, 'site' || domain_id || '.example.com', printf('%032x', i), client_ip, country,
      CASE WHEN country = 'CN' THEN ['CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ'][i % 4 + 1] ELSE '' END,
      ['GET', 'GET', 'GET', 'GET', 'POST', 'HEAD'][i % 6 + 1], CASE WHEN r < 900 THEN 'https' ELSE 'http' END,
      CASE WHEN p < 300 THEN '/api/v1/items/' || p WHEN p < 600 THEN '/static/' || p || '.js' ELSE '/p/' || p || '/index.html' END,
      CASE WHEN r < 300 THEN 'id=' || (i % 1000) ELSE '' END,
      CASE WHEN r < 20 THEN 500 + i % 5 WHEN r < 70 THEN 404 WHEN r < 100 THEN 304 ELSE 200 END,
      ${hash('b')} % 100000, ${hash('t')} % 800, ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1) Safari/604.1', 'curl/8.5.0', 'Googlebot/2.1'][i % 4 + 1],
      '', '', '', ['hit', 'hit', 'miss', 'bypass'][i % 4 + 1], '', 0, 0, '', '',
      (-9223372036854775807 - 1)::BIGINT, (281470681743360 + v4 - 9223372036854775808)::BIGINT
    FROM (
      SELECT i, ${START} + (i * ${30 * DAY}) // ${rows} AS ts, 1 + (${hash('d')} % ${DOMAINS})::INTEGER AS domain_id,
        ${hash('r')} % 1000 AS r, ${hash('u')} % 1000 AS p, ['CN', 'CN', 'CN', 'US', 'JP', 'DE', 'SG'][${hash('c')} % 7 + 1] AS country,
        (1 + ${hash('a')} % 223) * 16777216 + ${hash('x')} % 16777216 AS v4,
        ((v4 // 16777216) || '.' || (v4 // 65536 % 256) || '.' || (v4 // 256 % 256) || '.' || (v4 % 256)) AS client_ip
      FROM range(${rows}) t(i)
    )`);
  console.log(` ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The same statements straight on a connection (bound the same way, results read but not converted to rows):
  // the difference to the store's figures is the API's own overhead.
  const { BIGINT, DOUBLE, VARCHAR } = await import('@duckdb/node-api');
  const run = async (sql: string, params: SqlParams) => {
    const values = params.params.map((param) => (param.type === 'int' ? BigInt(param.value) : param.value));
    const types = params.params.map((param) => (param.type === 'int' ? BIGINT : param.type === 'float' ? DOUBLE : VARCHAR));
    return (await connection.runAndReadAll(sql, values, types)).getColumns();
  };
  let pageTotal = 0;
  const page = await measure(async (i) => {
    const listing = new SqlParams('duckdb');
    await run(pageStatement(listing, pageSearch(i), 500), listing);
    const counting = new SqlParams('duckdb');
    pageTotal = Number((await run(countStatement(counting, pageSearch(i)), counting))[0]![0]);
  });
  const aggregate = await measure(async () => {
    const p = new SqlParams('duckdb');
    await run(aggregateStatement(p, hourly, 'hour'), p);
  });
  connection.closeSync();
  instance.closeSync();
  return { page, pageTotal, aggregate };
}

async function queries(store: LogStore): Promise<Pick<Figures, 'page' | 'pageTotal' | 'aggregate'>> {
  let pageTotal = 0;
  const page = await measure(async (run) => {
    const answer = await store.search(pageSearch(run), 500);
    pageTotal = answer.total;
  });
  const aggregate = await measure(async () => {
    const answer = await store.aggregate(hourly);
    if (answer.length !== 7 * 24) throw new Error(`expected 168 hourly buckets, got ${answer.length}`);
  });
  return { page, pageTotal, aggregate };
}

/** Prints the figures. */
export async function run(rows = 10_000_000, sqliteRows = 2_000_000, ingestRows = 1_000_000): Promise<void> {
  console.log(`Log store, ${DOMAINS} domains over 30 days, ${RUNS} runs after ${WARM_UP} warm-up (Node ${process.version}):`);
  const results: Figures[] = [];

  const scratch = mkdtempSync(join(tmpdir(), 'ec-logs-bench-'));
  try {
    const ingestStore = await openLogStore({ engine: 'duckdb' });
    const duckIngest = await ingest(ingestStore, ingestRows, 'duckdb ingest (appender, in memory)');
    await ingestStore.close();
    const path = join(scratch, 'logs.duckdb');
    const raw = await fillDuckDb(path, rows);
    const duck = await openLogStore({ engine: 'duckdb', path });
    try {
      const counted = (await duck.count()).access;
      if (counted !== rows) throw new Error(`expected ${rows} lines, found ${counted}`);
      results.push({ engine: 'duckdb', rows, ingest: duckIngest, ...(await queries(duck)) });
      results.push({ engine: 'duckdb SQL only', rows, ingest: Number.NaN, ...raw });
    } finally {
      await duck.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const lite = await openLogStore({ engine: 'sqlite' });
  try {
    const liteIngest = await ingest(lite, sqliteRows, 'sqlite ingest (baseline, in memory)');
    results.push({ engine: 'sqlite', rows: sqliteRows, ingest: liteIngest, ...(await queries(lite)) });
  } finally {
    await lite.close();
  }

  const ms = (value: number) => value.toFixed(1).padStart(8);
  console.log('');
  console.log(`  engine           lines (queries)  ingest rows/s   page p50   page p95  (total)  7d hourly p50  7d hourly p95`);
  for (const r of results) {
    console.log(
      `  ${r.engine.padEnd(16)} ${r.rows.toLocaleString('en-US').padEnd(16)} ${(Number.isNaN(r.ingest) ? '-' : Math.round(r.ingest).toLocaleString('en-US')).padStart(13)}   ${ms(r.page[0])}   ${ms(r.page[1])}  ${String(r.pageTotal).padStart(7)}  ${ms(r.aggregate[0])}       ${ms(r.aggregate[1])}`,
    );
  }
  console.log(`  load average at the end: ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${cpus().length} cores (other processes share them).`);
  console.log(`  DuckDB ingest measured on ${ingestRows.toLocaleString('en-US')} lines through LogStore.append (appender); times in ms.`);
  console.log('  Targets: ingest >= 100,000 rows/s, first page <= 100 ms p50, 7-day hourly aggregation <= 250 ms p50.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rows, sqliteRows, ingestRows] = process.argv.slice(2).map(Number);
  await run(rows || undefined, sqliteRows || undefined, ingestRows || undefined);
}
