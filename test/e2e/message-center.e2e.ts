/**
 * The message center end to end (issue 27 "What must be shown"; shell §1 header bell, §2 message center; rules §4
 * mailbox): in the demo host against the reference server, a certificate near expiry produces a notification that
 * raises the bell's count live (Server-Sent Events, no reload) and a mail to the configured contact group's verified
 * mailbox (read from the outbox); the message is opened from the bell's dropdown, which marks it read, and the count
 * falls. Screenshots at 1280×800 go to test-results/ to be looked at.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { buildServer } from '../../demo/server/app.js';
import { checkCertificateExpiry } from '../../demo/server/features/messages/producers.js';
import { DEMO_PARENT_EMAIL } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, signIn } from '../helpers/e2e.js';

const DAY = 86_400_000;
let app: FastifyInstance;
let url: string;
let browser: Browser;

before(async () => {
  const distDir = process.env.EC_DIST_DIR;
  // The server is built here rather than by the shared helper: the test moves a certificate towards its expiry in
  // the database and runs the daily check itself, as the passage of time would.
  app = await buildServer({ dbPath: ':memory:', seedLanguage: 'en_US', ...(distDir ? { distDir } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await app?.close();
});

/** The bell's badge count (0 when no badge). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('.ec-header-bell .p-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

async function waitForCount(page: Page, expected: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await bellCount(page)) === expected) return;
    await page.waitForTimeout(100);
  }
  assert.equal(await bellCount(page), expected, 'the bell count');
}

describe('message center: certificate expiry -> live bell + mail -> open -> read (issue 27)', () => {
  it('notifies a near-expiry certificate live on the bell and by mail to the contact group, and reading it lowers the count', async () => {
    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, url);
    await page.waitForURL(/\/console\/cloud-speed\//);
    await waitForCount(page, 1);

    // Four days pass for blog.example.org's certificate (10 days left at seeding): 6 days left crosses the 7-day mark.
    const certificate = app.db.prepare("SELECT id, not_after FROM certificates WHERE name = 'blog.example.org'").get() as { id: number; not_after: number };
    app.db.prepare('UPDATE certificates SET not_after = ? WHERE id = ?').run(app.now() + 6 * DAY - 60_000, certificate.id);
    const outcomes = await checkCertificateExpiry(app);
    assert.deepEqual(outcomes.map((outcome) => [outcome.messages, outcome.mails]), [[1, 1]], 'one console message, one mail (the unverified mailbox gets none)');
    await waitForCount(page, 2);

    const mail = app.db.prepare("SELECT to_address, subject, language, text_body FROM mail_outbox WHERE kind = 'notification' ORDER BY id DESC").get() as Record<string, string>;
    assert.equal(mail.to_address, DEMO_PARENT_EMAIL, 'the on-call group\'s verified mailbox');
    assert.equal(mail.language, 'zh_CN', 'in the contact\'s language');
    assert.equal(mail.subject, '证书 blog.example.org 将在 6 天后到期');

    await page.locator('.ec-header-bell').click();
    const item = page.locator('.ec-bell-menu').getByText('Certificate blog.example.org expires in 6 days (unread)');
    await item.waitFor();
    await screenshot(page, 'message-center-bell-1280');
    await item.click();
    await page.waitForURL(/\/console\/message-center\/MessageList\/detail\/\d+$/);
    await page.locator('ec-message-center [part="detail"] h2').getByText('Certificate blog.example.org expires in 6 days').waitFor();
    await waitForCount(page, 1);
    await screenshot(page, 'message-center-detail-1280');

    await page.goto(`${url}/console/message-center/MessageList`);
    await page.locator('ec-message-center [part="table"] tbody tr').first().waitFor();
    const first = await page.locator('ec-message-center [part="table"] tbody tr').first().textContent();
    assert.match(first ?? '', /Certificate blog\.example\.org expires in 6 days.*Certificate.*Console.*Read/);
    await screenshot(page, 'message-center-list-1280');
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
