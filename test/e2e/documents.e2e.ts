/**
 * End to end: the documentation centre and OEM module settings in the demo host against the real reference server
 * (issue 29; shell §1 OEM, §2 `/document`, `/document/{aid}`). The header's documentation link opens the dashboard;
 * a search finds an element's reference; its live example (the element itself) loads real websites. Screenshots of
 * both pages in both languages at 1280×800. Then an OEM configuration renames a module, hides a module and a menu
 * entry, and (shell §1) the documentation and API docs links and the documents routes are gone. Zero console errors.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { removeOemConfig, saveOemConfig } from '../../demo/server/features/account/oem-store.js';
import { launchChromium, openPage, signIn, startServer, type RunningServer } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;
const SHOTS = process.env.EC_SHOTS_DIR ?? 'test-results';

before(async () => {
  server = await startServer({ seedLanguage: 'en_US' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('documentation centre end to end (issue 29)', () => {
  it('header link → dashboard → search → an element reference whose live example works; both languages; OEM hides it all', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript("localStorage.setItem('lang', sessionStorage.getItem('e2e-lang') || 'en_US')");
    await signIn(page, server.url);

    // Shell §1: the header's documentation links (standalone, no OEM).
    await page.locator('.ec-header-api-docs', { hasText: 'API docs' }).waitFor();
    assert.equal(await page.locator('.ec-header-api-docs').getAttribute('href'), '/api/openapi.json');
    await page.locator('.ec-header-docs').click();
    await page.waitForURL((url) => url.pathname === '/console/document');
    await page.locator('ec-document-dashboard [part="sections"]').waitFor();
    await shot(page, 'documents-dashboard-en');

    await page.locator('ec-document-dashboard input[type="search"]').fill('domain list');
    await page.locator('ec-document-dashboard input[type="search"]').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'domain list');
    const result = page.locator('ec-document-dashboard .ec-doc-results a', { hasText: '<ec-domain-list>' });
    await result.click();
    await page.waitForURL((url) => url.pathname === '/console/document/element-domain-list');

    // The live example is the element itself, loaded by the host on request, showing the account's websites.
    const rows = page.locator('ec-document-detail [part="example"] ec-domain-list tbody tr');
    await rows.first().waitFor({ timeout: 20_000 });
    assert.ok((await rows.count()) > 0);
    assert.ok(await page.locator('ec-document-detail [part="article"] code', { hasText: 'page-size' }).count());
    await shot(page, 'documents-detail-en');
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('ec-document-detail [part="example"]').screenshot({ path: `${SHOTS}/documents-example-en.png` });

    // Both pages in Chinese (the language switch reloads: shell §1).
    await page.evaluate("sessionStorage.setItem('e2e-lang', 'zh_CN')");
    await page.reload();
    await page.locator('ec-document-detail .ec-doc-title').waitFor();
    await page.locator('ec-document-detail [part="toc"] h3', { hasText: '本页目录' }).waitFor();
    await page.locator('ec-document-detail [part="example"] ec-domain-list tbody tr').first().waitFor({ timeout: 20_000 });
    await shot(page, 'documents-detail-zh');
    await page.goto(`${server.url}/console/document`);
    await page.locator('ec-document-dashboard h2', { hasText: '指南' }).waitFor();
    await shot(page, 'documents-dashboard-zh');
    await page.evaluate("sessionStorage.setItem('e2e-lang', 'en_US')");

    // OEM (shell §1, §7 oem/cfg modulesSettings): one setting of each kind, applied by the host.
    saveOemConfig(server.app.db, '*', {
      title: 'Partner Cloud',
      modulesSettings: {
        'cloud-speed': { title: 'Partner Edge', menu: { 'cloud-speed-new-traffic-detail': { hidden: true } } },
        'message-center': { hidden: true },
        document: { hidden: true },
        apiDocs: { hidden: true },
      },
    });
    try {
      await page.goto(`${server.url}/console/cloud-speed/new/dashboard`);
      await page.locator('nav.ec-sidebar').waitFor();
      const modules = await page.locator('nav.ec-sidebar .ec-sidebar-module-title').allTextContents();
      assert.ok(modules.includes('Partner Edge'), modules.join(', '));
      assert.ok(!modules.some((title) => /Message/i.test(title)), 'message-center.hidden removes the module');
      assert.equal(await page.locator('nav.ec-sidebar a[href$="/cloud-speed/new/traffic-detail"]').count(), 0, 'the hidden menu entry is gone');
      assert.equal(await page.locator('.ec-header-docs').count(), 0, 'no documentation link');
      assert.equal(await page.locator('.ec-header-api-docs').count(), 0, 'no API docs link');
      await page.goto(`${server.url}/console/document`);
      await page.locator('[part="blocked-page"][data-reason="unavailable"]').waitFor();
      assert.equal(await page.locator('ec-document-dashboard').count(), 0);
      await page.goto(`${server.url}/console/message-center/MessageList`);
      await page.locator('[part="blocked-page"][data-reason="unavailable"]').waitFor();
      await page.goto(`${server.url}/console/cloud-speed/new/traffic-detail`);
      await page.locator('[part="blocked-page"][data-reason="unavailable"]').waitFor();
    } finally {
      removeOemConfig(server.app.db, '*');
    }
    assert.deepEqual(problems.errors, []);
  });
});
