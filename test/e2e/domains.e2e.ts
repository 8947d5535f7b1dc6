/**
 * Websites end to end in the demo host (issue "Domains"; rules §3-§5, §8; shell §4): sign in -> add three domains with
 * origins in the wizard -> the job runner moves them to serving and the list follows -> suspend one (the 503 notice)
 * -> batch delete two -> reload -> the state persisted. Against the real reference server and the built console in
 * Debian's Chromium, with zero console errors and zero CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import { launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

const DOMAINS = ['shop.e2e.example', 'blog.e2e.example', 'api.e2e.example'];
let server: RunningServer;
let browser: Browser;

before(async () => {
  // A pause between job steps, so the passing statuses can be seen before the sites serve.
  // The English seed: the wizard picks the demo template by its English name.
  server = await startServer({ jobStepDelayMs: 150, seedLanguage: 'en_US' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits until the list shows `count` rows (the element lives in the console's shadow root, which locators pierce). */
async function rowsShown(list: Locator, count: number, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  while ((await list.locator('tbody tr').count()) !== count) {
    if (Date.now() > until) throw new Error(`expected ${count} rows, the list shows ${await list.locator('tbody tr').count()}`);
    await list.page().waitForTimeout(100);
  }
}

const row = (list: Locator, domain: string) => list.locator('tbody tr', { has: list.page().locator('.ec-col-domain .ec-truncate', { hasText: domain }) });

describe('websites end to end (issue "Domains")', () => {
  it('add 3 domains with origins -> they serve -> suspend one -> batch delete two -> reload -> persisted', async () => {
    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    // Shell §2: the new layout's home is the domain list.
    await page.waitForURL(/\/console\/cloud-speed\/domain-management\/domain-list$/);
    const list = page.locator('ec-domain-list');
    await list.locator('tbody tr').first().waitFor();

    // The wizard: domains and template, origins, review (the server's dry run), result.
    await list.getByRole('button', { name: 'Add domain' }).click();
    await list.getByLabel('Domains, one per line').fill(DOMAINS.join('\n'));
    await list.locator('.p-dropdown-label[aria-label="Template"]').click();
    await list.getByRole('option', { name: 'Standard website' }).click();
    await list.getByLabel('Remark').fill('Added end to end');
    await list.getByRole('button', { name: 'Next' }).click();
    await list.getByLabel('Address (IPv4, IPv6 or domain)').fill('192.0.2.10');
    await list.getByRole('button', { name: 'Add backup origin' }).click();
    await list.getByLabel('Address (IPv4, IPv6 or domain)').nth(1).fill('origin.e2e.example');
    await list.getByLabel('Port').nth(1).fill('8080');
    await list.getByRole('button', { name: 'Next' }).click();
    await list.getByText('What will happen to each domain:').waitFor();
    assert.equal(await list.locator('[part="outcome"] tbody tr', { hasText: 'Will be added' }).count(), 3);
    await screenshot(page, 'domains-wizard-review');
    await list.getByRole('button', { name: 'Add websites' }).click();
    await list.getByText('3 succeeded').waitFor();
    await list.getByRole('button', { name: 'Back to the list' }).click();

    // The job runner moves them on (approval pending -> configuration being issued -> serving); the list follows.
    await list.getByLabel('Search websites').fill('e2e.example');
    await list.getByLabel('Search websites').press('Enter');
    await rowsShown(list, 3);
    for (const domain of DOMAINS) await row(list, domain).getByText('Serving').waitFor({ timeout: 15_000 });
    assert.match((await row(list, 'api.e2e.example').textContent()) ?? '', /192\.0\.2\.10:80.*origin\.e2e\.example:8080/);
    await screenshot(page, 'domains-serving');

    // Suspend one: the confirmation says visitors receive 503.
    await row(list, 'blog.e2e.example').getByRole('button', { name: 'Suspend blog.e2e.example' }).click();
    const dialog = list.getByRole('dialog', { name: 'Suspend websites' });
    await dialog.getByText('visitors receive 503').waitFor();
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await row(list, 'blog.e2e.example').getByText('Visitors receive 503').waitFor();

    // Batch delete the other two.
    for (const domain of ['shop.e2e.example', 'api.e2e.example']) await row(list, domain).getByRole('checkbox').check();
    await list.locator('[part="selection"]').getByText('2 websites selected').waitFor();
    await list.locator('[part="selection"]').getByRole('button', { name: 'Delete' }).click();
    await list.getByRole('dialog', { name: 'Delete websites' }).getByRole('button', { name: 'Delete' }).click();
    await rowsShown(list, 1);

    // Reload: the suspended site is still there and still suspended; the deleted ones are gone.
    await page.reload();
    await list.locator('tbody tr').first().waitFor();
    await list.getByLabel('Search websites').fill('e2e.example');
    await list.getByLabel('Search websites').press('Enter');
    await rowsShown(list, 1);
    assert.match((await row(list, 'blog.e2e.example').textContent()) ?? '', /Suspended.*Visitors receive 503/);
    assert.equal(await row(list, 'shop.e2e.example').count(), 0);
    await screenshot(page, 'domains-persisted');

    // The operation log recorded each change.
    const log = await page.evaluate(async () => {
      const response = await fetch('/api/V4/oplog.list?area=domain&per_page=20', { headers: { 'x-token': localStorage.getItem('x-token') ?? '' } });
      return ((await response.json()) as { data: { list: Array<{ action: string; object_label: string }> } }).data.list;
    });
    const entries = log.map((entry) => `${entry.action} ${entry.object_label}`);
    for (const expected of ['create shop.e2e.example', 'suspend blog.e2e.example', 'delete shop.e2e.example', 'delete api.e2e.example']) {
      assert.ok(entries.includes(expected), `${expected} is in the operation log: ${entries.join(', ')}`);
    }
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
