/**
 * End-to-end flow of issue 9 in the demo host against the real reference server: upload a certificate checked in
 * the browser -> bind it to a domain -> the binding shows -> apply for a free certificate -> the job runner issues
 * it -> reload -> everything persisted (rules §3-§5, §8, §9 certificates). Zero console errors and CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { makeAuthority, makeLeaf } from '../helpers/certificate-fixtures.js';
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

describe('certificates end to end (issue 9)', () => {
  it('upload -> bind -> binding shows -> free certificate issued -> reload -> persisted', async () => {
    const authority = await makeAuthority('E2E Fixture CA');
    const pair = await makeLeaf(authority, ['*.example.com', 'example.com']);
    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    // Set before any script runs: the console stores the language it starts in, so setting it after the first load
    // raced the console's own start (CI saw the page come back in Chinese).
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);

    await page.goto(`${server.url}/console/cloud-speed/ssl-tls`);
    const list = page.locator('ec-certificates');
    await list.locator('[part="table"]').waitFor();

    // Upload: the browser reads the PEM and shows what it says before anything is saved.
    await list.getByRole('button', { name: 'Upload certificate' }).click();
    const upload = list.getByRole('dialog');
    await upload.getByLabel('Certificate name').fill('E2E wildcard');
    await upload.getByLabel(/^Certificate \(PEM/).fill(pair.certificate);
    await upload.getByLabel(/^Private key/).fill(pair.privateKey);
    await upload.locator('[part="preview"]').waitFor();
    assert.match((await upload.locator('[part="preview"]').textContent()) ?? '', /CN=E2E Fixture CA/);
    await upload.getByRole('button', { name: 'Save' }).click();
    const row = list.locator('[part="table"] tbody tr', { hasText: 'E2E wildcard' });
    await row.waitFor();

    // Bind to a domain the certificate covers: no warning, and the binding shows on the certificate.
    await list.getByRole('button', { name: 'Bind E2E wildcard to domains' }).click();
    const bind = list.getByRole('dialog');
    await bind.getByLabel('m.example.com', { exact: true }).check();
    await bind.getByRole('button', { name: 'Bind' }).click();
    await row.filter({ hasText: 'm.example.com' }).waitFor();

    // A free certificate: applying -> issued through the server's job runner.
    await list.getByRole('button', { name: 'Apply for free certificate' }).click();
    const apply = list.getByRole('dialog');
    await apply.getByLabel(/^Domains, one per line/).fill('e2e.www.example.com');
    await apply.getByRole('button', { name: 'Apply' }).click();
    const freeRow = list.locator('[part="table"] tbody tr', { hasText: 'e2e.www.example.com' });
    await freeRow.filter({ hasText: 'Issued' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'certificates-en');

    // Reload: the upload, its binding and the issued certificate are all still there.
    await page.reload();
    await list.locator('[part="table"]').waitFor();
    await row.filter({ hasText: 'm.example.com' }).waitFor();
    await freeRow.filter({ hasText: 'Issued' }).waitFor();
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
