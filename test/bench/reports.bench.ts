// The dashboard and the traffic reports (issue 25) over 10 million access lines of the demo account spread over 30
// days in a DuckDB file: the dashboard summary (today's Beijing day) and each report tab over the last 7 days at one
// hour, p50 and p95 of the whole API call (route, store, JSON), through the reference server's inject(). Then the bot
// summary over the same 7 days on the flagship package (rules §6), with the number of log-store queries one call
// issues (the summary once ran about 80: a query per unknown signature's sample), and the firewall block list over a
// day of blocked security lines. The agents mix browsers, verified-looking crawlers, tools and a headless browser,
// some with a tool's TLS fingerprint, so the bot rankings have rows to sample.
// Run with `npm run bench reports` or directly: `node --import tsx test/bench/reports.bench.ts [rows]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { TRAFFIC_REPORT_TYPES } from '../../core/api/endpoints/reports.js';
import { TOOL_JA3 } from '../../core/logs/bots.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import type { LogStore } from '../../demo/server/features/logs/store/index.js';
import { buildServer } from '../../demo/server/app.js';
import { openLogStore } from '../../demo/server/features/logs/store/index.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';

export const DAY = 86_400_000;
const RUNS = 7;
/** 2026-11-26 12:00 UTC: the dashboard's Beijing day is 20 hours old. */
export const NOW = Date.UTC(2026, 10, 26, 12);

/** Browsers first (most lines), then crawlers, tools and a headless browser. */
const AGENT_LIST = [
  'Mozilla/5.0 Chrome/131.0',
  'Mozilla/5.0 Safari/604.1',
  'Mozilla/5.0 Firefox/133.0',
  'Mozilla/5.0 Chrome/131.0',
  'Mozilla/5.0 Safari/604.1',
  'Mozilla/5.0 Edg/131.0',
  'curl/8.5.0',
  'Googlebot/2.1',
  'Mozilla/5.0 (compatible; bingbot/2.0)',
  'Baiduspider/2.0',
  'python-requests/2.31.0',
  'Go-http-client/1.1',
  'Scrapy/2.11',
  'Mozilla/5.0 HeadlessChrome/120.0',
  'Wget/1.21',
  'okhttp/4.12.0',
];
const AGENTS = `[${AGENT_LIST.map((agent) => `'${agent}'`).join(', ')}]`;
const AGENT_COUNT = AGENT_LIST.length;
const FINGERPRINTS = `[${['', '', '', TOOL_JA3[0], TOOL_JA3[1], 'a0e9f5d64349fb13191bc781f81f42e1', 'b32309a26951912be7dba376398abc3b'].map((value) => `'${value}'`).join(', ')}]`;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Fills the store's table in SQL (DuckDB makes 10 million lines in seconds), on the demo account's websites. */
export async function fill(path: string, rows: number, domainIds: readonly number[]): Promise<void> {
  await (await openLogStore({ engine: 'duckdb', path })).close();
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  const hash = (salt: string) => `(hash(i, '${salt}') % 1000000)::BIGINT`;
  const start = NOW - 30 * DAY;
  const ids = `[${domainIds.join(', ')}]`;
  await connection.run(`INSERT INTO logs
    SELECT ts, 'access', ${DEMO_MEMBER_ID}, domain_id, 'site' || domain_id || '.example.com', printf('%032x', i), client_ip, country,
      CASE WHEN country = 'CN' THEN ['CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ'][i % 4 + 1] ELSE '' END,
      ['GET', 'GET', 'GET', 'GET', 'POST', 'HEAD'][i % 6 + 1], CASE WHEN r < 900 THEN 'https' ELSE 'http' END,
      CASE WHEN p < 300 THEN '/api/v1/items/' || p WHEN p < 600 THEN '/static/' || p || '.js' ELSE '/p/' || p || '/index.html' END,
      '', CASE WHEN r < 20 THEN 502 WHEN r < 70 THEN 404 WHEN r < 100 THEN 304 ELSE 200 END,
      ${hash('b')} % 100000, ${hash('t')} % 800, ${AGENTS}[i % ${AGENT_COUNT} + 1],
      ['', 'https://search.example/', 'https://news.example/'][i % 3 + 1], ${FINGERPRINTS}[i % 7 + 1], '', ['hit', 'hit', 'miss', 'bypass'][i % 4 + 1], '', 0, 0, '', '',
      (-9223372036854775807 - 1)::BIGINT, (281470681743360 + v4 - 9223372036854775808)::BIGINT
    FROM (
      SELECT i, ${start} + (i * ${30 * DAY}) // ${rows} AS ts, ${ids}[${hash('d')} % ${domainIds.length} + 1] AS domain_id,
        ${hash('r')} % 1000 AS r, ${hash('u')} % 1000 AS p, ['CN', 'CN', 'CN', 'US', 'JP', 'DE', 'SG'][${hash('c')} % 7 + 1] AS country,
        (1 + ${hash('a')} % 223) * 16777216 + ${hash('x')} % 65536 AS v4,
        ((v4 // 16777216) || '.' || (v4 // 65536 % 256) || '.' || (v4 // 256 % 256) || '.' || (v4 % 256)) AS client_ip
      FROM range(${rows}) t(i)
    )`);
  connection.closeSync();
  instance.closeSync();
}

/** The store, counting the reads a call issues. */
function counting(store: LogStore): LogStore & { queries: number } {
  const reads = new Set(['search', 'topValues', 'aggregate', 'scan', 'totals', 'groupTotals', 'topPerGroup', 'conditionCounts', 'topGroups']);
  const counted = { queries: 0 } as LogStore & { queries: number };
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'queries') return counted.queries;
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (reads.has(String(name))) counted.queries++;
        return (value as (...inner: unknown[]) => unknown).apply(target, args);
      };
    },
    set(_target, name, value) {
      if (name !== 'queries') return false;
      counted.queries = value as number;
      return true;
    },
  }) as LogStore & { queries: number };
}

/** Prints the figures. */
export async function run(rows = 10_000_000): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ec-reports-bench-'));
  const path = join(dir, 'logs.duckdb');
  try {
    // The demo seed's website ids, read from a throwaway server (the seed is the same every time).
    const probe = await buildServer({ dbPath: ':memory:', now: () => NOW });
    await probe.ready();
    const domainIds = (probe.db.prepare('SELECT id FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number }[]).map((row) => row.id);
    await probe.close();

    const started = performance.now();
    await fill(path, rows, domainIds);
    console.log(`  ${rows.toLocaleString('en-US')} lines over 30 days, ${domainIds.length} websites: generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const store = counting(await openLogStore({ engine: 'duckdb', path }));
    const app = await buildServer({ dbPath: ':memory:', now: () => NOW, logStore: store });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/sso/V4/login', payload: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD } });
    const token = (login.json() as { data: { token: string } }).data.token;

    const measure = async (url: string): Promise<[number, number]> => {
      const times: number[] = [];
      for (let runIndex = 0; runIndex < RUNS + 1; runIndex++) {
        const begin = performance.now();
        const answer = await app.inject({ method: 'GET', url, headers: { 'x-token': token } });
        const elapsed = performance.now() - begin;
        const code = (answer.json() as { status: { code: number } }).status.code;
        if (code !== 1) throw new Error(`${url}: code ${code}`);
        if (runIndex > 0) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      return [percentile(times, 0.5), percentile(times, 0.95)];
    };
    const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
    console.log('  call                                          p50        p95');
    const [dashboard50, dashboard95] = await measure('/api/V4/report.dashboard.summary');
    console.log(`  dashboard summary (today)              ${ms(dashboard50)}  ${ms(dashboard95)}`);
    const from = new Date(NOW - 7 * DAY).toISOString();
    const to = new Date(NOW).toISOString();
    for (const type of TRAFFIC_REPORT_TYPES) {
      const [p50, p95] = await measure(`/api/V4/report.traffic.get?type=${type}&from=${from}&to=${to}&granularity=1h`);
      console.log(`  ${`${type} (7 days, 1 h)`.padEnd(38)} ${ms(p50)}  ${ms(p95)}`);
    }
    // The bot reports need the flagship package (rules §6).
    const planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
    changePlanLevel(app.db, planId, 'flagship');
    const botUrl = `/api/V4/report.bot.summary?from=${from}&to=${to}&granularity=1h`;
    store.queries = 0;
    await app.inject({ method: 'GET', url: botUrl, headers: { 'x-token': token } });
    const botQueries = store.queries;
    const [bot50, bot95] = await measure(botUrl);
    console.log(`  ${'bot summary (7 days, 1 h)'.padEnd(38)} ${ms(bot50)}  ${ms(bot95)}   ${botQueries} store queries`);
    await app.close();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run(process.argv[2] ? Number(process.argv[2]) : undefined);
}
