/**
 * End to end: the WAF rule editor in the demo host against the real reference server (issue 7; rules §3-§5, shell §7).
 * Create a rule set, add three rules with conditions, reorder them (by keyboard), run the tester on a request that
 * matches the second rule, reload: everything is persisted, in the new order; then re-sort by drag (shell §4) and
 * reload: the order is kept. Zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  // The flow saves a ban action, which rules §6 keeps for packages whose WAF modes include ban (flagship and above).
  for (const plan of server.app.db.prepare('SELECT id FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number }[]) {
    changePlanLevel(server.app.db, plan.id, 'flagship');
  }
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const WAF_PATH = '/console/cloud-speed/safety-protection/rule-management/wafRuleGroup';

/** Adds a rule through the rule dialog: the first condition's type, operator and value, then the action. */
async function addRule(page: Page, rule: { type?: string; operator?: string; value: string; checkbox?: boolean; action?: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add rule', exact: true }).click();
  const condition = page.locator('fieldset.ec-condition').first();
  await condition.waitFor();
  if (rule.type) await choose(page, condition.locator('.p-dropdown').first(), rule.type);
  if (rule.operator) await choose(page, condition.locator('.ec-condition-head .p-dropdown').last(), rule.operator);
  if (rule.checkbox) await condition.getByRole('checkbox', { name: rule.value, exact: true }).check();
  else await condition.locator('.ec-multi-value input').first().fill(rule.value);
  if (rule.action) await choose(page, page.locator('[part="action"] .p-dropdown').first(), rule.action);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await condition.waitFor({ state: 'detached' });
}

/** Picks an option and waits until the dropdown shows it (a click during the overlay's opening animation can miss). */
async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    await dropdown.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    try {
      await dropdown.locator('.p-dropdown-label', { hasText: option }).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

async function ruleTexts(page: Page): Promise<string[]> {
  return page.locator('.ec-rule-table tbody tr').allTextContents();
}

describe('WAF rule editor end to end (issue 7)', () => {
  it('create a set, add three rules, reorder, test a request matching the second rule, reload: persisted in the new order', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    await page.goto(`${server.url}${WAF_PATH}`);
    await page.getByRole('button', { name: 'New rule set' }).click();
    await page.getByLabel('Name (at most 32 characters)').fill('E2E flow');
    await page.getByLabel('Description (optional, at most 64 characters)').fill('Made by the end-to-end test');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.ec-editor-title', { hasText: 'E2E flow' }).waitFor();

    await addRule(page, { operator: 'starts with', value: '/api' });
    await addRule(page, { operator: 'starts with', value: '/admin', action: 'Ban' });
    await addRule(page, { type: 'Method', value: 'POST', checkbox: true, action: 'Human verification: embedded captcha' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The rule set was saved.').waitFor();
    const saved = await ruleTexts(page);
    assert.match(saved[2]!, /Method is POST/);

    // Keyboard reorder: the POST rule to position 1, so the /api rule becomes the second.
    const move = page.getByRole('button', { name: /^Move rule #\d+ to a position$/ }).nth(2);
    await move.focus();
    await page.keyboard.press('Enter');
    const position = page.getByLabel('Position (1-3; 1 is matched first)');
    await position.fill('1');
    await position.press('Enter');
    await page.getByText('1 unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The rule set was saved.').waitFor();
    const reordered = await ruleTexts(page);
    assert.match(reordered[0]!, /Method is POST/);
    assert.match(reordered[1]!, /URL path starts with "\/api"/);
    assert.match(reordered[2]!, /URL path starts with "\/admin"/);

    await page.getByRole('button', { name: 'Test rules' }).click();
    await page.getByLabel('URL (path and query)').fill('/api/orders?page=2');
    await page.getByRole('button', { name: 'Run test' }).click();
    const summary = page.locator('.ec-tester-summary');
    await summary.waitFor();
    assert.match((await summary.textContent()) ?? '', /\(priority 2\) fires first: Block\./);
    await screenshot(page, 'waf-tester-en');

    await page.reload();
    await page.locator('.ec-editor-title', { hasText: 'E2E flow' }).waitFor();
    await page.locator('.ec-rule-table tbody tr').nth(2).waitFor();
    const afterReload = await ruleTexts(page);
    assert.match(afterReload[0]!, /Method is POST/);
    assert.match(afterReload[1]!, /URL path starts with "\/api"/);
    assert.match(afterReload[2]!, /URL path starts with "\/admin"/);
    assert.match(afterReload[2]!, /Ban/);
    assert.equal(await page.getByText('unsaved changes').count(), 0, 'nothing is left unsaved');

    // Shell §4 "re-sorted" by drag (saved with firewall.policy.sort): the /admin rule dragged onto the first row.
    const rows = page.locator('.ec-rule-table tbody tr');
    await rows.nth(2).dragTo(rows.nth(0));
    await page.getByText('1 unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The rule set was saved.').waitFor();
    await page.reload();
    await page.locator('.ec-editor-title', { hasText: 'E2E flow' }).waitFor();
    await rows.nth(2).waitFor();
    const dragged = await ruleTexts(page);
    assert.match(dragged[0]!, /URL path starts with "\/admin"/, 'the dragged rule is first after a reload');
    assert.match(dragged[1]!, /Method is POST/);
    assert.match(dragged[2]!, /URL path starts with "\/api"/);

    await page.getByRole('button', { name: 'Back to rule sets' }).click();
    const row = page.locator('tbody tr', { hasText: 'E2E flow' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /3 \/ 3 enabled/);
    assert.deepEqual(problems.errors, []);
  });
});
