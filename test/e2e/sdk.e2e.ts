/**
 * End to end: the application protection product in the demo host against the real reference server (issue 29;
 * shell §1 taichi-app, rules §3, §9). Open the business list -> open the seeded business -> its devices show the
 * reputations the thresholds give at the boundary cases (exactly 8 h / 20 launches is risk, exactly 48 h / 50
 * launches is normal, one more of each moves up a level) -> every SDK page opens (packages, operation log, the three
 * data reports, resource configuration and management). Both languages, 1280x800 and 1920x1080 screenshots, zero
 * console errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import type { LogRow } from '../../core/logs/fields.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, signIn, startServer, type RunningServer } from '../helpers/e2e.js';
import { logLine } from '../helpers/log-lines.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  // An hour of the shop website's traffic, so the business's reports have lines to count.
  const shop = server.app.db.prepare("SELECT id FROM domains WHERE member_id = ? AND domain = 'shop.example.com'").get(DEMO_MEMBER_ID) as { id: number };
  const now = Date.now();
  const rows: LogRow[] = [];
  for (let index = 0; index < 240; index++) {
    const ts = now - 3_600_000 + index * 15_000;
    const base = { ts, member_id: DEMO_MEMBER_ID, domain_id: shop.id, domain: 'shop.example.com', client_ip: `198.51.100.${index % 12}`, uri: ['/api/cart', '/api/login', '/api/items'][index % 3]! };
    rows.push(logLine({ ...base, request_id: `a${index.toString(16).padStart(31, '0')}` }));
    if (index % 4 === 0) rows.push(logLine({ ...base, log_type: 'waf', status: 403, rule_id: 9, action: 'block', attack_type: 'sqli', request_id: `b${index.toString(16).padStart(31, '0')}` }));
    if (index % 6 === 0) rows.push(logLine({ ...base, log_type: 'cc', status: 429, action: 'block', request_id: `c${index.toString(16).padStart(31, '0')}` }));
  }
  await server.app.logStore.append(rows);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The level of the device row showing these hours and launches. */
async function levelOf(devices: Locator, hours: string, launches: string): Promise<string | null> {
  const rows = devices.locator('tbody tr[data-level]');
  for (let index = 0; index < (await rows.count()); index++) {
    const cells = await rows.nth(index).locator('td').allTextContents();
    if (cells[2]!.trim() === hours && cells[3]!.trim() === launches) return rows.nth(index).getAttribute('data-level');
  }
  return null;
}

// The operation log comes after the settings page, whose save (a changed switch) it then lists under area sdk.
const PAGES: ReadonlyArray<[string, string, string]> = [
  ['packages', 'packageList', 'tbody tr'],
  ['report-cc', 'dataReport/cc', 'h2'],
  ['report-visit', 'dataReport/visit', 'h2'],
  ['report-waf', 'dataReport/waf', 'h2'],
  ['resource-config', 'resourceConfig', 'form[part="form"]'],
  ['resource-manage', 'resourceManage', 'tbody tr'],
  ['operation-log', 'operateLog', 'tbody tr'],
];

describe('application protection end to end (issue 29)', () => {
  for (const language of ['en_US', 'zh_CN'] as const) {
    it(`${language}: business -> devices at the rules §9 boundaries -> every SDK page opens`, async () => {
      const { page, problems } = await openPage(browser, { locale: language === 'zh_CN' ? 'zh-CN' : 'en-US' });
      await signIn(page, server.url, { parent: true }, { language });
      for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}/console/taichi-app/businessList`);
        const list = page.locator('ec-sdk');
        const shopRow = list.locator('tbody tr', { hasText: 'com.example.shop' });
        await shopRow.waitFor({ timeout: 30_000 });
        await screenshot(page, `sdk-businesses-${language}-${width}`);
        await shopRow.locator('a, button').first().click();
        await page.waitForURL(/\/taichi-app\/businessList\/detail\/\d+$/);
        const devices = page.locator('ec-sdk');
        await devices.locator('tbody tr[data-level]').nth(9).waitFor({ timeout: 30_000 });
        // Rules §9 "over" is strictly greater.
        assert.equal(await levelOf(devices, '8', '20'), 'risk');
        assert.equal(await levelOf(devices, '9', '21'), 'normal');
        assert.equal(await levelOf(devices, '48', '50'), 'normal');
        assert.equal(await levelOf(devices, '49', '51'), 'premium');
        await screenshot(page, `sdk-business-${language}-${width}`);

        for (const [name, path, ready] of PAGES) {
          await page.goto(`${server.url}/console/taichi-app/${path}`);
          const host = name === 'operation-log' ? page.locator('ec-operation-log') : page.locator('ec-sdk');
          try {
            await host.locator(ready).first().waitFor({ timeout: 30_000 });
          } catch (error) {
            await screenshot(page, `sdk-${name}-${language}-${width}-failed`);
            throw error;
          }
          if (name.startsWith('report')) await host.locator('[part="toolbar"] select').nth(1).waitFor({ timeout: 30_000 });
          if (name === 'resource-config') {
            await host.locator('input[type="checkbox"]').last().click();
            await host.locator('button[type="submit"]').click();
            await host.locator('[role="status"]').filter({ hasText: /./ }).last().waitFor({ timeout: 30_000 });
          }
          await page.waitForTimeout(300);
          await screenshot(page, `sdk-${name}-${language}-${width}`);
        }
      }
      assert.deepEqual(problems.errors, []);
      await page.context().close();
    });
  }
});
