/**
 * Batch unban end to end (issue 11; rules §5 "Batch unlock", rules §4 ban states) in the demo host against the real
 * reference server and the built console: 500 bans on one domain -> batch unban 300 lines from a txt file, 20 of them
 * bad -> the network to the unban path is cut after 3 chunks (playwright aborts the requests, so the client's own
 * retries fail too) -> the run pauses -> resume -> exactly 280 addresses unbanned, none twice, checked on the server
 * (ban records and the operation log, which names every released address once per chunk). The server's database is
 * reached directly: the test builds the server itself, as the end-to-end helper does.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { unbanChunkSize } from '../../core/api/endpoints/bans.js';
import { buildServer } from '../../demo/server/app.js';
import { insertBans, type BanSeed } from '../../demo/server/features/bans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, signIn } from '../helpers/e2e.js';

const DOMAIN = 'e2e-bans.example.com';
const BANS = 500;
const UNBAN = 280;
const BAD_LINES = 20;
const CHUNKS_BEFORE_CUT = 3;

let app: FastifyInstance;
let url: string;
let browser: Browser;
let domainId: number;

/** The 500 banned addresses: 172.16.x.y. */
const address = (index: number) => `172.16.${index >> 8}.${index & 255}`;

before(async () => {
  const distDir = process.env.EC_DIST_DIR;
  app = await buildServer({ dbPath: ':memory:', ...(distDir ? { distDir } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const now = app.now();
  domainId = Number(app.db.prepare('INSERT INTO domains (member_id, domain, created_at) VALUES (?, ?, ?)').run(DEMO_MEMBER_ID, DOMAIN, now).lastInsertRowid);
  const bans: BanSeed[] = Array.from({ length: BANS }, (_, index) => ({
    domainId,
    ip: address(index),
    duration: 86_400,
    reason: 'cc-rate',
    ruleId: 'CC-1001',
    bannedAt: now - 60_000 - index * 1000,
  }));
  insertBans(app.db, DEMO_MEMBER_ID, bans, now);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await app?.close();
});

/** 300 lines: 280 banned addresses with 20 bad lines spread among them. */
function unbanFile(): Buffer {
  const lines: string[] = [];
  // Twenty different bad lines: a repeated bad line would count as a duplicate, not as invalid.
  const bad = (n: number) => [`not-an-ip-${n}`, `172.16.${n}.256`, `10.0.${n}.0/33`, `host-${n}.example.com`, `1.2.${n}`][n % 5]!;
  for (let index = 0; index < UNBAN; index++) {
    lines.push(address(index));
    if (index % 14 === 13) lines.push(bad(Math.floor(index / 14)));
  }
  assert.equal(lines.length, UNBAN + BAD_LINES);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

describe('batch unban end to end (issue 11, rules §5)', () => {
  it('500 bans -> unban 300 lines from a file with 20 bad lines -> network cut halfway -> resume -> exactly 280 unbanned, none twice', async () => {
    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, url);

    await page.goto(`${url}/console/cloud-speed/safety-protection/banManage/banRecord`);
    const manager = page.locator('ec-ban-manager');
    await manager.locator('[part="table"]').waitFor();
    await manager.getByRole('button', { name: 'Batch unban' }).click();
    const dialog = manager.locator('.p-dialog');
    await dialog.locator('.p-dropdown').first().click();
    await manager.getByRole('option', { name: DOMAIN }).click();
    await dialog.getByText('A txt file').click();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'unban.txt', mimeType: 'text/plain', buffer: unbanFile() });

    // The worker's preview: 280 valid, 20 invalid, each with its reason.
    await dialog.getByRole('button', { name: `Invalid (${BAD_LINES})` }).waitFor({ timeout: 15_000 });
    assert.equal(await dialog.getByRole('button', { name: 'Valid (280)' }).count(), 1);
    assert.match((await dialog.locator('[part="preview-table"] tbody').textContent()) ?? '', /Incorrect IP address/);
    await screenshot(page, 'bans-batch-preview');

    // Cut the network to the unban path after three chunks: every later attempt, retries included, is aborted.
    let answered = 0;
    const aborted: string[] = [];
    await page.route('**/api/V4/ban.batch.unban*', async (route) => {
      if (answered < CHUNKS_BEFORE_CUT) {
        answered++;
        await route.continue();
      } else {
        aborted.push(route.request().headers()['idempotency-key'] ?? '');
        await route.abort('internetdisconnected');
      }
    });
    await dialog.getByRole('button', { name: 'Unban 280 entries' }).click();
    const sentBeforeCut = CHUNKS_BEFORE_CUT * unbanChunkSize(UNBAN);
    await dialog.getByText(`The connection failed after ${sentBeforeCut} of ${UNBAN} entries`).waitFor({ timeout: 15_000 });
    await screenshot(page, 'bans-batch-paused');
    assert.equal(aborted.length, 3, 'the chunk was tried three times (two automatic retries)');
    assert.equal(new Set(aborted).size, 1, 'with one Idempotency-Key');
    const halfway = app.db.prepare("SELECT COUNT(*) AS n FROM ban_records WHERE domain_id = ? AND status = 'manual_unbanned'").get(domainId) as { n: number };
    assert.equal(halfway.n, sentBeforeCut, 'only the answered chunks were applied');

    // Resume: the rest is sent, the summary shows the outcome.
    await page.unroute('**/api/V4/ban.batch.unban*');
    await dialog.getByRole('button', { name: 'Resume' }).click();
    const summary = manager.locator('[part="unban-summary"]');
    await summary.waitFor({ timeout: 15_000 });
    const text = (await summary.textContent()) ?? '';
    assert.match(text, /Entries unbanned\s*280/);
    assert.match(text, /Invalid lines \(not sent\)\s*20/);
    assert.match(text, /Entries without a ban in force\s*0/);
    await screenshot(page, 'bans-batch-summary');

    // On the server: exactly 280 records released by hand, the other 220 still banned, no address released twice.
    const counts = Object.fromEntries(
      (app.db.prepare('SELECT status, COUNT(*) AS n FROM ban_records WHERE domain_id = ? GROUP BY status').all(domainId) as { status: string; n: number }[]).map(
        (row) => [row.status, row.n],
      ),
    );
    assert.deepEqual(counts, { banned: BANS - UNBAN, manual_unbanned: UNBAN });
    const logged = (
      app.db.prepare("SELECT after_json FROM operation_log WHERE member_id = ? AND area = 'ban' AND action = 'unban' AND object_id = ?").all(DEMO_MEMBER_ID, String(domainId)) as {
        after_json: string;
      }[]
    ).flatMap((row) => (JSON.parse(row.after_json) as { ips: string[] }).ips);
    assert.equal(logged.length, UNBAN, 'every released address was logged once');
    assert.equal(new Set(logged).size, UNBAN, 'and no address twice');
    assert.deepEqual(new Set(logged), new Set(Array.from({ length: UNBAN }, (_, index) => address(index))));

    // The aborted requests are the only console errors (Chromium reports each failed fetch); no CSP violation.
    assert.deepEqual(
      problems.errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(error)),
      [],
    );
    await context.close();
  });
});
