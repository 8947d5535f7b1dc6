/**
 * The domain console end to end (issue 20 "What must be shown"), in the demo host against the real reference server
 * and the built console in Debian's Chromium: add a domain -> edit its origins (a backup line, weights, the health
 * check) -> bind a certificate and force HTTPS -> add a URI rewrite and a custom 404 page -> trace a request that
 * exercises them -> reload -> everything persisted; the old layout's `console/:id` children reach the same console.
 * Screenshots of every tab at 1280×800 and 1920×1080 go to test-results/.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

// Covered by the demo's wildcard certificate (example.com, *.example.com), so HTTPS can be turned on.
const DOMAIN = 'console-e2e.example.com';
let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ jobStepDelayMs: 20, seedLanguage: 'en_US' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A settings group's section of the console, by its heading. */
const group = (console: Locator, heading: string) => console.locator('section[part="group"]', { has: console.page().getByRole('heading', { name: heading, exact: true }) });

/** Saves a section and waits until its draft is gone (Save disabled again). */
async function save(section: Locator): Promise<void> {
  const button = section.getByRole('button', { name: 'Save', exact: true });
  await button.click();
  const until = Date.now() + 10_000;
  while (!(await button.isDisabled())) {
    const alert = await section.getByRole('alert').allTextContents();
    assert.ok(Date.now() < until, `the section saves: ${alert.join(' | ')}`);
    await section.page().waitForTimeout(100);
  }
}

async function openTab(page: Page, console: Locator, name: string): Promise<void> {
  await console.getByRole('tab', { name, exact: true }).click();
  await console.locator('[role="tabpanel"] section[part="group"], [role="tabpanel"] [part="trace-form"], [role="tabpanel"] ec-cache-rules, [role="tabpanel"] table').first().waitFor();
  await page.waitForTimeout(200);
}

describe('the domain console end to end (issue 20)', () => {
  it('add a domain -> origins, HTTPS, rewrite, 404 page -> trace -> reload -> persisted; the old layout reaches it', async () => {
    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL(/\/console\/cloud-speed\/domain-management\/domain-list$/);
    const list = page.locator('ec-domain-list');
    await list.locator('tbody tr').first().waitFor();

    // Add the domain with one origin in the wizard.
    await list.getByRole('button', { name: 'Add domain' }).click();
    await list.getByLabel('Domains, one per line').fill(DOMAIN);
    await list.locator('.p-dropdown-label[aria-label="Template"]').click();
    await list.getByRole('option', { name: 'Standard website' }).click();
    await list.getByRole('button', { name: 'Next' }).click();
    await list.getByLabel('Address (IPv4, IPv6 or domain)').fill('198.18.0.10');
    await list.getByRole('button', { name: 'Next' }).click();
    await list.getByText('What will happen to each domain:').waitFor();
    await list.getByRole('button', { name: 'Add websites' }).click();
    await list.getByText('1 succeeded').waitFor();
    await list.getByRole('button', { name: 'Back to the list' }).click();
    await list.getByLabel('Search websites').fill(DOMAIN);
    await list.getByLabel('Search websites').press('Enter');
    const row = list.locator('tbody tr', { hasText: DOMAIN });
    await row.getByText('Serving').waitFor({ timeout: 15_000 });

    // The row's console link opens the domain console (new layout: on its cache tab).
    await row.getByRole('link', { name: `Open the console of ${DOMAIN}` }).click();
    const console = page.locator('ec-domain-console');
    await console.getByRole('heading', { name: `Domain console · ${DOMAIN}` }).waitFor();
    const domainId = Number(/console\/(\d+)/.exec(page.url())![1]);

    // Origin: a backup origin with its weight, and the health check with a tighter threshold.
    await openTab(page, console, 'Origin');
    const origins = group(console, 'Origins');
    await origins.getByRole('button', { name: 'Add backup origin' }).click();
    await origins.getByLabel('Address (IPv4, IPv6 or domain)').nth(1).fill('192.0.2.20');
    await origins.getByLabel('Weight').nth(0).fill('30');
    await origins.getByLabel('Weight').nth(1).fill('5');
    await save(origins);
    const health = group(console, 'Origin health and probe');
    await health.getByLabel('Failure threshold').fill('5');
    await save(health);
    await screenshot(page, 'domain-console-origin');

    // HTTPS: the wildcard certificate, HTTPS forced for every visitor.
    await openTab(page, console, 'HTTPS');
    const https = group(console, 'HTTPS');
    await https.getByLabel('Enable HTTPS', { exact: true }).check();
    await https.locator('.p-dropdown[aria-label="Certificate"], .p-dropdown-label[aria-label="Certificate"]').first().click();
    await page.locator('li[role="option"]').first().click();
    await https.locator('.p-dropdown-label[aria-label="HTTP to HTTPS redirect"], .p-dropdown[aria-label="HTTP to HTTPS redirect"]').first().click();
    await page.getByRole('option', { name: 'All visitors' }).click();
    await save(https);
    await screenshot(page, 'domain-console-https');

    // URI rewrite: /old/ -> /new/ by prefix.
    await openTab(page, console, 'URI rewrite and redirects');
    const rewrite = group(console, 'URI rewrite');
    await rewrite.getByLabel('Enable URI rewrite', { exact: true }).check();
    await rewrite.getByRole('button', { name: 'Add rule' }).click();
    await rewrite.getByLabel('Original URI, rule 1').fill('/old/');
    await rewrite.getByLabel('Rewrite URI, rule 1').fill('/new/');
    await save(rewrite);

    // Error pages: a custom 404 page; its preview runs no script.
    await openTab(page, console, 'Error pages');
    const pages = group(console, 'Custom error pages');
    await pages.getByRole('button', { name: 'Add a page' }).click();
    await pages.getByLabel('Status code').last().selectOption('404');
    await pages.getByLabel('Custom HTML').last().check();
    await pages.getByLabel('HTML').last().fill('<h1>Not here</h1><p>This page moved.</p>');
    await save(pages);
    await screenshot(page, 'domain-console-pages');

    // The trace: plain HTTP to an old path goes to HTTPS first; over HTTPS the rewrite, the origin and the 404 apply.
    await openTab(page, console, 'Request trace');
    const trace = console.locator('[part="trace-form"]');
    await trace.getByLabel('URL').fill(`https://${DOMAIN}/old/page.html`);
    await trace.getByLabel('Client IP').fill('198.51.100.7');
    await trace.getByLabel('Origin status code').fill('404');
    await trace.getByRole('button', { name: 'Trace' }).click();
    const steps = console.locator('[part="trace-steps"]');
    await steps.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      throw new Error(`no trace steps; the tab shows: ${await console.locator('[role="tabpanel"]').textContent()}`, { cause: error });
    });
    const traced = (await steps.textContent()) ?? '';
    // Prefix rewriting replaces the whole URI (the trace engine's documented reading of rules §3).
    assert.match(traced, /rewrites \/old\/page\.html to \/new\//, traced);
    // Both origins listen on HTTP 80 only, so an HTTPS request finds none: the trace says so for each, with its line
    // and weight, and the platform's 502 page applies.
    assert.match(traced, /198\.18\.0\.10:80 · primary line · weight 30/, traced);
    assert.match(traced, /192\.0\.2\.20:80 · backup line · weight 5/, traced);
    assert.match(traced, /Status 502/, traced);
    await trace.getByLabel('URL').fill(`http://${DOMAIN}/old/page.html`);
    await trace.getByRole('button', { name: 'Trace' }).click();
    await console.locator('[part="trace-outcome"]', { hasText: '301' }).waitFor();
    await screenshot(page, 'domain-console-trace');

    // Reload: every change persisted.
    await page.reload();
    await console.getByRole('heading', { name: `Domain console · ${DOMAIN}` }).waitFor();
    await openTab(page, console, 'Origin');
    assert.equal(await group(console, 'Origins').getByLabel('Address (IPv4, IPv6 or domain)').nth(1).inputValue(), '192.0.2.20');
    assert.equal(await group(console, 'Origins').getByLabel('Weight').nth(1).inputValue(), '5');
    assert.equal(await group(console, 'Origin health and probe').getByLabel('Failure threshold').inputValue(), '5');
    await openTab(page, console, 'HTTPS');
    assert.ok(await group(console, 'HTTPS').getByLabel('Enable HTTPS', { exact: true }).isChecked());
    await openTab(page, console, 'URI rewrite and redirects');
    assert.equal(await group(console, 'URI rewrite').getByLabel('Rewrite URI, rule 1').inputValue(), '/new/');
    await openTab(page, console, 'Error pages');
    assert.equal(await group(console, 'Custom error pages').getByLabel('Status code').last().inputValue(), '404');

    // The configuration view lists what was set, from the domain itself.
    await openTab(page, console, 'Configuration view');
    await screenshot(page, 'domain-console-config');

    // The old layout's console children open the same console on their tab.
    await page.goto(`${server.url}/console/cloud-speed/console/${domainId}/backsource`);
    await console.getByRole('heading', { name: `Domain console · ${DOMAIN}` }).waitFor();
    assert.equal(await group(console, 'Origins').getByLabel('Address (IPv4, IPv6 or domain)').nth(1).inputValue(), '192.0.2.20');
    await page.goto(`${server.url}/console/cloud-speed/console/${domainId}/pages`);
    await group(console, 'Custom error pages').waitFor();

    // Every tab at both sizes, with no serious accessibility violation.
    const failures: string[] = [];
    for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      for (const [tab, name] of [['origin', 'Origin'], ['https', 'HTTPS'], ['cache', 'Cache'], ['performance', 'Performance'], ['pages', 'Error pages'], ['rewrite', 'URI rewrite and redirects'], ['config', 'Configuration view'], ['trace', 'Request trace']] as const) {
        await openTab(page, console, name);
        const overflow = (await page.evaluate('(document.scrollingElement || document.documentElement).scrollWidth - window.innerWidth')) as number;
        if (overflow > 0) failures.push(`${tab} ${size.width}: ${overflow}px wider than the window`);
        if (size.width === 1280) for (const violation of await axeViolations(page)) failures.push(`${tab}: ${violation}`);
        await screenshot(page, `domain-console-${tab}-${size.width}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
