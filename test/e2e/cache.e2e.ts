/**
 * End to end: the cache rule editor in the demo host against the real reference server (issue 8; rules §3, §5, §9;
 * shell §7 domain settings groups). From the domain list, open a domain's console (its cache page), add two rules,
 * reorder them with the keyboard, test a URL, reload: the rules are persisted in the new order and the tester still
 * answers the same. Zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
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

const DOMAIN = 'm.example.com';

/** Adds a rule through the rule dialog: name, cache type and matching content, edge TTL. */
async function addRule(page: Page, editor: Locator, rule: { name: string; type?: string; content: string; ttl: string; unit: string }): Promise<void> {
  await editor.getByRole('button', { name: 'Add rule', exact: true }).click();
  const form = editor.locator('[part="rule-form"]');
  await form.waitFor();
  await form.getByLabel('Rule name').fill(rule.name);
  if (rule.type) {
    await form.locator('.p-dropdown', { has: page.locator('input[aria-label="Cache type"]') }).click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: rule.type, exact: true }).click();
  }
  await form.locator('[part="match-section"] .ec-multi-value input').first().fill(rule.content);
  await form.getByLabel('Edge cache TTL', { exact: true }).fill(rule.ttl);
  await form.locator('.p-dropdown', { has: page.locator('input[aria-label="Unit of Edge cache TTL"]') }).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: rule.unit, exact: true }).click();
  await screenshot(page, `cache-rules-form-${rule.name.toLowerCase().replace(/\W+/g, '-')}`);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await form.waitFor({ state: 'detached' });
  await editor.getByText(`Cache rule "${rule.name}" saved.`).waitFor();
}

const ruleNames = (editor: Locator) => editor.locator('tr[data-kind="custom"] td:nth-child(2)').allTextContents();

async function testUrl(editor: Locator, url: string): Promise<{ rule: string; edge: string; key: string }> {
  const tester = editor.locator('[part="tester"]');
  await tester.getByLabel('URL', { exact: true }).fill(url);
  await tester.getByRole('button', { name: 'Test', exact: true }).click();
  const result = tester.locator('[part="tester-result"]');
  await result.waitFor();
  return {
    rule: (await result.locator('[data-result="rule"]').textContent()) ?? '',
    edge: (await result.locator('[data-result="edge"]').textContent()) ?? '',
    key: (await result.locator('[data-result="key"]').textContent()) ?? '',
  };
}

describe('cache rule editor end to end (issue 8)', () => {
  it("domain list -> a domain's console cache page -> add two rules -> reorder -> test a URL -> reload -> persisted", async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL(/\/console\/cloud-speed\/domain-management\/domain-list$/);

    // The domain list's console action opens the domain's cache page.
    await page.locator('ec-domain-list').getByRole('link', { name: `Open the console of ${DOMAIN}` }).click();
    await page.waitForURL(/\/console\/cloud-speed\/speed-network\/domain-acceleration\/console\/\d+$/);
    const editor = page.locator('ec-cache-rules');
    await editor.locator('[part="evaluation-model"]').waitFor();
    assert.deepEqual(await ruleNames(editor), []);

    await addRule(page, editor, { name: 'Images', content: 'png', ttl: '7', unit: 'Days' });
    await addRule(page, editor, { name: 'Static directory', type: 'Directory', content: '/static/', ttl: '2', unit: 'Hours' });
    assert.deepEqual(await ruleNames(editor), ['Images', 'Static directory']);

    // Before the reorder, a PNG under /static/ falls under the first rule.
    assert.equal((await testUrl(editor, '/static/logo.png?v=2')).rule, 'Images (priority 1)');

    // Keyboard reorder: the directory rule's handle, arrow up.
    await editor.getByRole('button', { name: /^Reorder Static directory/ }).focus();
    await page.keyboard.press('ArrowUp');
    await editor.getByText('"Static directory" moved to priority 1.').waitFor();
    assert.deepEqual(await ruleNames(editor), ['Static directory', 'Images']);

    const tested = await testUrl(editor, '/static/logo.png?v=2');
    assert.equal(tested.rule, 'Static directory (priority 1)');
    assert.match(tested.edge, /^Cached for 2 h/);
    assert.equal(tested.key, `${DOMAIN}/static/logo.png?v=2`);
    await screenshot(page, 'cache-rules-tested');

    await page.reload();
    await editor.locator('tr[data-kind="custom"]').first().waitFor();
    assert.deepEqual(await ruleNames(editor), ['Static directory', 'Images']);
    const again = await testUrl(editor, '/static/logo.png?v=2');
    assert.equal(again.rule, 'Static directory (priority 1)');
    assert.match(again.edge, /^Cached for 2 h/);

    assert.deepEqual(problems.errors, []);
  });
});
