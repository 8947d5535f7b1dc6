/**
 * Issue 27 end to end, in the built demo host against the real reference server: bind a mailbox with the code read
 * from the mail viewer -> turn on secondary email verification and an IP whitelist -> sign out -> sign in from an
 * allowed address with the mailed code -> a sign-in from an address the whitelist refuses shows the message -> the
 * login log shows both (rules §5, §6, §8). The server trusts X-Forwarded-For (config TRUST_PROXY), so a browser
 * context poses as another client address with that header.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startServer, type PageProblems, type RunningServer } from '../helpers/e2e.js';

/** A mainland Chinese address and an American one of the demo geolocation table (demo/server/platform/geo.ts). */
const ALLOWED_IP = '114.80.1.2';
const REFUSED_IP = '8.8.8.8';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ trustProxy: true });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function posingAs(ip: string): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const opened = await openPage(browser);
  await opened.context.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  await opened.page.setViewportSize({ width: 1280, height: 800 });
  return opened;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/console/login`);
  await page.getByLabel('邮箱').fill(DEMO_PARENT_EMAIL);
  await page.getByLabel('密码').fill(DEMO_PARENT_PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

/** The newest mail with this subject, read in the mail viewer as a person would; answers its six-digit code. */
async function codeFromViewer(viewer: Page, subject: string): Promise<string> {
  await viewer.goto(`${server.url}/console/mail-viewer`);
  await viewer.locator('.ec-mail-open', { hasText: subject }).first().click();
  const text = (await viewer.locator('.ec-mail-text').textContent()) ?? '';
  const code = /(\d{6})/.exec(text)?.[1];
  assert.ok(code, `a code in: ${text}`);
  return code;
}

describe('user center end to end (issue 27; rules §5, §6, §8)', () => {
  it('mailbox binding, secondary verification and a whitelist, enforced at the next sign-in; the login log shows both outcomes', async () => {
    const { page, problems } = await posingAs(ALLOWED_IP);
    const viewer = await page.context().newPage();
    await signIn(page);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    await page.goto(`${server.url}/console/user-center/basicinfo`);
    await page.locator('ec-user-center #uc-email').fill(DEMO_PARENT_EMAIL);
    await page.locator('ec-user-center button', { hasText: '发送验证码' }).click();
    await page.locator('ec-user-center button', { hasText: /秒后可重新发送/ }).waitFor();
    await page.locator('ec-user-center #uc-code').fill(await codeFromViewer(viewer, '邮箱绑定验证码'));
    await screenshot(viewer, 'user-center-mail-viewer');
    await page.locator('ec-user-center button', { hasText: /^绑定$/ }).click();
    await page.locator('ec-user-center', { hasText: '邮箱已绑定并验证' }).waitFor();
    await screenshot(page, 'user-center-mailbox-bound');

    await page.goto(`${server.url}/console/user-center/safeConfig`);
    // A controlled checkbox: it shows the saved state, so it turns on once the server has answered.
    await page.locator('ec-user-center #uc-secondary').click();
    await page.locator('ec-user-center', { hasText: '邮箱二次验证已开启' }).waitFor();

    await page.goto(`${server.url}/console/user-center/ipList`);
    await page.locator('ec-user-center', { hasText: `您当前的地址：${ALLOWED_IP}` }).waitFor();
    await page.locator('ec-user-center #uc-ips').fill('114.80.0.0/16\n2001:db8::/32');
    await page.locator('ec-user-center button', { hasText: '保存白名单' }).click();
    await page.locator('ec-user-center', { hasText: '登录白名单已保存' }).waitFor();
    await screenshot(page, 'user-center-whitelist');

    // Sign out: the session ends on the server and in the page.
    await page.evaluate('localStorage.clear()');
    await signIn(page);
    await page.locator('#sign-in-code').waitFor();
    await screenshot(page, 'user-center-sign-in-code');
    await page.locator('#sign-in-code').fill(await codeFromViewer(viewer, '登录验证码'));
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    const refused = await posingAs(REFUSED_IP);
    await signIn(refused.page);
    await refused.page.locator('form p[role="alert"]').waitFor();
    console.log('refusal shown:', await refused.page.locator('form p[role="alert"]').textContent());
    await refused.page.getByText(`当前地址 ${REFUSED_IP} 不在账号的登录白名单内，禁止登录`).waitFor();
    await screenshot(refused.page, 'user-center-whitelist-refusal');
    assert.deepEqual(refused.problems.errors, []);

    await page.goto(`${server.url}/console/user-center/logs/login`);
    await page.locator('ec-user-center [part="table"] tbody tr').first().waitFor();
    const log = (await page.locator('ec-user-center [part="table"] tbody').textContent()) ?? '';
    assert.match(log, new RegExp(`${REFUSED_IP.replace(/\./g, '\\.')}.*白名单拒绝`));
    assert.match(log, new RegExp(`${ALLOWED_IP.replace(/\./g, '\\.')}.*登录成功`));
    await screenshot(page, 'user-center-login-log');
    assert.deepEqual(problems.errors, []);
  });
});
