// The website list at scale (issue "every page loads only what it shows"): `V4/cloudsafe.hwws.website.list` with
// 10,000 and 100,000 domains in one account, default order, sorted by name, searched by a substring and filtered by
// status, over real HTTP on a temporary SQLite file. The floor is the same query on a bare Fastify route over
// better-sqlite3 (no session, permissions, envelope or origin loading), so the figures show what the platform costs.
// Target: <= 20 ms p50 at 100,000 domains. Run with `npm run bench website-list` or
// `node --import tsx test/bench/website-list.bench.ts`.
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../../demo/server/app.js';
import { createParentAccount } from '../../demo/server/features/account/store.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';

const SIZES = [10_000, 100_000];
const RUNS = 40;
const WARM_UP = 5;
const TARGET_P50_MS = 20;
const STATUSES = ['serving', 'deploying', 'no_origin', 'suspended', 'pending_approval'];

/** The list calls measured, as query strings; `floor` is the same page as plain SQL. */
const CASES: { label: string; query: string; floor: { where: string; params: unknown[]; orderBy: string; offset: number } }[] = [
  { label: 'newest first, page 1', query: 'page=1&per_page=20', floor: { where: '', params: [], orderBy: 'id DESC', offset: 0 } },
  {
    label: 'sorted by domain, page 50',
    query: 'page=50&per_page=20&sort=domain&order=asc',
    floor: { where: '', params: [], orderBy: 'domain COLLATE NOCASE ASC, id ASC', offset: 980 },
  },
  {
    label: 'search "04200" (substring)',
    query: 'page=1&per_page=20&search=04200',
    floor: { where: "AND id IN (SELECT rowid FROM domains_search WHERE domains_search MATCH '\"04200\"')", params: [], orderBy: 'id DESC', offset: 0 },
  },
  {
    label: 'status = suspended, page 3',
    query: 'page=3&per_page=20&status=suspended',
    floor: { where: 'AND status = ?', params: ['suspended'], orderBy: 'id DESC', offset: 40 },
  },
];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

async function timed(action: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await action();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The floor: a bare Fastify route running the page and count queries over better-sqlite3. */
function bareServer(dbPath: string, memberId: number): FastifyInstance {
  const db = new Database(dbPath, { readonly: true });
  const app = Fastify();
  app.get('/floor/:case', async (request) => {
    const { floor } = CASES[Number((request.params as { case: string }).case)];
    const where = `member_id = ? ${floor.where}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM domains WHERE ${where}`).get(memberId, ...floor.params) as { n: number }).n;
    const list = db
      .prepare(`SELECT * FROM domains WHERE ${where} ORDER BY ${floor.orderBy} LIMIT 20 OFFSET ${floor.offset}`)
      .all(memberId, ...floor.params);
    return { status: { code: 1, message: 'ok' }, data: { list, total } };
  });
  app.addHook('onClose', async () => db.close());
  return app;
}

async function measureSize(size: number): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'ec-bench-list-'));
  const dbPath = join(folder, 'bench.db');
  const app = await buildServer({ dbPath, seed: false });
  let floorApp: FastifyInstance | null = null;
  try {
    const email = 'bench@example.com';
    const password = 'Bench#2026x';
    const now = Date.now();
    const { memberId } = createParentAccount(app.db, { email, passwordHash: hashPasswordSync(password) }, now);
    const insert = app.db.prepare('INSERT INTO domains (member_id, domain, status, remark, created_at) VALUES (?, ?, ?, ?, ?)');
    app.db.transaction(() => {
      for (let i = 0; i < size; i++) {
        insert.run(memberId, `site-${i.toString().padStart(6, '0')}.bench.example`, STATUSES[i % STATUSES.length], `shop ${i % 97}`, now);
      }
    })();
    app.db.exec('ANALYZE');
    const base = await listen(app);
    const signIn = await fetch(`${base}/api/sso/V4/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    floorApp = bareServer(dbPath, memberId);
    const floorBase = await listen(floorApp);

    console.log(`\n  ${size.toLocaleString('en')} domains in one account (${RUNS} runs after ${WARM_UP} warm-up, HTTP on 127.0.0.1):`);
    console.log(`  ${'case'.padEnd(32)} ${'server p50'.padStart(11)} ${'p95'.padStart(8)}   ${'floor p50'.padStart(10)} ${'p95'.padStart(8)}   total`);
    for (const [index, testCase] of CASES.entries()) {
      let total = -1;
      const server = await timed(async () => {
        const response = await fetch(`${base}/api/V4/cloudsafe.hwws.website.list?${testCase.query}`, { headers: { 'x-token': token } });
        const body = (await response.json()) as { status: { code: number }; data: { total: number } };
        if (body.status.code !== 1) throw new Error(`website.list failed: ${JSON.stringify(body.status)}`);
        total = body.data.total;
      });
      const floor = await timed(async () => {
        await (await fetch(`${floorBase}/floor/${index}`)).json();
      });
      const verdict = size === 100_000 ? (server.p50 <= TARGET_P50_MS ? '' : `  (misses the ${TARGET_P50_MS} ms p50 target)`) : '';
      console.log(
        `  ${testCase.label.padEnd(32)} ${server.p50.toFixed(1).padStart(8)} ms ${server.p95.toFixed(1).padStart(5)} ms   ` +
          `${floor.p50.toFixed(1).padStart(7)} ms ${floor.p95.toFixed(1).padStart(5)} ms   ${total}${verdict}`,
      );
    }
  } finally {
    await app.close();
    if (floorApp) await floorApp.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Prints the figures. */
export async function run(): Promise<void> {
  console.log(`Website list (target at 100,000 domains: p50 <= ${TARGET_P50_MS} ms):`);
  for (const size of SIZES) await measureSize(size);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
