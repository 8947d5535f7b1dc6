/**
 * The security module end to end (issue 29 "What must be shown"; shell §2 security module), in the demo host against
 * the reference server and the built console: the packages (meal) -> the package in force -> its businesses -> one
 * business, which opens on application acceleration -> each of the four tabs does its work and keeps it over a reload
 * (application security: the business moves to a policy of its own, a region is chosen in the regional blocking
 * editor and the card is switched on; business security: a protected path is written in the CSRF editor and the card
 * is switched on; network security: origin protection is turned on and its ranges are listed; application
 * acceleration: the website's console) -> back to meal. English first, then every tab again in Chinese, with
 * screenshots at 1280×800 and no console error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, openPage, screenshot, signIn, startServer, type RunningServer } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;
const DOMAIN = 'www.example.com';

before(async () => {
  server = await startServer();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const tabPanel = (page: Page) => page.locator('[role="tabpanel"]');

/** Waits for a confirmation dialog to close; a refusal shown in it fails the test with its text. */
async function closed(dialog: Locator): Promise<void> {
  try {
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  } catch {
    assert.fail(`the dialog stayed open: ${await dialog.textContent()}`);
  }
}

/** Switches a card with its confirmation (rules §4: a card changes only once confirmed); answers its new state. */
async function toggleCard(element: Locator, name: string): Promise<boolean> {
  const toggle = element.locator(`[data-card="${name}"]`).getByRole('switch');
  await toggle.waitFor();
  const was = await toggle.isChecked();
  await toggle.click();
  const dialog = element.locator('.p-dialog');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await closed(dialog);
  assert.equal(await toggle.isChecked(), !was, `${name} switched`);
  return !was;
}

async function openTab(page: Page, name: string, path: RegExp): Promise<void> {
  await page.locator('[part="tabs"]').getByRole('tab', { name, exact: true }).click();
  await page.waitForURL(path);
}

describe('the security module end to end (issue 29)', () => {
  it('meal -> the package in force -> a business -> the four tabs work and keep their changes -> back to meal', async () => {
    const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, server.url, { parent: true }, { language: 'en_US' });

    await page.goto(`${server.url}/console/security/meal`);
    const packages = page.locator('ec-packages');
    const inForce = packages.locator('li.ec-plan-card', { hasText: 'In force' }).first();
    await inForce.waitFor({ timeout: 30_000 });
    await screenshot(page, 'security-meal-en');
    await inForce.getByRole('link', { name: /^Businesses of / }).click();
    await page.waitForURL(/\/console\/security\/meal\/\d+$/);
    const businesses = page.locator('ec-packages [part="businesses"]');
    await businesses.waitFor({ timeout: 30_000 });
    await screenshot(page, 'security-meal-businesses-en');

    // Shell §2: business/{id} opens on application acceleration, the website's console.
    await businesses.getByRole('link', { name: `Manage ${DOMAIN}` }).click();
    await page.waitForURL(/\/console\/security\/business\/(\d+)\/applicationAcceleration$/);
    const id = /business\/(\d+)\//.exec(page.url())![1]!;
    const console = page.locator('ec-domain-console');
    await console.getByText(DOMAIN).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'security-business-acceleration-en');

    // Application security: the business takes a policy of its own, then a card of the application section changes.
    await openTab(page, 'Application security', /\/applicationSecurity$/);
    const application = tabPanel(page).locator('ec-web-security');
    await application.locator('[part="method"]').waitFor({ timeout: 30_000 });
    const ownPolicy = application.getByRole('button', { name: 'Switch to Domain-specific' });
    if (await ownPolicy.count()) {
      await ownPolicy.click();
      await application.locator('.p-dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
      await closed(application.locator('.p-dialog'));
      await application.getByRole('button', { name: 'Switch to Domain-specific' }).waitFor({ state: 'detached' });
    }
    assert.equal(await application.locator('[data-card]').count() > 0, true, 'the application cards show');
    assert.equal(await application.locator('[data-card="csrf"]').count(), 0, 'a business card is not on the application tab');
    // Regional blocking needs a region before it can be on (rules §4): chosen in its editor, then switched on.
    await application.getByRole('button', { name: 'Settings: Regional blocking' }).click();
    const editor = application.locator('.p-dialog', { has: page.locator('[part="region-tree"]') });
    await editor.waitFor({ timeout: 30_000 });
    // The country sits in a closed continent group: a click on its box is what ticking it does.
    await editor.locator('[data-region="US"] input').dispatchEvent('click');
    assert.equal(await editor.locator('[data-region="US"] input').isChecked(), true);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await closed(editor);
    const regionBlock = await toggleCard(application, 'region_block');
    assert.equal(regionBlock, true);
    await application.locator('[data-card="region_block"] .ec-ws-summary', { hasText: 'Regions: 1' }).waitFor();
    await screenshot(page, 'security-business-application-en');

    // Business security: the business section's cards, one switched.
    await openTab(page, 'Business security', /\/businessSecurity$/);
    const business = tabPanel(page).locator('ec-web-security');
    await business.locator('[data-card="csrf"]').waitFor({ timeout: 30_000 });
    assert.equal(await business.locator('[data-card="cloud_waf"]').count(), 0, 'an application card is not on the business tab');
    // CSRF protection guards named paths (rules §4): one is written in its editor, then the card is switched on.
    await business.getByRole('button', { name: 'Settings: CSRF protection' }).click();
    const csrfEditor = business.locator('.p-dialog', { has: page.locator('textarea') });
    await csrfEditor.waitFor({ timeout: 30_000 });
    await csrfEditor.getByLabel('Protected paths', { exact: true }).fill('/account/transfer');
    await csrfEditor.getByRole('button', { name: 'Save', exact: true }).click();
    await closed(csrfEditor);
    const csrf = await toggleCard(business, 'csrf');
    assert.equal(csrf, true);
    await screenshot(page, 'security-business-business-en');

    // Network security: origin protection on, saved; the ranges to allow are listed.
    await openTab(page, 'Network security', /\/networkSecurity$/);
    const network = tabPanel(page).locator('ec-domain-console');
    const protection = network.locator('section[part="group"]', { has: page.getByRole('heading', { name: 'Origin protection', exact: true }) });
    await protection.waitFor({ timeout: 30_000 });
    const protectSwitch = protection.getByRole('switch');
    if (!(await protectSwitch.isChecked())) await protectSwitch.click();
    const save = protection.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    const saved = Date.now() + 15_000;
    while (!(await save.isDisabled())) {
      assert.ok(Date.now() < saved, `origin protection saves: ${(await protection.getByRole('alert').allTextContents()).join(' | ')}`);
      await page.waitForTimeout(100);
    }
    assert.ok((await protection.locator('[part="origin-pull-ranges"] li').count()) > 0, 'the origin-pull ranges are listed');
    await screenshot(page, 'security-business-network-en');

    // A reload keeps every change, read back from the server.
    await page.reload();
    await protection.waitFor({ timeout: 30_000 });
    assert.equal(await protection.getByRole('switch').isChecked(), true, 'origin protection stays on');
    await openTab(page, 'Application security', /\/applicationSecurity$/);
    await application.locator('[data-card="region_block"]').waitFor({ timeout: 30_000 });
    assert.equal(await application.locator('[data-card="region_block"]').getByRole('switch').isChecked(), regionBlock, 'the region block keeps its state');
    await openTab(page, 'Business security', /\/businessSecurity$/);
    await business.locator('[data-card="csrf"]').waitFor({ timeout: 30_000 });
    assert.equal(await business.locator('[data-card="csrf"]').getByRole('switch').isChecked(), csrf, 'CSRF protection keeps its state');

    // Each tab goes back to meal (shell §2).
    await page.locator('[part="back"]').first().click();
    await page.waitForURL(/\/console\/security\/meal$/);
    await inForce.waitFor({ timeout: 30_000 });

    // The same four tabs in Chinese.
    // An init script, as signIn keeps the language (it runs after signIn's, so it wins on every load).
    await page.addInitScript(`localStorage.setItem('lang', 'zh_CN')`);
    for (const [tab, path, ready] of [
      ['applicationAcceleration', '应用加速', 'ec-domain-console'],
      ['applicationSecurity', '应用安全', 'ec-web-security [data-card="region_block"]'],
      ['businessSecurity', '业务安全', 'ec-web-security [data-card="csrf"]'],
      ['networkSecurity', '网络安全', 'ec-domain-console [part="origin-pull-ranges"]'],
    ] as const) {
      await page.goto(`${server.url}/console/security/business/${id}/${tab}`);
      await page.locator(`[part="tabs"] [role="tab"][aria-selected="true"]`, { hasText: path }).waitFor({ timeout: 30_000 });
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await screenshot(page, `security-business-${tab}-zh`);
    }
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
