/**
 * The mailer (DESIGN §4: "Mail goes through nodemailer: SMTP when configured, otherwise an outbox"): without SMTP
 * every mail is rendered by nodemailer and kept in the outbox; with an unreachable SMTP server the mail is kept too,
 * marked failed with the reason, and the caller's action does not fail.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildServer } from '../../demo/server/app.js';

const message = {
  memberId: null,
  kind: 'verification-code',
  to: 'ops@example.com',
  subject: '验证码 / Verification code',
  text: 'Your code is 123456',
  html: '<p>Your code is <b>123456</b></p>',
  language: 'en_US' as const,
};

describe('mail outbox (DESIGN §4)', () => {
  it('keeps a rendered RFC 5322 message with both bodies when no SMTP server is configured', async () => {
    const app = await buildServer({ dbPath: ':memory:', seed: false });
    try {
      assert.equal(app.mailer.smtp, false);
      const stored = await app.mailer.send(message);
      assert.equal(stored.delivery, 'outbox');
      const row = app.db.prepare('SELECT * FROM mail_outbox WHERE id = ?').get(stored.id) as Record<string, string>;
      assert.equal(row.to_address, 'ops@example.com');
      assert.match(row.raw, /^To: ops@example\.com$/m);
      assert.match(row.raw, /^Content-Language: en-US$/m);
      assert.match(row.raw, /multipart\/alternative/);
      assert.match(row.raw, /text\/html/);
    } finally {
      await app.close();
    }
  });

  it('keeps the mail, marked failed with the reason, when the SMTP server cannot be reached', async () => {
    // Port 9 on the loopback (discard) refuses connections on this machine: a fast, certain failure.
    const app = await buildServer({ dbPath: ':memory:', seed: false, smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      assert.equal(app.mailer.smtp, true);
      const stored = await app.mailer.send(message);
      assert.equal(stored.delivery, 'smtp-failed');
      const row = app.db.prepare('SELECT delivery_error FROM mail_outbox WHERE id = ?').get(stored.id) as { delivery_error: string };
      assert.ok(row.delivery_error.length > 0);
    } finally {
      await app.close();
    }
  });
});

describe('mail viewer (issue 27: a development mail catcher, only without SMTP)', () => {
  it('lists the outbox newest first and shows one mail, without a session', async () => {
    const app = await buildServer({ dbPath: ':memory:', seed: false });
    try {
      await app.mailer.send(message);
      await app.mailer.send({ ...message, to: 'other@example.com', subject: 'Second' });
      const list = await app.inject({ method: 'GET', url: '/api/V4/mail.outbox.list' });
      const body = JSON.parse(list.body) as { status: { code: number }; data: { list: { id: number; to: string; delivery: string }[]; total: number } };
      assert.equal(body.status.code, 1);
      assert.equal(body.data.total, 2);
      assert.equal(body.data.list[0]!.to, 'other@example.com');
      const filtered = JSON.parse((await app.inject({ method: 'GET', url: '/api/V4/mail.outbox.list?to=OPS@' })).body) as typeof body;
      assert.equal(filtered.data.total, 1);
      const detail = JSON.parse((await app.inject({ method: 'GET', url: `/api/V4/mail.outbox.get?id=${filtered.data.list[0]!.id}` })).body) as {
        data: { text: string; html: string; delivery: string };
      };
      assert.equal(detail.data.text, message.text);
      assert.equal(detail.data.html, message.html);
      assert.equal(detail.data.delivery, 'outbox');
    } finally {
      await app.close();
    }
  });

  it('does not exist when SMTP is configured: mail really leaves, and an open outbox would hand out every code', async () => {
    const app = await buildServer({ dbPath: ':memory:', seed: false, smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      for (const url of ['/api/V4/mail.outbox.list', '/api/V4/mail.outbox.get?id=1']) {
        const answer = await app.inject({ method: 'GET', url });
        assert.equal(answer.statusCode, 404, url);
      }
    } finally {
      await app.close();
    }
  });
});
