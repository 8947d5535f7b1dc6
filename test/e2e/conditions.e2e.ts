/**
 * End to end: the conditions match engine in the demo host against the real reference server (issue 22; shell §2,
 * §4 condition_source; rules §3 condition rule; rules §5 Match rules and WAF). Create a condition rule, reference it
 * from a WAF rule, test a request that matches through it (the server expands the reference), try to delete it:
 * refused, naming the WAF rule and its set; remove the reference, delete it. Screenshots at 1280×800 and 1920×1080
 * in both languages go to test-results/. Zero console errors, zero CSP violations.
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

const ENGINE_PATH = '/console/cloud-speed/safety-protection/rule-management/conditions-matchEngine';
const WAF_PATH = '/console/cloud-speed/safety-protection/rule-management/wafRuleGroup';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

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

/** Asks for a confirmation and gives it in the element's confirmation dialog. */
async function confirmed(page: Page, trigger: Locator, label: string): Promise<void> {
  await trigger.click();
  const dialog = page.locator('ec-conditions-match-engine .p-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const engineRow = (page: Page, name: string) => page.locator('ec-conditions-match-engine tbody tr', { hasText: name });

describe('conditions match engine end to end (issue 22)', () => {
  it('create a condition rule, reference it from a WAF rule, test a matching request, refused delete, remove the reference, delete', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    // 1. The condition rule.
    await page.goto(`${server.url}${ENGINE_PATH}`);
    await page.getByRole('button', { name: 'New condition rule' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('E2E admin area');
    await page.getByLabel('Description', { exact: true }).fill('Back office paths');
    const condition = page.locator('fieldset.ec-condition').first();
    await choose(page, condition.locator('.ec-condition-head .p-dropdown').last(), 'starts with');
    await condition.locator('.ec-multi-value input').first().fill('/admin');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `conditions-dialog-en-${size.width}x${size.height}`);
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await engineRow(page, 'E2E admin area').waitFor();

    // 2. A WAF rule referencing it.
    await page.setViewportSize(SIZES[0]!);
    await page.goto(`${server.url}${WAF_PATH}`);
    await page.getByRole('button', { name: 'New rule set' }).click();
    await page.getByLabel('Name (at most 32 characters)').fill('E2E conditions');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.ec-editor-title', { hasText: 'E2E conditions' }).waitFor();
    await page.getByRole('button', { name: 'Add rule', exact: true }).click();
    const wafCondition = page.locator('fieldset.ec-condition').first();
    await wafCondition.waitFor();
    await choose(page, wafCondition.locator('.p-dropdown').first(), 'Condition rule');
    await choose(page, wafCondition.locator('.ec-field .p-dropdown').last(), 'E2E admin area');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await wafCondition.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The rule set was saved.').waitFor();
    assert.match((await page.locator('.ec-rule-table tbody tr').first().textContent()) ?? '', /Condition rule "E2E admin area" holds/);

    // 3. A request matching through the reference: the browser cannot expand it, the server does.
    await page.getByRole('button', { name: 'Test rules' }).click();
    await page.getByLabel('URL (path and query)').fill('/admin/users');
    await page.getByRole('button', { name: 'Run test' }).click();
    await page.getByText('Condition rules are kept on the server: evaluate on the server to expand them.').waitFor();
    await page.getByRole('button', { name: 'Evaluate on the server' }).click();
    await page.getByText('Evaluated by the server.').waitFor();
    assert.match((await page.locator('.ec-tester-summary').textContent()) ?? '', /\(priority 1\) fires first: Block\./);
    await screenshot(page, 'conditions-waf-tester-en');
    const code = ((await page.locator('.ec-rule-table tbody tr').first().textContent()) ?? '').match(/#(\d+)/)?.[1];
    assert.ok(code, 'the rule shows its rule ID');

    // 4. Deleting the cited rule is refused and says where it is used.
    await page.goto(`${server.url}${ENGINE_PATH}`);
    const row = engineRow(page, 'E2E admin area');
    await row.waitFor();
    assert.equal((await row.locator('td').nth(2).textContent())?.trim(), '1');
    const refusal = page.waitForResponse((response) => response.url().includes('condition.rule.delete'));
    await confirmed(page, row.getByRole('button', { name: 'Delete E2E admin area' }), 'Delete');
    const refused = (await (await refusal).json()) as { status: { code: number; message: string } };
    assert.equal(refused.status.code, 100409);
    assert.match(refused.status.message, new RegExp(`cannot be deleted\\. WAF rules using it \\(1\\): E2E conditions #${code}`));
    await page.getByText(refused.status.message).first().waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `conditions-refused-en-${size.width}x${size.height}`);
    }

    // 5. Remove the reference, then the rule can go.
    await page.setViewportSize(SIZES[0]!);
    await page.goto(`${server.url}${WAF_PATH}`);
    // The WAF page reopens the set last opened in this tab, or lists the sets.
    const title = page.locator('.ec-editor-title', { hasText: 'E2E conditions' });
    const link = page.getByRole('button', { name: 'E2E conditions', exact: true });
    await title.or(link).first().waitFor();
    if (!(await title.isVisible())) await link.click();
    await title.waitFor();
    // The reference goes by editing the rule to match the path itself (the rule table's delete popover closes itself
    // in the host: see the report of issue 22).
    await page.getByRole('button', { name: /^Edit rule/ }).first().click();
    const edited = page.locator('fieldset.ec-condition').first();
    await edited.waitFor();
    await choose(page, edited.locator('.p-dropdown').first(), 'URL path');
    await choose(page, edited.locator('.ec-condition-head .p-dropdown').last(), 'starts with');
    await edited.locator('.ec-multi-value input').first().fill('/admin');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await edited.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The rule set was saved.').waitFor();

    await page.goto(`${server.url}${ENGINE_PATH}`);
    await row.waitFor();
    assert.equal((await row.locator('td').nth(2).textContent())?.trim(), '0');
    await confirmed(page, row.getByRole('button', { name: 'Delete E2E admin area' }), 'Delete');
    await page.getByText('E2E admin area was deleted').first().waitFor();
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(problems.errors, []);
  });

  it('zh_CN at 1280×800 and 1920×1080', async () => {
    const { page, problems } = await openPage(browser, { locale: 'zh-CN' });
    await page.addInitScript(() => localStorage.setItem('lang', 'zh_CN'));
    await signIn(page, server.url);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${server.url}${ENGINE_PATH}`);
    await page.getByRole('button', { name: '新建条件规则' }).first().click();
    await page.locator('fieldset.ec-condition').first().waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `conditions-dialog-zh-${size.width}x${size.height}`);
    }
    await page.getByRole('button', { name: '取消', exact: true }).click();
    await page.locator('ec-conditions-match-engine [part="empty-state"], ec-conditions-match-engine [part="table"]').first().waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `conditions-list-zh-${size.width}x${size.height}`);
    }
    assert.deepEqual(problems.errors, []);
  });
});
