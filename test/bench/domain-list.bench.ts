// `<ec-domain-list>` with 10,000 domains (issue "Domains"): Debian's Chromium (playwright-core) against the real
// reference server on a temporary SQLite file seeded with 10,000 websites in one account, the element on a plain page.
// Measures, with targets: the time from element connect to the first rows painted (< 500 ms), the longest frame while
// paging through to the end (< 32 ms), and select-all (< 100 ms): the page's header checkbox, then "select all 10,000
// matching". The list never holds more than one server page, and select-all is a flag the server resolves, which is
// how it avoids PrimeReact DataTable's freeze with 5,000+ selected rows (primereact#8224).
//
// Uses the build in EC_DIST_DIR when set, else dist/ when it has the element (`npm run bench` builds it first), else
// builds into a temporary folder. Run alone: `npm run bench domain-list`.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { WEBSITE_STATUSES } from '../../core/api/endpoints/websites.js';
import { buildServer } from '../../demo/server/app.js';
import { createParentAccount } from '../../demo/server/features/account/store.js';
import { insertPlan } from '../../demo/server/features/plans/seed.js';
import { insertWebsite } from '../../demo/server/features/websites/store.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { builtDist } from '../helpers/built-dist.js';
import { launchChromium } from '../helpers/e2e.js';

const DOMAINS = 10_000;
const CONNECT_RUNS = 10;
const TARGETS = { firstPaintMs: 500, longestFrameMs: 32, selectAllMs: 100 };

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

function verdict(value: number, target: number): string {
  return value < target ? `meets the ${target} ms target` : `MISSES the ${target} ms target`;
}

/** In the page: adds a fresh element and resolves with the milliseconds until its first rows are painted. */
async function connectToFirstPaint(page: Page, attributes: string): Promise<number> {
  return page.evaluate(async (markup) => {
    document.querySelector('ec-domain-list')?.remove();
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    const element = holder.firstElementChild as HTMLElement;
    const started = performance.now();
    document.body.append(element);
    return new Promise<number>((resolve) => {
      const check = () => {
        // The rows exist in this frame's DOM; the frame after the next rAF has painted them.
        if (element.shadowRoot?.querySelector('[part="table"] tbody tr td')) requestAnimationFrame(() => resolve(performance.now() - started));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  }, `<ec-domain-list lang="en-US" ${attributes}></ec-domain-list>`);
}

/** In the page: starts recording frame gaps and long tasks. */
async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = { frames: [] as number[], longTasks: [] as number[], running: true };
    (window as unknown as { __frames: typeof record }).__frames = record;
    let last = performance.now();
    const tick = (now: number) => {
      record.frames.push(now - last);
      last = now;
      if (record.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

async function stopFrameRecorder(page: Page): Promise<{ frames: number[]; longTasks: number[] }> {
  return page.evaluate(() => {
    const record = (window as unknown as { __frames: { frames: number[]; longTasks: number[]; running: boolean } }).__frames;
    record.running = false;
    return { frames: record.frames, longTasks: record.longTasks };
  });
}

/** In the page: the first row's domain (to see a page change land). */
const firstDomain = (page: Page) =>
  page.evaluate(() => document.querySelector('ec-domain-list')!.shadowRoot!.querySelector('[part="table"] tbody tr .ec-col-domain .ec-truncate')?.textContent ?? '');

/** Clicks a pager button and waits until the rows changed. */
async function turnPage(page: Page, label: string): Promise<void> {
  const before = await firstDomain(page);
  // Clicked from inside the page: a Playwright locator would resolve roles over the whole shadow tree in the page's
  // main thread, and its style and layout queries would count as the element's frames.
  await page.evaluate((name) => {
    const shadow = document.querySelector('ec-domain-list')!.shadowRoot!;
    shadow.querySelector<HTMLButtonElement>(`[part="pagination"] button[aria-label="${name}"]`)!.click();
  }, label);
  await page.waitForFunction(
    (previous) => {
      const shadow = document.querySelector('ec-domain-list')!.shadowRoot!;
      const first = shadow.querySelector('[part="table"] tbody tr .ec-col-domain .ec-truncate')?.textContent ?? '';
      return first !== previous && !shadow.querySelector('.p-datatable-loading-overlay');
    },
    before,
    { timeout: 10_000 },
  );
}

/** In the page: clicks a control and resolves with the milliseconds until the selection bar shows `expected`. */
async function timeClick(page: Page, selector: string, expected: string): Promise<number> {
  return page.evaluate(
    ({ selector: target, expected: text }) => {
      const shadow = document.querySelector('ec-domain-list')!.shadowRoot!;
      const control = shadow.querySelector<HTMLElement>(target)!;
      const started = performance.now();
      control.click();
      return new Promise<number>((resolve) => {
        const check = () => {
          if ((shadow.querySelector('[part="selection"]')?.textContent ?? '').includes(text)) requestAnimationFrame(() => resolve(performance.now() - started));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
    { selector, expected },
  );
}

/** The renderer main thread's top-level tasks in a trace: wall-clock and thread CPU milliseconds. */
function mainThreadTasks(trace: Buffer): Array<{ wall: number; cpu: number }> {
  const parsed = JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) return [];
  return events
    .filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && event.pid === main.pid && event.tid === main.tid)
    .map((event) => ({ wall: (event.dur ?? 0) / 1000, cpu: (event.tdur ?? 0) / 1000 }));
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Runs `action` while recording every frame (rAF gaps, wall clock) and a trace of the main thread's tasks; prints one
 * line and answers the longest frame and the longest task's CPU time. On a busy machine a frame can be long because
 * the renderer waited for a CPU; the task's thread time shows how much of it was the element's own work.
 */
async function recorded(page: Page, browser: Browser, label: string, action: () => Promise<void>): Promise<{ frame: number; cpu: number }> {
  await startFrameRecorder(page);
  await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
  await action();
  const tasks = mainThreadTasks(await browser.stopTracing());
  const { frames, longTasks } = await stopFrameRecorder(page);
  const frame = Math.max(...frames);
  const cpu = Math.max(0, ...tasks.map((task) => task.cpu));
  const wall = Math.max(0, ...tasks.map((task) => task.wall));
  console.log(
    `  ${label.padEnd(40)} frames ${String(frames.length).padStart(5)}, longest ${frame.toFixed(1).padStart(6)} ms, p99 ${percentile(frames, 0.99).toFixed(1).padStart(5)} ms; ` +
      `long tasks ${longTasks.length}; longest task ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms CPU`,
  );
  return { frame, cpu };
}

/** Prints the figures. */
export async function run(): Promise<void> {
  const { distDir, cleanup } = builtDist('elements/domain-list.js');
  const folder = mkdtempSync(join(tmpdir(), 'ec-bench-domains-'));
  const app = await buildServer({ dbPath: join(folder, 'bench.db'), seed: false, distDir });
  const browser = await launchChromium();
  try {
    const email = 'bench@example.com';
    const password = 'Bench#2026x';
    const now = Date.now();
    const { memberId } = createParentAccount(app.db, { email, passwordHash: hashPasswordSync(password) }, now);
    // Ultimate includes 500 domains; 950 expansion packs of 10 make room for 10,000.
    insertPlan(app.db, { memberId, level: 'ultimate', expireAt: now + 365 * 86_400_000, expansionPacks: (DOMAINS - 500) / 10 }, now);
    const tenant = scopeFor(app.db, memberId);
    app.db.transaction(() => {
      const groups = ['Production', 'Staging', 'Static', 'API', 'Campaigns'].map((name) => tenant.insert('website_groups', { name, remark: '', created_at: now, updated_at: now }));
      for (let i = 0; i < DOMAINS; i++) {
        insertWebsite(
          tenant,
          {
            domain: `site-${i.toString().padStart(5, '0')}.bench.example`,
            status: WEBSITE_STATUSES[i % WEBSITE_STATUSES.length]!,
            groupId: i % 3 === 0 ? null : groups[i % groups.length],
            remark: `Bench site ${i}`,
            accessStatus: i % 2 ? 'connected' : 'not_connected',
            expireAt: now + (i % 365) * 86_400_000,
            certificateName: i % 4 === 0 ? `bench-cert-${i}` : '',
            https: i % 4 === 0,
            origins: [{ address: `198.51.100.${i % 250}`, port: 80, line: 'primary', weight: 10 }],
          },
          now,
        );
      }
    })();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signIn = (await (
      await fetch(`${url}/api/sso/V4/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
    ).json()) as { data: { token: string } };

    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A plain page at the server's origin with one module script, as any host page would embed the element.
    await page.route(`${url}/bench`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><script type="module" src="/console/assets/elements/domain-list.js"></script></body></html>' }),
    );
    await page.addInitScript((token) => localStorage.setItem('x-token', token), signIn.data.token);
    // tsx compiles this file with esbuild's keepNames, so functions passed to page.evaluate call its __name helper.
    await page.addInitScript('globalThis.__name = (target) => target;');
    await page.goto(`${url}/bench`);
    await page.waitForFunction(() => customElements.get('ec-domain-list') !== undefined);

    console.log(`<ec-domain-list>, ${DOMAINS.toLocaleString('en')} websites in one account, Chromium ${browser.version()} headless, real server over HTTP:`);
    await connectToFirstPaint(page, ''); // warm-up: fonts, the theme's stylesheets, the server's statement cache
    const paints: number[] = [];
    for (let i = 0; i < CONNECT_RUNS; i++) paints.push(await connectToFirstPaint(page, ''));
    const paints100: number[] = [];
    for (let i = 0; i < CONNECT_RUNS; i++) paints100.push(await connectToFirstPaint(page, 'page-size="100"'));
    console.log(`  connect -> first rows painted, 10 per page       median ${percentile(paints, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(paints, 0.95).toFixed(1).padStart(6)} ms`);
    console.log(`  connect -> first rows painted, 100 per page      median ${percentile(paints100, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(paints100, 0.95).toFixed(1).padStart(6)} ms`);

    // Paging to the end, 100 rows a page: all 100 pages one after the other.
    const pages = DOMAINS / 100;
    const paged = await recorded(page, browser, `paging through all ${pages} pages of 100 rows`, async () => {
      for (let i = 1; i < pages; i++) await turnPage(page, 'Next page');
    });

    // The default 10 rows a page: jump to the last page, back to the first, then 20 pages on.
    await connectToFirstPaint(page, '');
    const jumped = await recorded(page, browser, '10 per page: last, first, 20 x next', async () => {
      await turnPage(page, 'Last page');
      await turnPage(page, 'First page');
      for (let i = 0; i < 20; i++) await turnPage(page, 'Next page');
    });

    // Select all: the page's header checkbox, then every matching website.
    await connectToFirstPaint(page, 'page-size="100"');
    const headerMs = await timeClick(page, 'thead input[type="checkbox"]', '100 websites selected');
    const allMs = await timeClick(page, '.ec-select-all-matching', `All ${DOMAINS.toLocaleString('en')} matching websites are selected`);
    console.log(`  select the page (100 rows), click -> painted      ${headerMs.toFixed(1).padStart(6)} ms`);
    console.log(`  select all ${DOMAINS.toLocaleString('en')} matching, click -> painted     ${allMs.toFixed(1).padStart(6)} ms`);
    const selected = await recorded(page, browser, 'paging with all 10,000 selected', async () => {
      await turnPage(page, 'Next page');
      await turnPage(page, 'Last page');
    });

    const longest = Math.max(paged.frame, jumped.frame, selected.frame);
    const longestCpu = Math.max(paged.cpu, jumped.cpu, selected.cpu);
    const [load] = loadavg();
    console.log(`  machine: load average ${load!.toFixed(1)} on ${cpus().length} CPUs${load! > cpus().length ? ' (busy: wall-clock figures include waiting for a CPU)' : ''}`);
    console.log(`  first paint ${verdict(percentile(paints, 0.95), TARGETS.firstPaintMs)} (p95 at 10 per page; ${percentile(paints100, 0.95).toFixed(0)} ms at 100)`);
    console.log(`  longest frame ${verdict(longest, TARGETS.longestFrameMs)} (${longest.toFixed(1)} ms wall clock; longest task ${longestCpu.toFixed(1)} ms CPU)`);
    console.log(`  select-all ${verdict(Math.max(headerMs, allMs), TARGETS.selectAllMs)} (${Math.max(headerMs, allMs).toFixed(1)} ms)`);
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
