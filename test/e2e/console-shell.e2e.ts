/**
 * End-to-end flows of the demo host (issue 5; shell §1, §2, §4, §6) against the real reference server and the
 * built console, in Debian's Chromium. Every flow also checks: zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  DEMO_CHILD_PASSWORD,
  DEMO_CHILD_USER_NAME,
  DEMO_MEMBER_ID,
  DEMO_PARENT_EMAIL,
  DEMO_PARENT_PASSWORD,
} from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startServer, type RunningServer } from '../helpers/e2e.js';

const HOUR = 3_600_000;
let clockOffset = 0;
let server: RunningServer;
let browser: Browser;

before(async () => {
  // The server's clock can be moved forward to expire sessions (shell §8 16149).
  server = await startServer({ now: () => Date.now() + clockOffset });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function signInAsParent(page: Page, language: 'zh' | 'en' = 'zh') {
  await page.getByLabel(language === 'zh' ? '邮箱' : 'E-mail').fill(DEMO_PARENT_EMAIL);
  await page.getByLabel(language === 'zh' ? '密码' : 'Password').fill(DEMO_PARENT_PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

const sidebarLinks = (page: Page) => page.locator('nav.ec-sidebar a').allTextContents();
/** Shell §2: the new layout's default is domain management's domain list, the console home once it is built. */
const HOME = /\/console\/cloud-speed\/domain-management\/domain-list$/;
const homeShown = (page: Page) => page.locator('ec-domain-list [part="table"] tbody tr').first().waitFor();
const pageTitle = (page: Page) => page.locator('.ec-page-title').first().textContent();

describe('demo host end to end (shell §1, §2, §4, §6)', () => {
  it('parent: sign-in -> gated sidebar -> navigate -> reload keeps the route -> language switch persists -> logout', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/console/`);
    await page.waitForURL(/\/console\/login$/);
    await screenshot(page, 'shell-sign-in-zh');

    // Translated validation before any call.
    await page.locator('form button[type="submit"]').click();
    await page.getByText('请输入邮箱').waitFor();

    await signInAsParent(page);
    await page.waitForURL(HOME);
    await homeShown(page);
    await screenshot(page, 'shell-home-zh');

    // Shell §4: the parent has version_gray 'done' -> the new menu; modules without a built element stay hidden.
    const links = await sidebarLinks(page);
    assert.ok(links.includes('概览'), `the new-layout dashboard is in the menu: ${links.join(', ')}`);
    const headerUser = await page.locator('.ec-header-user').textContent();
    assert.match(headerUser ?? '', /admin@example\.com/, 'a parent sees the e-mail (shell §1)');

    // Navigate with the sidebar and reload: the route survives.
    const target = page.locator('nav.ec-sidebar a', { hasText: links[links.length - 1]! }).first();
    const href = await target.getAttribute('href');
    await target.click();
    await page.waitForURL(`${server.url}${href}`);
    await page.reload();
    await page.waitForURL(`${server.url}${href}`);
    await page.locator('.ec-page-title').first().waitFor();

    // Language switch: stored, the page reloads, texts change and persist across another reload.
    await page.locator('.ec-header-language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.waitForLoadState('load');
    await page.locator('.ec-header-docs', { hasText: 'Documentation' }).waitFor();
    await page.reload();
    await page.locator('.ec-header-docs', { hasText: 'Documentation' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'en_US');
    await page.goto(`${server.url}/console/cloud-speed/new/dashboard`);
    await page.locator('ec-dashboard .ec-figure').first().waitFor();
    await screenshot(page, 'shell-home-en');

    // Shell §1: every product stays in the sidebar, but only the one in use is open; the switcher opens another's
    // menu, and a page outside the products (user center) keeps the last product open.
    const productTitle = (name: RegExp) => page.locator('nav.ec-sidebar .ec-sidebar-module-toggle', { hasText: name });
    assert.equal(await productTitle(/App SDK protection/).getAttribute('aria-expanded'), 'false', 'the SDK menu is closed on a cloud-speed page');
    assert.equal(await page.locator('nav.ec-sidebar a', { hasText: 'Businesses' }).count(), 0);
    await page.locator('.ec-header-products').click();
    await page.getByRole('option', { name: 'App SDK protection' }).click();
    await page.waitForURL(/\/console\/taichi-app\/businessList$/);
    await page.locator('nav.ec-sidebar a[aria-current="page"]', { hasText: 'Businesses' }).waitFor();
    assert.equal(await page.locator('nav.ec-sidebar a', { hasText: 'Traffic details' }).count(), 0, 'the cloud-speed menu closed');
    await productTitle(/Website acceleration/i).click();
    await page.locator('nav.ec-sidebar a', { hasText: 'Traffic details' }).first().waitFor();
    assert.equal(await productTitle(/Website acceleration/i).getAttribute('aria-expanded'), 'true');
    await screenshot(page, 'shell-sdk-sidebar-en');

    // Logout clears the session and goes to /login.
    await page.locator('.ec-header-user').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/console\/login$/);
    assert.equal(await page.evaluate(() => localStorage.getItem('x-token')), null);
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('child: sign-in with member_id from the hash query -> reduced menu, user_name in the header (shell §2, §4, §6)', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/console/login-child/#/?member_id=${DEMO_MEMBER_ID}`);
    const memberId = page.getByLabel('主账号 ID');
    await memberId.waitFor();
    assert.equal(await memberId.inputValue(), String(DEMO_MEMBER_ID), 'member_id comes from the hash query');
    await page.getByLabel('子账号名称').fill(DEMO_CHILD_USER_NAME);
    await page.getByLabel('密码').fill(DEMO_CHILD_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.locator('nav.ec-sidebar').waitFor();
    const modules = await page.locator('nav.ec-sidebar .ec-sidebar-module-title').allTextContents();
    const allowed = ['网站安全加速', '云解析 DNS', '用户中心'];
    assert.ok(modules.length > 0);
    for (const module of modules) assert.ok(allowed.includes(module), `a child sees only account security, cloud-speed and cloud-resolving, not ${module}`);
    assert.match((await page.locator('.ec-header-user').textContent()) ?? '', /operator/, 'a child sees the user_name');

    // Issue 19: a link to a module the child may not use says so, naming the module, and stays where it was opened.
    await page.goto(`${server.url}/console/access-management/accounts`);
    const blocked = page.locator('[part="blocked-page"]');
    await blocked.waitFor();
    assert.equal(await blocked.getAttribute('data-reason'), 'forbidden');
    assert.match((await blocked.textContent()) ?? '', /无权限.*访问管理/s);
    assert.match(page.url(), /\/console\/access-management\/accounts$/, 'not sent home in silence');
    await screenshot(page, 'shell-child-forbidden-zh');
    await blocked.getByRole('button').click();
    await page.locator('[part="blocked-page"]').waitFor({ state: 'detached' });
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('the domain list keeps its filters and sort in the address: reload and a shared link show the same view (issue 19)', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/console/login`);
    await signInAsParent(page);
    await homeShown(page);
    // The status filter's Dropdown (PrimeReact also renders a hidden select with the same name: click the control).
    await page.locator('ec-domain-list .ec-filter').filter({ has: page.locator('label', { hasText: /^状态$/ }) }).locator('.p-dropdown').click();
    await page.getByRole('option', { name: '已停用' }).click();
    await page.waitForURL(/\/domain-list\?status=suspended$/);
    await page.locator('ec-domain-list .ec-col-domain .ec-truncate', { hasText: 'static.example.net' }).waitFor();
    await page.reload();
    await page.locator('ec-domain-list .ec-col-domain .ec-truncate', { hasText: 'static.example.net' }).waitFor();
    assert.equal(await page.locator('ec-domain-list tbody tr').count(), 1, 'the reloaded page shows the same filtered view');
    assert.match(page.url(), /\?status=suspended$/);
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('a page not in this console says "not available" with a way home; an unknown path still goes home (issue 19)', async () => {
    // Every route's element is built now (test/core/routes/routes.test.ts), so the page left out is one whose member
    // console gate is off (shell §4: the conditions match engine without `condition_source`).
    const gate = server.app.db.prepare('UPDATE member_console_info SET condition_source_view = ?');
    gate.run('off');
    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/console/login`);
    await signInAsParent(page);
    await homeShown(page);
    await page.goto(`${server.url}/console/cloud-speed/safety-protection/rule-management/conditions-matchEngine`);
    const blocked = page.locator('[part="blocked-page"]');
    await blocked.waitFor();
    assert.equal(await blocked.getAttribute('data-reason'), 'unavailable');
    assert.ok(((await blocked.textContent()) ?? '').length > 0);
    await screenshot(page, 'shell-unavailable');
    await blocked.getByRole('button').click();
    await page.waitForURL(HOME);
    assert.deepEqual(problems.errors, []);
    await context.close();
    gate.run('on');
  });

  it('forced expiry mid-page -> sign-in -> back on the same route (shell §2, §8 16149)', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/console/login`);
    await signInAsParent(page);
    await homeShown(page);
    const deepLink = '/console/cloud-speed/new/dashboard?tab=plans';
    await page.goto(`${server.url}${deepLink}`);
    await page.locator('ec-dashboard .ec-figure').first().waitFor();

    clockOffset += 9 * HOUR; // Past the 8-hour default login time (rules §5).
    try {
      await page.reload();
      await page.waitForURL(/\/console\/login$/);
      await page.getByText('登录已过期').waitFor();
      await signInAsParent(page);
      await page.waitForURL(`${server.url}${deepLink}`);
      await page.locator('ec-dashboard .ec-figure').first().waitFor();
    } finally {
      clockOffset -= 9 * HOUR;
    }
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('embedded: hash routing (shell §1), and an unknown path lands on the console home (shell §2)', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/console/login`);
    await signInAsParent(page);
    await homeShown(page);

    await page.goto(`${server.url}/console/no/such/page`);
    await page.waitForURL(HOME);

    await page.goto(`${server.url}/console/?embedded=1`);
    await page.waitForURL(/\/console\/\?embedded=1#\/cloud-speed\/domain-management\/domain-list$/);
    await homeShown(page);
    assert.equal(await page.locator('.ec-header-docs').count(), 0, 'documentation links are hidden when embedded');
    assert.ok((await pageTitle(page))?.length);
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('cross-tab: another tab signs in as someone else -> the warning dialog; cancel goes to sign-in (shell §4)', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${server.url}/console/login`);
    await signInAsParent(page);
    await homeShown(page);

    // Another tab of the same browser signs in as the sub-account, as the portal would: through the API, storing the
    // token and user id where every tab reads them.
    const other = await context.newPage();
    await other.goto(`${server.url}/console/login`);
    await other.evaluate(
      async ({ memberId, userName, password }) => {
        const response = await fetch('/api/sso/V4/subuser/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ member_id: memberId, user_name: userName, password }),
        });
        const { data } = await response.json();
        localStorage.setItem('x-token', data.token);
        localStorage.setItem('userId', String(data.user_raw.id));
      },
      { memberId: DEMO_MEMBER_ID, userName: DEMO_CHILD_USER_NAME, password: DEMO_CHILD_PASSWORD },
    );

    const dialog = page.getByRole('dialog', { name: '登录账号已变更' });
    await dialog.waitFor();
    await screenshot(page, 'shell-account-changed-zh');
    await dialog.getByRole('button', { name: '登录其他账号' }).click();
    await page.waitForURL(/\/console\/login/);
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
