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
import { buildServer } from '../../demo/server/app.js';
import { insertBans, type BanSeed } from '../../demo/server/features/bans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { kb, median, ms, signedInContext, visit, VIEWPORT, type Visit } from '../helpers/bench-browser.js';
import { builtDist } from '../helpers/built-dist.js';
import { launchChromium } from '../helpers/e2e.js';

const RUNS = 5;
const DOMAIN_LIST_PATH = '/console/cloud-speed/domain-management/domain-list';
const BAN_OVERVIEW_PATH = '/console/cloud-speed/safety-protection/banManage';

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
