// Layer-4 forwarding at scale (issue 28). Two figures, against the real reference server on a temporary SQLite file:
// - `<ec-layer4-rules>` with 10,000 rules (ports) in one account, in Debian's Chromium (playwright-core): the time
//   from element connect to the first rows painted (target < 500 ms, as the domain list's), 10 and 100 per page, and
//   the same with the status filter (computed in SQL from the package and the origin health);
// - batch add of 1000 ports on an application-product package (rules §5: the largest batch), over HTTP: validation,
//   the taken-port check, 1000 inserts with their grants and the operation log in one transaction (target < 1 s).
//
// Uses the build in EC_DIST_DIR when set, else dist/ when it has the element, else builds into a temporary folder.
// Run alone: `npm run bench layer4`.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { buildServer } from '../../demo/server/app.js';
import { createParentAccount } from '../../demo/server/features/account/store.js';
import { insertPlan } from '../../demo/server/features/plans/seed.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { builtDist } from '../helpers/built-dist.js';
import { launchChromium } from '../helpers/e2e.js';

const RULES = 10_000;
const CONNECT_RUNS = 10;
const BATCH_RUNS = 5;
const TARGETS = { firstPaintMs: 500, batchAddMs: 1000 };

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function verdict(value: number, target: number): string {
  return value < target ? `meets the ${target} ms target` : `MISSES the ${target} ms target`;
}

/** In the page: adds a fresh element and resolves with the milliseconds until its first rows are painted. */
async function connectToFirstPaint(page: Page, attributes: string): Promise<number> {
  return page.evaluate(async (markup) => {
    document.querySelector('ec-layer4-rules')?.remove();
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    const element = holder.firstElementChild as HTMLElement;
    const started = performance.now();
    document.body.append(element);
    return new Promise<number>((resolve) => {
      const check = () => {
        if (element.shadowRoot?.querySelector('[part="table"] tbody tr td')) requestAnimationFrame(() => resolve(performance.now() - started));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  }, `<ec-layer4-rules lang="en-US" ${attributes}></ec-layer4-rules>`);
}

export async function run(): Promise<void> {
  const { distDir, cleanup } = builtDist('elements/layer4-rules.js');
  const folder = mkdtempSync(join(tmpdir(), 'ec-bench-layer4-'));
  const app = await buildServer({ dbPath: join(folder, 'bench.db'), seed: false, distDir });
  const browser = await launchChromium();
  try {
    const email = 'bench@example.com';
    const password = 'Bench#2026x';
    const now = Date.now();
    const { memberId } = createParentAccount(app.db, { email, passwordHash: hashPasswordSync(password) }, now);
    // Ultimate has non-standard ports (rules §6).
    insertPlan(app.db, { memberId, level: 'ultimate', expireAt: now + 365 * 86_400_000 }, now);
    const tenant = scopeFor(app.db, memberId);
    const year = now + 365 * 86_400_000;
    const standard = tenant.insert('tcp_packages', { name: 'Bench standard', product: 'standard', active: 1, expire_at: year, created_at: now });
    const application = tenant.insert('tcp_packages', { name: 'Bench application', product: 'application', active: 1, expire_at: year, created_at: now });
    app.db.transaction(() => {
      for (let i = 0; i < RULES; i++) {
        const id = tenant.insert('layer4_rules', {
          protocol: i % 5 === 0 ? 'udp' : 'tcp',
          rule_port: 10_000 + i,
          type: 'ip',
          source_ips: JSON.stringify([`198.51.100.${i % 250}`, `198.51.100.${(i + 1) % 250}`]),
          source_port: 8000 + (i % 100),
          remark: `Bench rule ${i}`,
          package_id: standard,
          lb_mode: i % 2 ? 'round-robin' : 'ip-hash',
          created_at: now,
          updated_at: now,
        });
        if (i % 50 === 0) tenant.insert('layer4_origin_health', { rule_id: id, address: `198.51.100.${i % 250}`, health: 'down', checked_at: now });
      }
    })();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signIn = (await (
      await fetch(`${url}/api/sso/V4/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
    ).json()) as { data: { token: string } };
    const token = signIn.data.token;

    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(`${url}/bench`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><script type="module" src="/console/assets/elements/layer4-rules.js"></script></body></html>' }),
    );
    await page.addInitScript((value) => localStorage.setItem('x-token', value), token);
    // tsx compiles this file with esbuild's keepNames, so functions passed to page.evaluate call its __name helper.
    await page.addInitScript('globalThis.__name = (target) => target;');
    await page.goto(`${url}/bench`);
    await page.waitForFunction(() => customElements.get('ec-layer4-rules') !== undefined);

    console.log(`<ec-layer4-rules>, ${RULES.toLocaleString('en')} rules in one account, Chromium ${browser.version()} headless, real server over HTTP:`);
    await connectToFirstPaint(page, '');
    const paints: number[] = [];
    for (let i = 0; i < CONNECT_RUNS; i++) paints.push(await connectToFirstPaint(page, ''));
    const paints100: number[] = [];
    for (let i = 0; i < CONNECT_RUNS; i++) paints100.push(await connectToFirstPaint(page, 'page-size="100"'));
    console.log(`  connect -> first rows painted, 10 per page       median ${percentile(paints, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(paints, 0.95).toFixed(1).padStart(6)} ms`);
    console.log(`  connect -> first rows painted, 100 per page      median ${percentile(paints100, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(paints100, 0.95).toFixed(1).padStart(6)} ms`);

    const listed = async (query: string) => {
      const started = performance.now();
      await (await fetch(`${url}/api/V4/layer4.rule.list?${query}`, { headers: { 'x-token': token } })).json();
      return performance.now() - started;
    };
    for (const [label, query] of [
      ['page 1 of 10', 'page=1&per_page=10'],
      ['status = origin failure', 'page=1&per_page=10&status=origin-failure'],
      ['keyword "198.51.100.7"', 'page=1&per_page=10&keyword=198.51.100.7'],
    ] as const) {
      await listed(query);
      const samples: number[] = [];
      for (let i = 0; i < CONNECT_RUNS; i++) samples.push(await listed(query));
      console.log(`  V4/layer4.rule.list, ${label.padEnd(28)} median ${percentile(samples, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(6)} ms`);
    }

    // Batch add of 1000 ports (application product), deleted again between runs so each run starts alike.
    const batch: number[] = [];
    for (let i = 0; i < BATCH_RUNS; i++) {
      const body = { protocol: 'tcp', type: 'ip', source_ips: ['203.0.113.10', '203.0.113.11'], source_port: 9000, remark: 'bench batch', package_id: application, lb_mode: 'round-robin', ports: '30000-30999' };
      const started = performance.now();
      const answer = (await (
        await fetch(`${url}/api/V4/layer4.rule.batch_add`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify(body) })
      ).json()) as { status: { code: number }; data: { ids: number[] } };
      batch.push(performance.now() - started);
      if (answer.status.code !== 1 || answer.data.ids.length !== 1000) throw new Error(`batch add failed: ${JSON.stringify(answer.status)}`);
      await fetch(`${url}/api/V4/layer4.rule.delete`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify({ ids: answer.data.ids }) });
    }
    console.log(`  V4/layer4.rule.batch_add, 1000 ports               median ${percentile(batch, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(batch, 0.95).toFixed(1).padStart(6)} ms`);

    const [load] = loadavg();
    console.log(`  machine: load average ${load!.toFixed(1)} on ${cpus().length} CPUs${load! > cpus().length ? ' (busy: wall-clock figures include waiting for a CPU)' : ''}`);
    console.log(`  first paint ${verdict(percentile(paints, 0.95), TARGETS.firstPaintMs)} (p95 at 10 per page; ${percentile(paints100, 0.95).toFixed(0)} ms at 100)`);
    console.log(`  batch add ${verdict(percentile(batch, 0.5), TARGETS.batchAddMs)} (median)`);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    rmSync(folder, { recursive: true, force: true });
    cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
