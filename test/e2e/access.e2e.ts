/**
 * Access and accessibility over every page (issue 19 "What must be shown"), in the demo host against the reference
 * server:
 * - axe finds no serious or critical violation on any menu page as the read-only sub-account (en_US; the main
 *   account's pages are checked in both languages by layout-*.e2e.ts);
 * - the read-only sub-account ("Viewers": may only view www.example.com and its certificates, rules §6) sees its
 *   website without the actions it may not use, each said why, and the page actions denied with the reason, so
 *   nothing fails only on save; a page of a module it may not use says "no permission", naming the module; an unbuilt
 *   page says "not available"; an unknown address goes home (shell §2).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
    DEMO_VIEWER_PASSWORD,
  DEMO_VIEWER_USER_NAME,
  DEMO_VIEWER_WEBSITE,
} from '../../demo/server/platform/demo-accounts.js';
import { axeViolations, clickMenuLink, launchChromium, openEveryProductMenu, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

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

/** Waits until the routed element (or the blocked page) has rendered and nothing is loading (see layout-*.e2e.ts). */
async function settled(page: Page): Promise<void> {
  await page.locator('.ec-page-title').first().waitFor();
  const ready = `(() => {
    const all = [];
    const walk = (root) => { for (const element of root.querySelectorAll('*')) { all.push(element); if (element.shadowRoot) walk(element.shadowRoot); } };
    walk(document);
    const main = document.querySelector('ec-console')?.shadowRoot?.querySelector('.ec-console-main');
    if (!main) return false;
    if (main.querySelector('[part="blocked-page"]')) return true;
    const routed = Array.from(main.querySelectorAll('*')).find((element) => element.localName.startsWith('ec-'));
    if (!routed?.shadowRoot?.querySelector('.ec-element-root')?.childElementCount) return false;
    return !all.some((element) => element.matches('[part="loading-state"], .p-datatable-loading-overlay'));
  })()`;
  const deadline = Date.now() + 15_000;
  while (!(await page.evaluate(ready))) {
    if (Date.now() >= deadline) await screenshot(page, `access-unsettled-${page.url().replace(/\W+/g, '-')}`);
    assert.ok(Date.now() < deadline, `${page.url()} settles within 15 s`);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(300);
}

/** Visits every menu page and collects what axe finds. */
async function axeEveryMenuPage(page: Page, label: string): Promise<string[]> {
  await page.locator('nav.ec-sidebar a').first().waitFor();
  await openEveryProductMenu(page);
  const links = await page.locator('nav.ec-sidebar a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
  assert.ok(links.length > 2, `the menu lists pages: ${links.join(', ')}`);
  const failures: string[] = [];
  for (const href of links) {
    await clickMenuLink(page, href);
    await settled(page);
    for (const violation of await axeViolations(page)) failures.push(`${label} ${href}: ${violation}`);
  }
  return failures;
}

async function signInViewer(page: Page): Promise<void> {
  await signIn(page, server.url, { child: DEMO_VIEWER_USER_NAME, password: DEMO_VIEWER_PASSWORD }, { language: 'en_US' });
}

/** Runs a query over the routed element's shadow root and answers its result (a page script, as text). */
const inRouted = (body: string) => `(() => {
  const main = document.querySelector('ec-console').shadowRoot.querySelector('.ec-console-main');
  const routed = Array.from(main.querySelectorAll('*')).find((element) => element.localName.startsWith('ec-'));
  const root = routed.shadowRoot;
  ${body}
})()`;

describe('access and accessibility on every page (issue 19; rules §6)', () => {
  it('read-only sub-account (en_US): no serious or critical axe violation on any menu page', async () => {
    const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
    await signInViewer(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(await axeEveryMenuPage(page, 'viewer'), []);
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('read-only sub-account: its website without the actions it may not use, each said why; other modules say so', async () => {
    const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
    await signInViewer(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`${server.url}/console/cloud-speed/domain-management/domain-list`);
    await settled(page);
    const list = JSON.parse(
      await page.evaluate(
        inRouted(`
          const rows = Array.from(root.querySelectorAll('tbody tr'));
          return JSON.stringify({
            rows: rows.map((row) => row.textContent),
            marks: root.querySelectorAll('tbody .ec-read-only-mark').length,
            rowButtons: rows.flatMap((row) => Array.from(row.querySelectorAll('td.ec-col-actions button'))).map((button) => button.textContent.trim()),
            notice: root.querySelector('[part="read-only-notice"]')?.textContent ?? null,
            denied: Array.from(root.querySelectorAll('[aria-disabled="true"]')).map((button) => button.textContent.trim()),
          });
        `),
      ),
    ) as { rows: string[]; marks: number; rowButtons: string[]; notice: string | null; denied: string[] };
    assert.equal(list.rows.length, 1, 'the viewer sees only its website');
    assert.match(list.rows[0]!, new RegExp(DEMO_VIEWER_WEBSITE.replace(/\./g, '\\.')));
    assert.equal(list.marks, 1, 'the row says it is view only');
    assert.deepEqual(list.rowButtons.filter((label) => /delete|suspend|enable/i.test(label)), [], 'no action that would fail on save');
    assert.match(list.notice ?? '', /view .* but not change/i);
    assert.ok(list.denied.length > 0, 'the page actions stay in view, denied with their reason');
    await screenshot(page, 'access-viewer-domain-list-en');

    // A module the sub-account may not use: said, naming the module (shell §4, §6).
    await page.goto(`${server.url}/console/access-management/accounts`);
    const blocked = page.locator('[part="blocked-page"]');
    await blocked.waitFor();
    assert.equal(await blocked.getAttribute('data-reason'), 'forbidden');
    assert.match((await blocked.textContent()) ?? '', /permission/i);
    await screenshot(page, 'access-viewer-forbidden-en');

    // An address the console does not know goes home (shell §2).
    await page.goto(`${server.url}/console/no-such-page-anywhere`);
    await page.locator('.ec-page-title').first().waitFor();
    assert.doesNotMatch(page.url(), /no-such-page-anywhere/);

    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
