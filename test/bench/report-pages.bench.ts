// The report pages as a user opens them (issue 25 "npm run bench: dashboard time to numbers and to charts (cold) …
// the map's render time"): Debian's Chromium against the reference server serving the production build, with a day
// of simulated edge traffic in its log store (the simulator's backfill), signed in as the demo parent, each visit in
// a fresh context (empty cache). Prints the median of each from navigation start:
// - the dashboard: its numbers, and its first chart drawn (plotly loads after the numbers);
// - the access analysis report: its first chart;
// - the WAF attack report: its first chart, then its map (plotly, the shipped map assets, the choropleth): from
//   navigation when it is in the first viewport, otherwise from scrolling it into view (like every chart, it draws
//   only once it comes near the viewport).
// Run alone: `npm run bench report-pages`.
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../../demo/server/app.js';
import { backfillLogs, DEFAULT_SIMULATOR_SEED } from '../../demo/server/features/logs/simulator/index.js';
import { median, ms, signedInContext, visit, VIEWPORT, watchConditions, type Visit } from '../helpers/bench-browser.js';
import { builtDist } from '../helpers/built-dist.js';
import { launchChromium } from '../helpers/e2e.js';

const RUNS = 5;
/** Requests per second of the simulated day: about 430,000 log lines. */
const RATE = 5;
const DASHBOARD_PATH = '/console/cloud-speed/new/dashboard';
const ACCESS_ANALYSIS_PATH = '/console/cloud-speed/data-analytics/business-report/accessAnalysis';
const WAF_REPORT_PATH = '/console/cloud-speed/data-analytics/security-report/WAFAttack';

/**
 * Opens a report page (its element `tag`), waits for its first chart, then times its map: from navigation start when
 * the map is in the first viewport (the WAF report draws it beside the series at 1280 px, so it loads with the page:
 * the scroll this bench made then measured nothing, "regions drawn in 1 ms"), or from scrolling it into view to its
 * regions drawn when it is below the fold (like every chart, it draws only once it comes near the viewport).
 */
async function mapVisit(context: BrowserContext, url: string, tag: string): Promise<{ chart: number; map: number; inView: boolean }> {
  const page = await context.newPage();
  await page.addInitScript(watchConditions({ chart: [tag, '.js-plotly-plot'], map: [tag, '.choroplethlocation'] }));
  await page.goto(url);
  // A function, not text: the page's CSP (script-src 'self', no 'unsafe-eval') refuses a predicate given as text,
  // which Playwright evaluates inside the page (the bench failed there with an EvalError).
  await page.waitForFunction(() => Boolean((window as unknown as { __benchSeen?: { chart?: number } }).__benchSeen?.chart), undefined, { timeout: 60_000 });
  const chart = (await page.evaluate('window.__benchSeen.chart')) as number;
  // Sent as text: the page's own functions only (tsx would wrap a compiled one in a helper the page lacks).
  const inView = (await page.evaluate(`(() => {
    const report = document.querySelector('ec-console').shadowRoot.querySelector(${JSON.stringify(tag)});
    const figure = report && report.shadowRoot.querySelector('figure.ec-chart-china-map, figure.ec-chart-world-map');
    if (!figure) throw new Error('the report shows no map');
    return figure.getBoundingClientRect().top < window.innerHeight;
  })()`)) as boolean;
  if (inView) {
    await page.waitForFunction(() => Boolean((window as unknown as { __benchSeen?: { map?: number } }).__benchSeen?.map), undefined, { timeout: 60_000 });
    const map = (await page.evaluate('window.__benchSeen.map')) as number;
    await page.close();
    return { chart, map, inView };
  }
  const map = (await page.evaluate(`new Promise((resolve, reject) => {
    const report = document.querySelector('ec-console').shadowRoot.querySelector(${JSON.stringify(tag)});
    const figure = report.shadowRoot.querySelector('figure.ec-chart-china-map, figure.ec-chart-world-map');
    const started = performance.now();
    figure.scrollIntoView({ block: 'center' });
    const tick = () => {
      if (figure.querySelector('.choroplethlocation')) resolve(performance.now() - started);
      else if (performance.now() - started > 60000) reject(new Error('the map was not drawn within 60 s'));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`)) as number;
  await page.close();
  return { chart, map, inView };
}

/** Runs the report pages benchmark and prints its figures. */
export async function run(): Promise<void> {
  const { distDir, cleanup } = builtDist('elements/dashboard.js');
  const app = await buildServer({ dbPath: ':memory:', distDir });
  const browser = await launchChromium();
  try {
    await app.ready();
    const filled = await backfillLogs({ db: app.db, store: app.logStore, now: app.now(), days: 1, rate: RATE, seed: DEFAULT_SIMULATOR_SEED });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const dashboard = { numbers: ['ec-dashboard', '[part="figures"] li'], chart: ['ec-dashboard', '.js-plotly-plot'] } as const;
    const access = { chart: ['ec-traffic-report', '.js-plotly-plot'] } as const;
    const dashboardVisits: Visit[] = [];
    const accessVisits: Visit[] = [];
    const wafVisits: { chart: number; map: number; inView: boolean }[] = [];
    for (let index = 0; index < RUNS; index++) {
      const first = await signedInContext(browser, url);
      dashboardVisits.push(await visit(first, `${url}${DASHBOARD_PATH}`, dashboard));
      await first.close();
      const second = await signedInContext(browser, url);
      accessVisits.push(await visit(second, `${url}${ACCESS_ANALYSIS_PATH}`, access));
      await second.close();
      const third = await signedInContext(browser, url);
      wafVisits.push(await mapVisit(third, `${url}${WAF_REPORT_PATH}`, 'ec-attack-report'));
      await third.close();
    }

    const at = (visits: Visit[], name: string) => median(visits.map((one) => one.ms[name]!));
    console.log(
      `Chromium, ${RUNS} runs, median, empty cache; viewport ${VIEWPORT.width}x${VIEWPORT.height}; ${filled.rows.toLocaleString('en-US')} log lines ` +
        `(a day at ${RATE}/s); ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(`  dashboard:        numbers ${ms(at(dashboardVisits, 'numbers'))}, first chart ${ms(at(dashboardVisits, 'chart'))}`);
    console.log(`  access analysis:  first chart ${ms(at(accessVisits, 'chart'))}`);
    const inView = wafVisits.filter((one) => one.inView);
    const scrolled = wafVisits.filter((one) => !one.inView);
    console.log(
      `  WAF attacks:      first chart ${ms(median(wafVisits.map((one) => one.chart)))}; the map` +
        (inView.length > 0 ? `, in the first viewport (${inView.length} runs): regions drawn at ${ms(median(inView.map((one) => one.map)))} from navigation` : '') +
        (scrolled.length > 0 ? `, below the fold (${scrolled.length} runs): regions drawn ${ms(median(scrolled.map((one) => one.map)))} after scrolling into view` : ''),
    );
  } finally {
    await browser.close();
    await app.close();
    cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
