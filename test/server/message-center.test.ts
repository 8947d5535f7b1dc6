/**
 * The message center on the reference server (issue 27; shell §1 bell, §2 message center; rules §3 message and
 * contact, §4 mailbox verified or not, §5 contacts, §8 verification code countdown and unverified mailbox, §9 email
 * languages): messages per user with filters, read, all read and delete; announcements; contacts, groups and their
 * mailbox verification; notify() filing console messages and mailing verified contacts of the configured groups;
 * the certificate expiry and task producers; the live unread stream.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import type { Contact, ContactGroup, MessageDetail, MessageInfo, NoticeInfo, NoticeRule } from '../../core/api/endpoints/messages.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { notify } from '../../demo/server/features/messages/notify.js';
import { checkCertificateExpiry, expiryThreshold } from '../../demo/server/features/messages/producers.js';
import { noticeTraffic, signInRegion } from '../../demo/server/features/messages/event-notices.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const DAY = 86_400_000;

interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  language: string;
  kind: string;
}

function outbox(app: Awaited<ReturnType<typeof startServer>>['app'], kind = 'notification'): OutboxRow[] {
  return app.db.prepare('SELECT * FROM mail_outbox WHERE kind = ? ORDER BY id').all(kind) as OutboxRow[];
}

describe('message list (rules §3: title, type, channel, time, read or unread)', () => {
  it('filters by type, read state and time; marks read, all read; deletes; each user sees only their own', async () => {
    const { app, clock } = await startServer();
    try {
      await checkCertificateExpiry(app);
      const { token } = await signInParent(app);
      const all = await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token });
      // Seeded: an attack notice (unread) and a welcome (read); the expiry check adds blog.example.org (10 days).
      assert.equal(all.total, 3);
      const certificate = all.list.find((message) => message.type === 'certificate')!;
      assert.equal(certificate.title, 'Certificate blog.example.org expires in 10 days', 'written in the request language');
      assert.equal(certificate.read, false);
      assert.equal(certificate.channel, 'console');
      const zh = await expectOk<MessageDetail>(app, 'GET', 'V4/message.detail', { token, lang: 'zh_CN', query: { id: certificate.id } });
      assert.equal(zh.title, '证书 blog.example.org 将在 10 天后到期');
      assert.match(zh.body, /blog\.example\.org/);

      const unread = await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token, query: { read: 'unread' } });
      assert.equal(unread.total, 2);
      const byType = await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token, query: { type: 'security' } });
      assert.deepEqual(byType.list.map((message) => message.type), ['security']);
      const recent = await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token, query: { from: new Date(clock.now() - 10 * 60_000).toISOString() } });
      assert.equal(recent.total, 1, 'only the expiry check is within the last ten minutes');
      const bad = await call(app, 'GET', 'V4/message.list', { token, query: { read: 'maybe', type: 'x', from: 'yesterday' } });
      assert.equal(bad.code, VALIDATION_FAILED_CODE);

      // Rules §5: the checked message list is not empty.
      const none = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/message.read', { token, body: { ids: [] } });
      assert.deepEqual(none.data.errors, [{ field: 'ids', key: 'accounts.messages-not-selected' }]);
      const read = await expectOk<{ count: number }>(app, 'POST', 'V4/message.read', { token, body: { ids: [certificate.id] } });
      assert.equal(read.count, 1);

      // Another user of the account, and another account, reach none of these messages.
      const child = await signInChild(app);
      assert.equal((await call(app, 'GET', 'V4/message.detail', { token: child.token, query: { id: certificate.id } })).code, NOT_FOUND_CODE);
      await expectOk(app, 'POST', 'V4/message.delete', { token: child.token, body: { ids: [certificate.id] } });
      const other = addSecondTenant(app);
      const otherToken = (await signInParent(app, other.email, other.password)).token;
      assert.equal((await call(app, 'GET', 'V4/message.detail', { token: otherToken, query: { id: certificate.id } })).code, NOT_FOUND_CODE);
      assert.equal((await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token })).total, 3, 'their delete touched nothing');

      const allRead = await expectOk<{ count: number }>(app, 'POST', 'V4/message.read.all', { token, body: {} });
      assert.equal(allRead.count, 0);
      const deleted = await expectOk<{ count: number }>(app, 'POST', 'V4/message.delete', { token, body: { ids: all.list.map((message) => message.id) } });
      assert.equal(deleted.count, 0);
      assert.equal((await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token })).total, 0);
    } finally {
      await app.close();
    }
  });

  it('lists announcements newest first with their detail, in the seed language', async () => {
    const { app } = await startServer({ seedLanguage: 'en_US' });
    try {
      const { token } = await signInChild(app);
      const notices = await expectOk<ListAnswer<NoticeInfo>>(app, 'GET', 'V4/message.notice.list', { token });
      assert.equal(notices.total, 3);
      assert.ok(notices.list[0]!.published_at > notices.list[1]!.published_at);
      const detail = await expectOk<{ body: string }>(app, 'GET', 'V4/message.notice.detail', { token, query: { id: notices.list[0]!.id } });
      assert.match(detail.body, /console/);
      const other = addSecondTenant(app);
      const otherToken = (await signInParent(app, other.email, other.password)).token;
      assert.equal((await call(app, 'GET', 'V4/message.notice.detail', { token: otherToken, query: { id: notices.list[0]!.id } })).code, NOT_FOUND_CODE);
    } finally {
      await app.close();
    }
  });
});

describe('contacts and groups (rules §3 contact, §4 mailbox, §5 contacts, §8 code countdown)', () => {
  it('validates contacts and groups with the spec messages and refuses sub-accounts', async () => {
    const { app } = await startServer();
    try {
      const { token } = await signInParent(app);
      const empty = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/message.contact.create', {
        token,
        body: { name: ' ', email: 'not-an-address', mobile: '12ab' },
      });
      assert.deepEqual(
        empty.data.errors.map((found) => `${found.field}:${found.key}`),
        ['name:accounts.contact-name-required', 'email:accounts.email-invalid', 'mobile:message-center.mobile-invalid'],
      );
      const noMail = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/message.contact.create', { token, body: { name: 'Ann', email: '' } });
      assert.deepEqual(noMail.data.errors, [{ field: 'email', key: 'accounts.email-required' }]);
      const long = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/message.contact.create', { token, body: { name: 'x'.repeat(41), email: 'a@example.com' } });
      assert.deepEqual(long.data.errors, [{ field: 'name', key: 'common.too-long', values: { max: 40 } }]);

      const groupEmpty = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/message.contact.group.create', { token, body: { name: '' } });
      assert.deepEqual(groupEmpty.data.errors, [{ field: 'name', key: 'accounts.contact-group-name-required' }]);
      const group = await expectOk<ContactGroup>(app, 'POST', 'V4/message.contact.group.create', { token, body: { name: 'Night shift' } });
      const taken = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/message.contact.group.create', { token, body: { name: 'night SHIFT' } });
      assert.deepEqual(taken.data.errors, [{ field: 'name', key: 'message-center.group-name-taken' }]);

      const contact = await expectOk<Contact>(app, 'POST', 'V4/message.contact.create', {
        token,
        body: { name: 'Ann', email: 'ann@example.com', mobile: '+8613912345678', group_id: group.id, language: 'en_US' },
      });
      assert.equal(contact.email_verified, false, 'rules §4: a new mailbox starts unverified');
      const groups = await expectOk<{ list: ContactGroup[] }>(app, 'GET', 'V4/message.contact.group.list', { token });
      assert.equal(groups.list.find((item) => item.id === group.id)!.contact_count, 1);

      const child = await signInChild(app);
      for (const [method, path, body] of [
        ['GET', 'V4/message.contact.list', undefined],
        ['GET', 'V4/message.config.list', undefined],
        ['POST', 'V4/message.contact.delete', { id: contact.id }],
        ['POST', 'V4/message.contact.group.create', { name: 'Mine' }],
      ] as const) {
        assert.equal((await call(app, method, path, { token: child.token, body })).code, PERMISSION_DENIED_CODE, `${path} is the account owner's`);
      }
      const other = addSecondTenant(app);
      const otherToken = (await signInParent(app, other.email, other.password)).token;
      assert.equal((await call(app, 'POST', 'V4/message.contact.delete', { token: otherToken, body: { id: contact.id } })).code, NOT_FOUND_CODE);

      await expectOk(app, 'POST', 'V4/message.contact.group.delete', { token, body: { id: group.id } });
      const kept = await expectOk<ListAnswer<Contact>>(app, 'GET', 'V4/message.contact.list', { token });
      assert.equal(kept.list.find((item) => item.id === contact.id)!.group_id, null, 'deleting a group keeps its contacts');
    } finally {
      await app.close();
    }
  });

  it('verifies a mailbox with the mailed code: countdown before resend, wrong and spent codes refused, a new address unverified again', async () => {
    const { app, clock } = await startServer();
    try {
      const { token } = await signInParent(app);
      const contact = await expectOk<Contact>(app, 'POST', 'V4/message.contact.create', { token, body: { name: '李雷', email: 'lilei@example.com', language: 'zh_CN' } });
      const sent = await expectOk<Contact>(app, 'POST', 'V4/message.contact.verify.send', { token, body: { id: contact.id } });
      assert.ok(sent.resend_at);
      const mail = outbox(app, 'verification-code').at(-1)!;
      assert.equal(mail.to_address, 'lilei@example.com');
      assert.equal(mail.language, 'zh_CN', 'shell §9: the contact\'s mail language');
      const code = /(\d{6})/.exec(mail.text_body)![1]!;

      const again = await call<{ errors: { key: string; values: { seconds: number } }[] }>(app, 'POST', 'V4/message.contact.verify.send', { token, body: { id: contact.id } });
      assert.equal(again.data.errors[0]!.key, 'message-center.code-wait');
      assert.equal(again.data.errors[0]!.values.seconds, 60);

      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await call<{ errors: { key: string }[] }>(app, 'POST', 'V4/message.contact.verify', { token, body: { id: contact.id, code: wrong } });
      assert.equal(refused.data.errors[0]!.key, 'message-center.code-invalid');
      const missing = await call<{ errors: { key: string }[] }>(app, 'POST', 'V4/message.contact.verify', { token, body: { id: contact.id, code: '' } });
      assert.equal(missing.data.errors[0]!.key, 'accounts.verification-code-required');
      const verified = await expectOk<Contact>(app, 'POST', 'V4/message.contact.verify', { token, body: { id: contact.id, code } });
      assert.equal(verified.email_verified, true);
      const reused = await call<{ errors: { key: string }[] }>(app, 'POST', 'V4/message.contact.verify', { token, body: { id: contact.id, code } });
      assert.equal(reused.data.errors[0]!.key, 'message-center.code-invalid', 'a code works once');

      const sameMailbox = await expectOk<Contact>(app, 'POST', 'V4/message.contact.update', { token, body: { id: contact.id, name: '李雷', email: 'LILEI@example.com', language: 'zh_CN' } });
      assert.equal(sameMailbox.email_verified, true);
      const moved = await expectOk<Contact>(app, 'POST', 'V4/message.contact.update', { token, body: { id: contact.id, name: '李雷', email: 'lei@example.com', language: 'zh_CN' } });
      assert.equal(moved.email_verified, false, 'rules §4: a new mailbox is unverified');

      // An expired code is refused.
      clock.advance(61_000);
      await expectOk(app, 'POST', 'V4/message.contact.verify.send', { token, body: { id: contact.id } });
      const late = /(\d{6})/.exec(outbox(app, 'verification-code').at(-1)!.text_body)![1]!;
      clock.advance(11 * 60_000);
      const expired = await call<{ errors: { key: string }[] }>(app, 'POST', 'V4/message.contact.verify', { token, body: { id: contact.id, code: late } });
      assert.equal(expired.data.errors[0]!.key, 'message-center.code-invalid');
    } finally {
      await app.close();
    }
  });
});

describe('notify(): console messages and mail to the configured contact groups', () => {
  it('mails only verified mailboxes of the groups configured for the type, each in its language; console off files nothing', async () => {
    const { app } = await startServer();
    try {
      const { token } = await signInParent(app);
      const groups = await expectOk<{ list: ContactGroup[] }>(app, 'GET', 'V4/message.contact.group.list', { token });
      const onCall = groups.list[0]!;
      const english = await expectOk<Contact>(app, 'POST', 'V4/message.contact.create', { token, body: { name: 'Eve', email: 'eve@example.com', group_id: onCall.id, language: 'en_US' } });
      app.db.prepare('UPDATE message_contacts SET email_verified_at = 1 WHERE id = ?').run(english.id);

      const outcome = await notify(app, DEMO_MEMBER_ID, { kind: 'attack-spike', values: { domain: 'www.example.com', count: 1200, minutes: 5 } });
      assert.equal(outcome.messages, 1, 'the account owner gets the console message');
      const mails = outbox(app).filter((mail) => mail.text_body.includes('1200'));
      assert.deepEqual(mails.map((mail) => mail.to_address).sort(), ['admin@example.com', 'eve@example.com'], 'rules §4: security@example.com is unverified');
      const eve = mails.find((mail) => mail.to_address === 'eve@example.com')!;
      assert.equal(eve.subject, 'Attack on www.example.com');
      assert.match(eve.html_body, /<p>www\.example\.com blocked 1200 attack requests/);
      const admin = mails.find((mail) => mail.to_address === 'admin@example.com')!;
      assert.equal(admin.language, 'zh_CN');
      assert.equal(admin.subject, 'www.example.com 遭受攻击');

      // Domain notices are not routed to any group: console only.
      const domain = await notify(app, DEMO_MEMBER_ID, { kind: 'domain-suspended', values: { domain: 'old.example.com' } });
      assert.equal(domain.mails, 0);
      const rules = await expectOk<{ list: NoticeRule[] }>(app, 'GET', 'V4/message.config.list', { token });
      assert.deepEqual(rules.list.find((rule) => rule.type === 'domain'), { type: 'domain', console: true, mail: true, group_ids: [] });
      await expectOk(app, 'POST', 'V4/message.config.save', { token, body: { type: 'domain', console: false, mail: true, group_ids: [onCall.id] } });
      const routed = await notify(app, DEMO_MEMBER_ID, { kind: 'domain-approved', values: { domain: 'new.example.com' } });
      assert.deepEqual({ messages: routed.messages, mails: routed.mails }, { messages: 0, mails: 2 });
      const badGroup = await call(app, 'POST', 'V4/message.config.save', { token, body: { type: 'domain', console: true, mail: true, group_ids: [999999] } });
      assert.equal(badGroup.code, VALIDATION_FAILED_CODE);
    } finally {
      await app.close();
    }
  });

  it('sends a `once` notification once and lets one `throttle`d notification through per window', async () => {
    const { app, clock } = await startServer();
    try {
      const event = { kind: 'ip-banned' as const, values: { domain: 'www.example.com', ip: '203.0.113.9', count: 1, minutes: 10 } };
      assert.equal((await notify(app, DEMO_MEMBER_ID, { ...event, once: 'x' })).skipped, false);
      assert.equal((await notify(app, DEMO_MEMBER_ID, { ...event, once: 'x' })).skipped, true);
      const throttle = { key: 'bans', ms: 600_000 };
      const results = [];
      for (let i = 0; i < 50; i++) results.push(await notify(app, DEMO_MEMBER_ID, { ...event, throttle }));
      assert.equal(results.filter((result) => !result.skipped).length, 1, 'a flood gives one message');
      clock.advance(600_000);
      assert.equal((await notify(app, DEMO_MEMBER_ID, { ...event, throttle })).skipped, false);
    } finally {
      await app.close();
    }
  });
});

describe('producers: certificate expiry 30/7/1 days and finished tasks', () => {
  it('announces each threshold once per certificate and expiry', async () => {
    assert.deepEqual([31, 30, 8, 7, 2, 1].map(expiryThreshold), [null, 30, 30, 7, 7, 1]);
    const { app, clock } = await startServer();
    try {
      const titles = async () => (await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token: (await signInParent(app)).token, query: { type: 'certificate', per_page: 50 } })).list.map((m) => m.title);
      assert.deepEqual(await titles(), [], 'the first check waits a minute after start');
      await checkCertificateExpiry(app);
      assert.deepEqual(await titles(), ['Certificate blog.example.org expires in 10 days']);
      assert.equal((await checkCertificateExpiry(app)).filter((outcome) => !outcome.skipped).length, 0, 'repeating the check sends nothing');
      clock.advance(4 * DAY);
      await checkCertificateExpiry(app);
      clock.advance(DAY);
      await checkCertificateExpiry(app);
      clock.advance(4.5 * DAY);
      await checkCertificateExpiry(app);
      assert.deepEqual(await titles(), [
        'Certificate blog.example.org expires in 1 day',
        'Certificate blog.example.org expires in 6 days',
        'Certificate blog.example.org expires in 10 days',
      ]);
      const mails = outbox(app).filter((mail) => mail.to_address === 'admin@example.com');
      assert.equal(mails.length, 3, 'the on-call group is configured for certificate notices');
    } finally {
      await app.close();
    }
  });

  it('announces a finished purge to the account owner and the sub-account that started it', async () => {
    const { app } = await startServer({ jobStepDelayMs: 1 });
    try {
      const child = await signInChild(app);
      const submitted = await expectOk<{ job: { id: number } }>(app, 'POST', 'V4/cache.purge.create', { token: child.token, body: { kind: 'url', urls: ['https://www.example.com/a'] } });
      const deadline = Date.now() + 5000;
      let messages: ListAnswer<MessageInfo> = { list: [], total: 0 };
      while (Date.now() < deadline) {
        messages = await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token: child.token, query: { type: 'task' } });
        if (messages.total > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(messages.total, 1);
      assert.equal(messages.list[0]!.title, `Purge task #${submitted.job.id} completed`);
      const parent = await signInParent(app);
      const own = await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token: parent.token, query: { type: 'task' } });
      assert.equal(own.total, 1);
    } finally {
      await app.close();
    }
  });
});

describe('producers in other areas: bans and attack spikes, suspension, review, free certificates, sign-in region', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
  const titles = async (app: Awaited<ReturnType<typeof startServer>>['app'], type: string) =>
    (await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token: (await signInParent(app)).token, query: { type, per_page: 100 } })).list.map((m) => m.title);

  it('a flood of bans and attack lines gives one message each per window', async () => {
    const { app } = await startServer();
    try {
      const www = app.db.prepare("SELECT id FROM domains WHERE domain = 'www.example.com'").get() as { id: number };
      const attackLines = Array.from({ length: 60 }, () => ({ member_id: DEMO_MEMBER_ID, domain_id: www.id, domain: 'www.example.com', attack_type: 'sqli', log_type: 'waf' }));
      for (let tick = 0; tick < 20; tick++) {
        noticeTraffic(app, {
          rows: attackLines as never,
          bans: new Map([[DEMO_MEMBER_ID, [{ domainId: www.id, ip: `198.51.100.${tick}` }]]]),
        });
      }
      await settle();
      const security = await titles(app, 'security');
      assert.equal(security.length, 3, 'the seeded notice and one of each');
      assert.deepEqual(security.slice(0, 2).sort(), ['Attack on www.example.com', 'www.example.com banned IP 198.51.100.0']);
    } finally {
      await app.close();
    }
  });

  it('tells the owner about suspended, approved and refused websites and issued free certificates', async () => {
    const { app } = await startServer({ jobStepDelayMs: 1 });
    try {
      const { token } = await signInParent(app);
      const www = app.db.prepare("SELECT id FROM domains WHERE domain = 'www.example.com'").get() as { id: number };
      await expectOk(app, 'POST', 'V4/cloudsafe.hwws.website.status', { token, body: { selection: { ids: [www.id] }, action: 'suspend' } });
      const templates = await expectOk<ListAnswer<{ id: number }>>(app, 'GET', 'V4/cloudsafe.hwws.template.list', { token });
      const other = addSecondTenant(app);
      const added = await expectOk<{ job_id: number }>(app, 'POST', 'V4/cloudsafe.hwws.website.add', {
        token,
        body: { domains: ['fresh.added.example', `www.${other.email.split('@')[1]}`], template_id: templates.list[0]!.id, origins: [{ address: '192.0.2.10', port: 80, line: 'primary', weight: 10 }] },
      });
      await app.jobs.waitFor(added.job_id);
      const applied = await expectOk<{ job: { id: number } }>(app, 'POST', 'V4/certificate.free.apply', { token, body: { issuer: 'demo-trust-g1', domains: ['img.www.example.com'] } });
      await app.jobs.waitFor(applied.job.id);
      await settle();
      const domainTitles = await titles(app, 'domain');
      assert.ok(domainTitles.includes('Domain www.example.com suspended'), domainTitles.join('; '));
      assert.ok(domainTitles.includes('Domain fresh.added.example approved'), domainTitles.join('; '));
      assert.ok(domainTitles.some((title) => /^Domain www\.other\d+\.example failed approval$/.test(title)), domainTitles.join('; '));
      const failed = (await expectOk<ListAnswer<MessageInfo>>(app, 'GET', 'V4/message.list', { token, query: { type: 'domain' } })).list.find((m) => m.title.endsWith('failed approval'))!;
      const detail = await expectOk<MessageDetail>(app, 'GET', 'V4/message.detail', { token, query: { id: failed.id } });
      assert.match(detail.body, /Current input domain invalid or already bound/);
      assert.deepEqual(await titles(app, 'certificate'), ['Free certificate img.www.example.com issued']);
    } finally {
      await app.close();
    }
  });

  it('tells the owner when a sub-account signs in from a new region, not on its first sign-in or a known region', async () => {
    assert.equal(signInRegion('127.0.0.1'), 'LAN');
    assert.equal(signInRegion('203.0.113.7'), '203.0.0.0/16');
    assert.equal(signInRegion('2001:db8:1::5'), '2001:db8::/32');
    const { app } = await startServer();
    try {
      const childSignIn = (remoteAddress: string) =>
        expectOk(app, 'POST', 'sso/V4/subuser/login', { body: { member_id: DEMO_MEMBER_ID, user_name: 'operator', password: 'Operator#2026' }, remoteAddress });
      await childSignIn('203.0.113.7');
      await childSignIn('203.0.200.9');
      await settle();
      assert.deepEqual(await titles(app, 'login'), [], 'the first sign-in records its region; the same /16 is not new');
      await childSignIn('198.51.100.4');
      await settle();
      assert.deepEqual(await titles(app, 'login'), ['Sub-account operator signed in from a new region']);
    } finally {
      await app.close();
    }
  });
});

describe('live unread count (shell §1 bell; Server-Sent Events with a single-use ticket)', () => {
  function open(port: number, ticket: string): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/api/V4/message.stream?ticket=${encodeURIComponent(ticket)}` }, resolve);
      req.on('error', reject);
      req.end();
    });
  }
  function counts(response: IncomingMessage, until: (seen: number[]) => boolean): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const seen: number[] = [];
      let buffer = '';
      const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(seen)}`)), 5000);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = /^event: unread\ndata: (.*)$/m.exec(block)?.[1];
          if (data) seen.push((JSON.parse(data) as { count: number }).count);
        }
        if (until(seen)) {
          clearTimeout(timer);
          response.destroy();
          resolve(seen);
        }
      });
    });
  }

  it('pushes the count on open and after every change; a ticket opens one stream', async () => {
    const { app } = await startServer();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const { token } = await signInParent(app);
      const { ticket } = await expectOk<{ ticket: string }>(app, 'POST', 'V4/message.stream.ticket', { token, body: {} });
      const response = await open(port, ticket);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/event-stream/);
      const seen = counts(response, (values) => values.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await notify(app, DEMO_MEMBER_ID, { kind: 'domain-suspended', values: { domain: 'a.example.com' } });
      await expectOk(app, 'POST', 'V4/message.read.all', { token, body: {} });
      assert.deepEqual(await seen, [1, 2, 0]);
      const spent = await open(port, ticket);
      assert.equal(spent.statusCode, 401, 'a ticket is single-use');
      spent.resume();
    } finally {
      await app.close();
    }
  });
});
