// The demo host as a new user meets it (issue "every page loads only what it shows"): Debian's Chromium against the
// real reference server serving the production build (precompressed, immutable chunks), signed in as the demo parent.
// Prints, per run:
// - the JS bytes each page downloaded over the wire (what Chromium received, compressed) and the number of scripts;
// - navigation to the domain list's first rows, with an empty cache (a fresh browser context) and a warm one (the
//   same context, a second visit);
// - the ban overview: navigation to its numbers, and to its chart (plotly loads only once the chart is in view).
// The build's own size table (bundle-size.bench.ts) gives the same pages' bytes before any request is made.
// Run alone: `npm run bench first-route`.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildServer } from '../../demo/server/app.js';
import { insertBans, type BanSeed } from '../../demo/server/features/bans/seed.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { builtDist } from '../helpers/built-dist.js';
import { launchChromium } from '../helpers/e2e.js';

const RUNS = 5;
const DOMAIN_LIST_PATH = '/console/cloud-speed/domain-management/domain-list';
const BAN_OVERVIEW_PATH = '/console/cloud-speed/safety-protection/banManage';
const VIEWPORT = { width: 1280, height: 800 };

/** What one visit measured. */
interface Visit {
  /** Milliseconds from navigation start to the condition. */
  ms: Record<string, number>;
  /** Compressed JS bytes received over the network, and how many scripts (cached ones not counted). */
  jsBytes: number;
  scripts: number;
}

/**
 * Before any page script: polls every animation frame for each named condition and records `performance.now()`
 * (milliseconds since navigation start) when it first holds. A condition is a chain of selectors, host then inside
 * its shadow root: `['ec-domain-list', 'tbody td']` is a cell inside the shadow root of an `<ec-domain-list>` found anywhere
 * (in the document or any open shadow root).
 */
function watchConditions(conditions: Record<string, readonly [string, string]>): string {
  return `(() => {
    const conditions = ${JSON.stringify(conditions)};
    const seen = (window.__benchSeen = {});
    const everywhere = (root, selector) => {
      const found = [...root.querySelectorAll(selector)];
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) found.push(...everywhere(element.shadowRoot, selector));
      return found;
    };
    const holds = ([host, inner]) => everywhere(document, host).some((element) => element.shadowRoot && element.shadowRoot.querySelector(inner));
    const tick = () => {
      for (const [name, chain] of Object.entries(conditions)) if (!(name in seen) && document.body && holds(chain)) seen[name] = performance.now();
      if (Object.keys(seen).length < Object.keys(conditions).length) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

async function visit(context: BrowserContext, url: string, conditions: Record<string, readonly [string, string]>): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(watchConditions(conditions));
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(url);
  await page.waitForFunction((count) => Object.keys((window as unknown as { __benchSeen: object }).__benchSeen).length === count, Object.keys(conditions).length, {
    timeout: 60_000,
  });
  const ms = await page.evaluate(() => (window as unknown as { __benchSeen: Record<string, number> }).__benchSeen);
  // A script served from the cache reports no body size: only what crossed the network is counted.
  const bytes = (await Promise.all(sizes)).filter((size) => size > 0);
  await page.close();
  return { ms, jsBytes: bytes.reduce((sum, size) => sum + size, 0), scripts: bytes.length };
}

/** A fresh context (empty cache) signed in as the demo parent, by the sign-in page. */
async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const signIn = await browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT });
  const page = await signIn.newPage();
  await page.goto(`${url}/console/login`);
  await page.locator('input[type="email"], input[name="email"]').first().fill(DEMO_PARENT_EMAIL);
  await page.locator('input[type="password"]').first().fill(DEMO_PARENT_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.locator('nav.ec-sidebar').waitFor();
  const state = await signIn.storageState();
  await signIn.close();
  // A new context has its own empty HTTP cache; the storage state carries the session token only.
  return browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT, storageState: state });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/** Runs the first-route benchmark and prints its figures. */
export async function run(): Promise<void> {
  const { distDir, cleanup } = builtDist('console.js');
  const app = await buildServer({ dbPath: ':memory:', distDir });
  const browser = await launchChromium();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The ban overview shows numbers, a table and a chart of the last day's bans.
    const domainId = Number((app.db.prepare('SELECT id FROM domains WHERE member_id = ? ORDER BY id LIMIT 1').get(DEMO_MEMBER_ID) as { id: number }).id);
    const now = app.now();
    const bans: BanSeed[] = Array.from({ length: 300 }, (_, index) => ({
      domainId,
      ip: `198.51.100.${index % 250}`,
      duration: 86_400,
      reason: index % 3 ? 'cc-rate' : 'waf-rule',
      ruleId: `CC-${1000 + (index % 7)}`,
      bannedAt: now - 60_000 - index * 240_000,
    }));
    insertBans(app.db, DEMO_MEMBER_ID, bans, now);

    const rows = { rows: ['ec-domain-list', '[part="table"] tbody tr td'] } as const;
    const overview = { numbers: ['ec-ban-manager', '[part="counts"] li'], chart: ['ec-ban-manager', '.js-plotly-plot'] } as const;
    const cold: Visit[] = [];
    const warm: Visit[] = [];
    const bansCold: Visit[] = [];
    for (let index = 0; index < RUNS; index++) {
      const context = await signedInContext(browser, url);
      cold.push(await visit(context, `${url}${DOMAIN_LIST_PATH}`, rows));
      warm.push(await visit(context, `${url}${DOMAIN_LIST_PATH}`, rows));
      await context.close();
      const bansContext = await signedInContext(browser, url);
      bansCold.push(await visit(bansContext, `${url}${BAN_OVERVIEW_PATH}`, overview));
      await bansContext.close();
    }

    console.log(`Chromium, ${RUNS} runs, median; viewport ${VIEWPORT.width}x${VIEWPORT.height}; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
    console.log(`  domain list, empty cache:  first rows ${ms(median(cold.map((visit) => visit.ms.rows!)))}  JS over the wire ${kb(median(cold.map((visit) => visit.jsBytes)))} in ${median(cold.map((visit) => visit.scripts))} scripts`);
    console.log(`  domain list, warm cache:   first rows ${ms(median(warm.map((visit) => visit.ms.rows!)))}  JS over the wire ${kb(median(warm.map((visit) => visit.jsBytes)))} in ${median(warm.map((visit) => visit.scripts))} scripts (the rest from the cache)`);
    console.log(
      `  ban overview, empty cache: numbers ${ms(median(bansCold.map((visit) => visit.ms.numbers!)))}, chart ${ms(median(bansCold.map((visit) => visit.ms.chart!)))}  ` +
        `JS over the wire ${kb(median(bansCold.map((visit) => visit.jsBytes)))} (plotly included, loaded after the numbers)`,
    );
  } finally {
    await browser.close();
    await app.close();
    cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
