/**
 * End to end: cache purge and prefetch in the demo host against the real reference server (issue 23; rules §3 "Cache
 * task", §4, §5 Purge and Prefetch, §8 "some URLs failed with a reason"; shell §8 "Task submitted, see the task
 * list"). Purge 200 URLs (2 of which the simulated edge times out) and 3 directories, follow the purge's progress live
 * in the task list (Server-Sent Events through a ticket, under the console's CSP), open its detail with the 2 failed
 * URLs and their reasons, retry them, prefetch from a 2 MB txt file, and see a third URL purge within the minute
 * refused with the time left. Zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import { edgeOutcome } from '../../demo/server/features/cache-tasks/edge-outcome.js';
import { launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // A step every 250 ms: a 200-URL purge takes about 5 s, long enough to watch it move.
  server = await startServer({ jobStepDelayMs: 250 });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** 198 URLs the edge purges and 2 it times out on the first attempt, in that order. */
function purgeUrls(): { all: string[]; failing: string[] } {
  const ok: string[] = [];
  const failing: string[] = [];
  for (let i = 0; ok.length < 198 || failing.length < 2; i++) {
    const url = `https://www.example.com/static/e2e/${i}.js`;
    const outcome = edgeOutcome('purge-url', url, 1);
    if (outcome.ok && ok.length < 198) ok.push(url);
    if (!outcome.ok && failing.length < 2) failing.push(url);
  }
  return { all: [...ok, ...failing], failing };
}

async function fillUrls(form: Locator, text: string): Promise<void> {
  await form.locator('[part="urls"]').fill(text);
}

describe('cache purge and prefetch end to end (issue 23)', () => {
  it('purge 200 URLs and 3 directories -> live progress -> 2 failed URLs with reasons -> retry -> 2 MB prefetch file -> third purge refused with the time left', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL(/\/console\/cloud-speed\/domain-management\/domain-list$/);

    // Purge 200 URLs.
    await page.goto(`${server.url}/console/cloud-speed/speed-network/clean-cache`);
    const purge = page.locator('ec-cache-purge');
    await purge.locator('[part="form"]').waitFor();
    const { all, failing } = purgeUrls();
    await fillUrls(purge, all.join('\n'));
    await purge.getByText('200 to send, 0 refused, 0 repeats ignored').waitFor();
    await purge.getByRole('button', { name: 'Purge', exact: true }).click();
    await purge.locator('[part="submitted"]').getByText('Task submitted, see the task list').waitFor();
    await purge.getByText('200 URLs in the task.').waitFor();

    // And 3 directories (a kind with its own allowance).
    await purge.getByText('Directory', { exact: true }).click();
    await fillUrls(purge, ['https://www.example.com/static/', 'https://www.example.com/img/a/', 'https://shop.example.com/css/'].join('\n'));
    await purge.getByText('3 to send, 0 refused, 0 repeats ignored').waitFor();
    await purge.getByRole('button', { name: 'Purge', exact: true }).click();
    await purge.getByText('3 URLs in the task.').waitFor();
    await screenshot(page, 'cache-tasks-purge-submitted');

    // The task list follows the running purge through the job stream.
    await purge.locator('[part="submitted"]').getByRole('link', { name: 'Task list' }).click();
    await page.waitForURL(/\/console\/cloud-speed\/operation-audit\/taskList\/cleanCacheLog$/);
    const list = page.locator('ec-job-list');
    const bigRow = list.locator('tbody tr', { hasText: `${all[0]} and 199 more` });
    await bigRow.waitFor();
    const progress = async () => Number(await bigRow.locator('[role="progressbar"]').getAttribute('aria-valuenow'));
    const seen = new Set<number>([await progress()]);
    while (!seen.has(100)) {
      seen.add(await progress());
      await page.waitForTimeout(100);
    }
    assert.ok([...seen].some((value) => value > 0 && value < 100), `progress moved through intermediate values: ${[...seen].join(', ')}`);
    await bigRow.getByText('Complete').waitFor();
    await screenshot(page, 'cache-tasks-list-complete');

    // The detail lists the 2 failed URLs with their reason.
    await bigRow.getByRole('link', { name: 'Details' }).click();
    await page.waitForURL(/\/console\/cloud-speed\/operation-audit\/taskList\/cleanCacheLog\/detail\/\d+$/);
    const detail = page.locator('ec-job-detail');
    await detail.getByText('198 succeeded, 2 failed, 0 waiting').waitFor();
    await detail.locator('[part="toolbar"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Failed', exact: true }).click();
    const failedRows = detail.locator('[part="table"] tbody tr');
    while ((await failedRows.count()) !== 2) await page.waitForTimeout(100);
    assert.deepEqual(await failedRows.locator('td:nth-child(2)').allTextContents(), failing);
    assert.deepEqual(await failedRows.locator('td:nth-child(4)').allTextContents(), ['An edge node did not answer in time', 'An edge node did not answer in time']);
    await screenshot(page, 'cache-tasks-detail-failed');

    // Retry them: a new task, which succeeds (a timeout is transient).
    await detail.getByRole('button', { name: 'Retry 2 failed URLs' }).click();
    await detail.locator('[part="retried"]').getByText('Task submitted, see the task list').waitFor();
    await detail.locator('[part="retried"]').getByRole('link', { name: 'View the new task' }).click();
    await detail.getByText('2 succeeded, 0 failed, 0 waiting').waitFor({ timeout: 15_000 });

    // Prefetch from a 2 MB txt file: 150 URLs, the rest of the 2,000,000 bytes blank lines at the end.
    const urls = Array.from({ length: 150 }, (_, i) => `https://shop.example.com/p/${i}.html`).join('\r\n');
    const path = join(mkdtempSync(join(tmpdir(), 'ec-e2e-')), 'urls.txt');
    writeFileSync(path, urls + '\n'.repeat(2_000_000 - Buffer.byteLength(urls)));
    await page.goto(`${server.url}/console/cloud-speed/speed-network/cache-preheat`);
    const prefetch = page.locator('ec-cache-prefetch');
    await prefetch.locator('[part="form"]').waitFor();
    await prefetch.getByText('A txt file', { exact: true }).click();
    await prefetch.locator('[part="file"]').setInputFiles(path);
    await prefetch.getByText('150 to send, 0 refused, 0 repeats ignored').waitFor();
    await prefetch.getByRole('button', { name: 'Prefetch', exact: true }).click();
    await prefetch.getByText('150 URLs in the task.').waitFor();

    // A third URL purge within the minute (the 200 URLs and the retry were two): refused, with the time left.
    await page.goto(`${server.url}/console/cloud-speed/speed-network/clean-cache`);
    await purge.locator('[part="form"]').waitFor();
    await fillUrls(purge, 'https://www.example.com/one-more.js');
    const reason = purge.locator('[part="blocked-reason"]');
    await reason.waitFor();
    assert.match((await reason.textContent()) ?? '', /^The next submission is allowed in .+ \(at .+\)\.$/);
    assert.equal(await purge.getByRole('button', { name: 'Purge', exact: true }).isDisabled(), true);
    // The server holds the limit itself, whatever the page shows.
    const refused = await page.evaluate(`fetch('/api/V4/cache.purge.create', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': localStorage.getItem('x-token') }, body: JSON.stringify({ kind: 'url', urls: ['https://www.example.com/one-more.js'] }) }).then((r) => r.json())`);
    const answer = refused as { status: { code: number }; data: { retry_after: number } };
    assert.equal(answer.status.code, 100429);
    assert.ok(answer.data.retry_after > 0 && answer.data.retry_after <= 60);
    await screenshot(page, 'cache-tasks-rate-limited');

    assert.deepEqual(problems.errors, []);
  });
});
