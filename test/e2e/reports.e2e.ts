/**
 * End to end: the dashboard and a traffic report in the demo host against the real reference server (issue 25;
 * rules §9 "Log time UTC+8"). A day of edge traffic is appended through the server's own log store (the simulator
 * would need a day of wall time) → the dashboard's figures equal the store's counts for today's Beijing day → the top
 * website's row opens log retrieval filtered to that website and today → the hotspot report's top URL opens log
 * retrieval filtered to that URL. Zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { LogRow } from '../../core/logs/fields.js';
import { startOfLogDay } from '../../core/i18n/time-range.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';
import { logLine } from '../helpers/log-lines.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ seedLanguage: 'en_US' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

describe('dashboard and reports end to end (issue 25)', () => {
  it('a day of traffic -> dashboard figures equal the log store -> top website and top URL open the filtered logs', async () => {
    const { app } = server;
    const domains = app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as { id: number; domain: string }[];
    const weights = [5, 3, 1];
    const picked = domains.slice(0, 3);
    const uris = ['/', '/index.html', '/api/v1/items', '/img/logo.png', '/checkout'];
    const now = Date.now();
    // The last 24 hours, a line every 3 minutes per weight unit: part of it yesterday and part today in Beijing.
    const rows: LogRow[] = [];
    let index = 0;
    for (let ts = now - 86_400_000; ts < now - 1000; ts += 60_000) {
      const slot = index++ % 9;
      const domain = slot < weights[0]! ? picked[0]! : slot < weights[0]! + weights[1]! ? picked[1]! : picked[2]!;
      rows.push(
        logLine({
          ts,
          member_id: DEMO_MEMBER_ID,
          domain_id: domain.id,
          domain: domain.domain,
          request_id: index.toString(16).padStart(32, '0'),
          client_ip: `198.51.100.${index % 40}`,
          uri: uris[(index * 7) % uris.length]!,
          status: index % 17 === 0 ? 502 : 200,
          bytes_sent: 2000 + (index % 500),
          cache_status: index % 4 === 0 ? 'miss' : 'hit',
        }),
      );
    }
    await app.logStore.append(rows);
    const today = startOfLogDay(now);
    const counted = await app.logStore.search(
      { memberId: DEMO_MEMBER_ID, logType: 'access', from: today, to: Date.now() + 1, domainIds: domains.map((domain) => domain.id), where: null },
      1,
    );
    assert.ok(counted.total > 0 && counted.total < 10_000, `today's lines: ${counted.total}`);

    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    await page.goto(`${server.url}/console/cloud-speed/new/dashboard`);
    const dashboard = page.locator('ec-dashboard');
    const requests = dashboard.locator('[data-figure="requests"] .ec-figure-value');
    await requests.waitFor();
    assert.equal((await requests.textContent())!.replace(/,/g, ''), String(counted.total));
    const topLink = dashboard.locator('[part~="top-table"] [part~="drill-link"]').first();
    assert.equal(await topLink.textContent(), picked[0]!.domain);
    await screenshot(page, 'reports-dashboard-en');

    // The top website opens log retrieval filtered to it, over today.
    await topLink.click();
    await page.waitForURL(/\/logRetrieval\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('domains'), String(picked[0]!.id));
    assert.equal(url.searchParams.get('range'), 'custom');
    const logs = page.locator('ec-log-retrieval');
    const lines = logs.locator('[part="table"] tbody tr');
    await lines.first().waitFor();
    const shown = await lines.allTextContents();
    assert.ok(shown.length > 0 && shown.every((text) => text.includes(picked[0]!.domain)), 'every line is of the top website');

    // The hotspot report's top URL opens log retrieval on that URL.
    await page.goto(`${server.url}/console/cloud-speed/data-analytics/business-report/hotspotAnalysis`);
    const report = page.locator('ec-traffic-report');
    const topUrl = report.locator('[part~="top-table"]').first().locator('[part~="drill-link"]').first();
    await topUrl.waitFor();
    const uri = (await topUrl.textContent())!;
    await screenshot(page, 'reports-hotspots-en');
    await topUrl.click();
    await page.waitForURL(/\/logRetrieval\?/);
    assert.equal(new URL(page.url()).searchParams.get('q'), `uri = "${uri}"`);
    await logs.locator('[part="table"] tbody tr').first().waitFor();
    const urlLines = await logs.locator('[part="table"] tbody tr').allTextContents();
    assert.ok(urlLines.every((text) => text.includes(uri)), `every line is of ${uri}`);

    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
