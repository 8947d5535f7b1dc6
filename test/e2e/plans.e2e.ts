/**
 * End to end: plan gating and the packages page in the demo host against the real reference server (issue 21;
 * shell §6 notices, rules §4 trial packages, §6 package gating, §8 message, §9 increase packages). On a trial plan a
 * gated action (a custom WAF rule set) is refused with the plan notice; its work-order link opens the ticket form about
 * that feature and a ticket is created; the packages page refuses expansion on the trial package with the spec's
 * message; the plan is moved to business (the demo has no purchase flow); expansion then runs as a job to completion;
 * the gated action now saves. Screenshots of the packages page at 1280×800 in both languages. Zero console errors.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;

const WAF_PATH = '/console/cloud-speed/safety-protection/rule-management/wafRuleGroup';
const PACKAGES_PATH = '/console/cloud-speed/domain-management/packages';
const SHOTS = process.env.EC_SHOTS_DIR ?? 'test-results';

function setPlanLevel(level: 'trial' | 'business'): void {
  for (const plan of server.app.db.prepare('SELECT id FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number }[]) {
    changePlanLevel(server.app.db, plan.id, level);
  }
}

before(async () => {
  server = await startServer({ seedLanguage: 'en_US' });
  // Outside the online edition (flag 2) the notice is a work order (shell §6); the demo account is online (flag 1).
  server.app.db.prepare('UPDATE members SET flag = 2 WHERE id = ?').run(DEMO_MEMBER_ID);
  setPlanLevel('trial');
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function newRuleSet(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}${WAF_PATH}`);
  await page.getByRole('button', { name: 'New rule set' }).click();
  await page.getByLabel('Name (at most 32 characters)').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('plans end to end (issue 21)', () => {
  it('trial: gated action → notice → work order; packages page refuses expansion; on business expansion runs and the action saves', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    // The language for this tab's next loads (sessionStorage survives a reload, so the test can switch it).
    await page.addInitScript("localStorage.setItem('lang', sessionStorage.getItem('e2e-lang') || 'en_US')");
    await signIn(page, server.url);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    // Rules §6: custom rule sets need business or above; the refusal names its way out.
    await newRuleSet(page, 'Plans e2e');
    const notice = page.locator('[part="plan-notice"]', { hasText: 'Your package does not include this setting' });
    await notice.waitFor();
    await notice.getByText('Submit a work order').click();
    await page.waitForURL((url) => url.pathname.endsWith('/work-order/create/waf_custom_rule'));
    await page.getByLabel('Contact (email or phone)').fill('ops@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => /\/work-order\/detail\/\d+$/.test(url.pathname));
    const tickets = server.app.db.prepare('SELECT COUNT(*) AS n FROM work_orders WHERE member_id = ?').get(DEMO_MEMBER_ID) as { n: number };
    assert.equal(tickets.n, 1, 'the ticket is stored');

    // Rules §4, §8: the trial package cannot expand or renew.
    await page.goto(`${server.url}${PACKAGES_PATH}`);
    const card = page.locator('.ec-plan-card').first();
    await card.waitFor();
    await card.locator('[part="plan-notice"]', { hasText: 'The trial package does not support increase or renewal' }).waitFor();
    assert.equal(await card.getByRole('button', { name: 'Expand' }).count(), 0);
    await shot(page, 'packages-trial-en');

    // The demo has no purchase flow: the plan becomes business on the server, as a purchase would make it.
    setPlanLevel('business');
    await page.reload();
    await card.getByRole('button', { name: 'Expand' }).click();
    await page.locator('[part="change-dialog"] input').fill('2');
    await page.locator('.p-dialog').getByRole('button', { name: 'Buy' }).click();
    await card.locator('[part="change-status"]', { hasText: 'Expansion complete.' }).waitFor({ timeout: 15_000 });
    await card.getByText('2 (+20 businesses)').waitFor();
    await shot(page, 'packages-business-en');

    // The same page in Chinese.
    await page.evaluate("sessionStorage.setItem('e2e-lang', 'zh_CN')");
    await page.reload();
    await page.locator('.ec-plan-card').first().getByText('2 个（+20 个业务）').waitFor();
    await shot(page, 'packages-business-zh');
    await page.evaluate("sessionStorage.setItem('e2e-lang', 'en_US')");

    // The gated action now saves.
    await newRuleSet(page, 'Plans e2e');
    await page.locator('.ec-editor-title', { hasText: 'Plans e2e' }).waitFor();
    assert.deepEqual(problems.errors, []);
  });
});
