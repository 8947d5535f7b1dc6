/**
 * Screenshots of the dashboard and the five traffic report tabs (issue 25: "screenshots of each report in both
 * languages, looked at"), in zh_CN and en_US at 1280×800 and 1920×1080, over a day of traffic appended to the real
 * server's log store. Not a test (nothing to assert but what a person sees): run it after a build,
 * `EC_DIST_DIR=/tmp/x-dist node --import tsx test/e2e/report-screenshots.ts`, and open test-results/reports-*.png.
 */
import { TRAFFIC_REPORT_TYPES } from '../../core/api/endpoints/reports.js';
import type { LogRow } from '../../core/logs/fields.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, signIn, startServer } from '../helpers/e2e.js';
import { logLine } from '../helpers/log-lines.js';

const TAB_PATHS: Record<(typeof TRAFFIC_REPORT_TYPES)[number], string> = {
  'wide-flow-range': 'wideFlowRange',
  'access-analysis': 'accessAnalysis',
  'distribution-request': 'distributionRequest',
  'status-code-analysis': 'statusCodeAnalysis',
  'hotspot-analysis': 'hotspotAnalysis',
};
const COUNTRIES = ['CN', 'CN', 'CN', 'US', 'JP', 'DE', 'SG'];
const PROVINCES = ['CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ'];

const server = await startServer({ seedLanguage: 'en_US' });
const browser = await launchChromium();
try {
  const domains = server.app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as { id: number; domain: string }[];
  const now = Date.now();
  const rows: LogRow[] = [];
  let index = 0;
  for (let ts = now - 2 * 86_400_000; ts < now - 1000; ts += 20_000) {
    const domain = domains[index % 3 === 0 ? 0 : index % 3]!;
    const country = COUNTRIES[index % COUNTRIES.length]!;
    rows.push(
      logLine({
        ts,
        member_id: DEMO_MEMBER_ID,
        domain_id: domain.id,
        domain: domain.domain,
        request_id: (index + 1).toString(16).padStart(32, '0'),
        client_ip: `198.51.100.${index % 60}`,
        country,
        province: country === 'CN' ? PROVINCES[index % PROVINCES.length]! : '',
        uri: ['/', '/index.html', '/api/v1/items', '/img/logo.png', '/checkout'][(index * 7) % 5]!,
        status: index % 17 === 0 ? 502 : index % 11 === 0 ? 404 : 200,
        bytes_sent: 2000 + (index % 900) * 40,
        cache_status: index % 4 === 0 ? 'miss' : 'hit',
      }),
    );
    index++;
  }
  await server.app.logStore.append(rows);
  for (const language of ['zh_CN', 'en_US'] as const) {
    const { page, context } = await openPage(browser, { locale: language === 'zh_CN' ? 'zh-CN' : 'en-US' });
    await signIn(page, server.url, { parent: true }, { language });
    for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
      await page.setViewportSize({ width, height });
      const shots: [string, string, string][] = [['dashboard', '/console/cloud-speed/new/dashboard', 'ec-dashboard'], ...TRAFFIC_REPORT_TYPES.map((type): [string, string, string] => [type, `/console/cloud-speed/data-analytics/business-report/${TAB_PATHS[type]}`, 'ec-traffic-report'])];
      for (const [name, path, tag] of shots) {
        await page.goto(`${server.url}${path}`);
        await page.locator(`${tag} [part="figures"]`).waitFor({ timeout: 30_000 });
        // Plotly draws once a chart nears the viewport: wait for the first drawing (or a chart-free empty state).
        await page.locator(`${tag} .js-plotly-plot, ${tag} [part="empty-state"]`).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
        await page.waitForTimeout(800);
        console.log(await screenshot(page, `reports-${name}-${language}-${width}x${height}`));
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
