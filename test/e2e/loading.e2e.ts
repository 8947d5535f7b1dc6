/**
 * What a page downloads (issue "every page loads only what it shows"), in Chromium against the reference server and
 * the built console: a deep link to the domain list loads that route's element and no other, in the page language
 * only; an element alone on a plain partner page loads its own module and what it imports, never the demo host, the
 * other elements, plotly or the other language; a route whose element fails to load shows a translated retry that
 * works.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A context with an empty cache, signed in as the demo parent (the session token in localStorage only). */
async function signedInContext(locale: 'zh-CN' | 'en-US'): Promise<BrowserContext> {
  const { context, page } = await openPage(browser, { locale });
  await signIn(page, server.url);
  const storageState = await context.storageState();
  await context.close();
  return browser.newContext({ locale, viewport: { width: 1280, height: 800 }, storageState });
}

/** Paths (below /console/assets/) of every script the page requests. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' && path.startsWith('/console/assets/')) scripts.push(path.slice('/console/assets/'.length));
  });
  return scripts;
}

describe('what a page downloads (issue "every page loads only what it shows")', () => {
  it('a deep link to the domain list loads its element and no other, with the zh_CN texts only', async () => {
    const context = await signedInContext('zh-CN');
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/console/cloud-speed/domain-management/domain-list`);
    await page.locator('ec-domain-list tbody tr td').first().waitFor();
    await screenshot(page, 'loading-deep-link-domain-list');

    const elements = scripts.filter((path) => path.startsWith('elements/'));
    assert.deepEqual(elements, ['elements/domain-list.js'], 'only the route element is loaded');
    assert.ok(scripts.includes('console.js'));
    assert.equal(scripts.filter((path) => path.startsWith('chunks/i18n/en_US/')).length, 0, 'no English catalogue');
    assert.ok(scripts.some((path) => /^chunks\/i18n\/zh_CN\/domain-list-/.test(path)));
    assert.equal(scripts.filter((path) => /plotly|pkijs|certificates|dns-file/.test(path)).length, 0, String(scripts));
    await context.close();
  });

  it('an element alone on a plain page loads only its own module and what it imports', async () => {
    const context = await signedInContext('en-US');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts = recordScripts(page);
    // A partner page of the same origin, with nothing of the demo host on it.
    await page.route(`${server.url}/partner/domains.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<!doctype html><html lang="en"><head><title>Partner portal</title></head><body>' +
          '<h1>Partner portal</h1><ec-domain-list lang="en-US"></ec-domain-list>' +
          '<script type="module" src="/console/assets/elements/domain-list.js"></script></body></html>',
      }),
    );
    await page.goto(`${server.url}/partner/domains.html`);
    await page.locator('ec-domain-list tbody tr td').first().waitFor();
    await screenshot(page, 'loading-element-alone');

    assert.deepEqual(errors, []);
    assert.deepEqual(scripts.filter((path) => path.startsWith('elements/')), ['elements/domain-list.js']);
    assert.ok(!scripts.includes('console.js'), 'the demo host is not loaded');
    assert.equal(scripts.filter((path) => path.startsWith('chunks/i18n/zh_CN/')).length, 0, 'no Chinese catalogue');
    const catalogues = scripts.filter((path) => path.startsWith('chunks/i18n/')).map((path) => path.replace(/-[\w-]{8}\.js$/, ''));
    assert.deepEqual(catalogues.sort(), ['chunks/i18n/en_US/common', 'chunks/i18n/en_US/domain-list', 'chunks/i18n/en_US/rules']);
    // The host's route table lives in console.js (checked above); `chunks/routes-*` is the element's own table of
    // route names (elements/domain-list/routes.ts, shared with <ec-domain-batch>), which it needs for its links.
    assert.equal(scripts.filter((path) => /plotly|host/.test(path)).length, 0, String(scripts));
    assert.ok(!scripts.some((path) => /add-domain-wizard/.test(path)), 'the add-domain wizard loads only when opened');
    await context.close();
  });

  it('a route whose element fails to load says so, translated, and the retry loads it', async () => {
    const context = await signedInContext('en-US');
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    let cut = true;
    await page.route(/\/console\/assets\/elements\/operation-log\.js/, (route) => (cut ? route.abort('connectionreset') : route.continue()));
    await page.goto(`${server.url}/console/user-center/logs/operation`);
    await page.getByText('This page could not be loaded. Check the connection and try again.').waitFor();
    await screenshot(page, 'loading-route-failed');
    cut = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('ec-operation-log tbody').first().waitFor();
    await context.close();
  });
});
