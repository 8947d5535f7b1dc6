/**
 * End to end: the WAF attack report in the demo host against the real reference server (issue 25: "click the top
 * attacked country on the map → the WAF log filtered to it"; rules §9 "Log time UTC+8"). WAF lines of the last hours
 * are appended through the server's own log store (the simulator would need that much wall time) → the report's top
 * country equals the store's → its row (the map's region ranking) opens log retrieval on the WAF log filtered to that
 * country and the report's range, showing only its lines; the map's own region row does the same. Screenshots of the
 * report in both languages at 1280×800.
 * Zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { LogRow } from '../../core/logs/fields.js';
import { regionName } from '../../core/ui/parts/map-regions.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, signIn, startServer, type RunningServer } from '../helpers/e2e.js';
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

describe('security reports end to end (issue 25)', () => {
  it('WAF lines -> the report ranks the store\'s top country -> its row opens the WAF log filtered to it', async () => {
    const { app } = server;
    const domains = app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as { id: number; domain: string }[];
    const countries = ['US', 'CN', 'US', 'DE', 'US', 'CN', 'BR', 'US'];
    const provinces = ['CN-GD', 'CN-BJ', 'CN-SH'];
    const attacks = ['sqli', 'xss', 'scanner', 'path-traversal'] as const;
    const actions = ['block', 'ban', 'log', 'captcha'] as const;
    const now = Date.now();
    const rows: LogRow[] = [];
    // The last two hours, a WAF line every 20 s on the first two websites.
    for (let index = 0, ts = now - 2 * 3_600_000; ts < now - 1000; index++, ts += 20_000) {
      const domain = domains[index % 2]!;
      const country = countries[index % countries.length]!;
      rows.push(
        logLine({
          ts,
          log_type: 'waf',
          member_id: DEMO_MEMBER_ID,
          domain_id: domain.id,
          domain: domain.domain,
          request_id: index.toString(16).padStart(32, '0'),
          client_ip: `198.51.100.${index % 60}`,
          country,
          province: country === 'CN' ? provinces[index % 3]! : '',
          uri: ['/login', '/search', '/wp-admin', '/api/v1/items'][index % 4]!,
          status: 403,
          rule_id: 910_001 + (index % 3),
          action: actions[index % 4]!,
          attack_type: attacks[index % 4]!,
        }),
      );
    }
    await app.logStore.append(rows);
    const [top] = await app.logStore.totals(
      { memberId: DEMO_MEMBER_ID, logType: 'waf', from: now - 3 * 3_600_000, to: Date.now() + 1, domainIds: domains.map((domain) => domain.id), where: null },
      'country',
      'requests',
      1,
    );
    assert.equal(top!.group, 'US');

    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    // English first; the Chinese look later sets `ec-e2e-lang` (an init script runs again on every navigation).
    await page.addInitScript(() => localStorage.setItem('lang', localStorage.getItem('ec-e2e-lang') ?? 'en_US'));
    await signIn(page, server.url);

    await page.goto(`${server.url}/console/cloud-speed/data-analytics/security-report/WAFAttack`);
    const report = page.locator('ec-attack-report');
    const regions = report.locator('section', { has: page.locator('h3', { hasText: 'Top countries and regions' }) });
    const first = regions.locator('[part~="drill-link"]').first();
    await first.waitFor();
    assert.equal(await first.textContent(), regionName('US', 'en_US'));
    assert.equal(await regions.locator('tbody tr').first().locator('td').nth(1).textContent(), String(top!.requests));
    // The map is drawn from the shipped shapes before the screenshot.
    await report.locator('figure.ec-chart-world-map .js-plotly-plot, figure.ec-chart-world-map svg').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'security-report-waf-en');

    await first.click();
    await page.waitForURL(/\/logRetrieval\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('type'), 'waf');
    assert.equal(url.searchParams.get('region'), 'US');
    assert.equal(url.searchParams.get('range'), 'custom');
    const logs = page.locator('ec-log-retrieval');
    const lines = logs.locator('[part="table"] tbody tr');
    await lines.first().waitFor();
    assert.ok((await lines.count()) > 0);
    // The WAF log lines shown are the store's US lines only: none of the other countries' addresses appear.
    const shown = await lines.allTextContents();
    const usAddresses = new Set(rows.filter((row) => row.country === 'US').map((row) => row.client_ip));
    assert.ok(shown.every((text) => [...usAddresses].some((ip) => text.includes(ip))), 'every line is a US one');

    // The same report in Chinese.
    await page.evaluate("localStorage.setItem('ec-e2e-lang', 'zh_CN')");
    await page.goto(`${server.url}/console/cloud-speed/data-analytics/security-report/WAFAttack`);
    await report.locator('[part~="drill-link"]').first().waitFor();
    await report.locator('figure.ec-chart-world-map .js-plotly-plot, figure.ec-chart-world-map svg').first().waitFor({ timeout: 20_000 });
    assert.ok((await report.locator('[part="figures"]').textContent())!.includes('攻击次数'));
    await screenshot(page, 'security-report-waf-zh');

    // The map itself drills down too (not only the region ranking): its region rows, the keyboard's way to the same
    // selection a click on a drawn region makes, open the WAF log filtered to that country.
    const map = report.locator('figure.ec-chart-world-map');
    await map.locator('[part~="chart-table-toggle"]').click();
    const mapRegion = map.locator('tbody button.ec-chart-row-button').first();
    assert.equal(await mapRegion.textContent(), regionName('US', 'zh_CN'));
    await mapRegion.click();
    await page.waitForURL(/\/logRetrieval\?/);
    assert.deepEqual([new URL(page.url()).searchParams.get('type'), new URL(page.url()).searchParams.get('region')], ['waf', 'US']);

    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
