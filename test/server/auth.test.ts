import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  RATE_LIMITED_CODE,
  SESSION_EXPIRED_CODE,
  SIGN_IN_FAILED_CODE,
  VALIDATION_FAILED_CODE,
} from '../../core/api/catalogue.js';
import type { SignInRateLimitedData, UserInfoAnswer } from '../../core/api/endpoints/auth.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { MAX_FAILURES_PER_ACCOUNT, SIGN_IN_WINDOW_MS } from '../../demo/server/platform/security/rate-limit.js';
import { hashToken } from '../../demo/server/platform/security/tokens.js';
import { needsRehash, OWASP_SCRYPT_COST, verifyPassword } from '../../demo/server/platform/security/passwords.js';
import { readTrustProxy } from '../../demo/server/platform/config.js';
import { SIGN_IN_REQUESTS_PER_MINUTE } from '../../demo/server/platform/security/request-rate.js';
import { call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

describe('sign-in (shell §2, §6; rules §5 accounts)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  before(async () => ({ app, clock } = await startServer()));
  after(() => app.close());

  it('signs the parent in with e-mail and password and answers token, expiry and user_raw', async () => {
    const answer = await signInParent(app);
    assert.match(answer.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(answer.user_raw.email, DEMO_PARENT_EMAIL);
    assert.equal(answer.user_raw.account_type, 1);
    assert.equal(answer.user_raw.member_id, DEMO_MEMBER_ID);
    assert.equal(answer.user_raw.flag, 1);
    // Rules §9: login time default 8 hours.
    assert.equal(answer.expires_in, 8 * 3600);
    assert.equal(Date.parse(answer.expires_at), clock.now() + 8 * 3_600_000);
  });

  it('accepts the e-mail in any letter case', async () => {
    const answer = await signInParent(app, DEMO_PARENT_EMAIL.toUpperCase());
    assert.equal(answer.user_raw.email, DEMO_PARENT_EMAIL);
  });

  it('stores only the hash of the token', async () => {
    const { token } = await signInParent(app);
    assert.equal(app.db.prepare('SELECT 1 FROM sessions WHERE token_hash = ?').get(token), undefined);
    assert.ok(app.db.prepare('SELECT 1 FROM sessions WHERE token_hash = ?').get(hashToken(token)));
  });

  it('stores passwords as scrypt hashes', () => {
    const rows = app.db.prepare('SELECT password_hash FROM users').all() as { password_hash: string }[];
    for (const row of rows) {
      assert.match(row.password_hash, /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
      assert.ok(!row.password_hash.includes(DEMO_PARENT_PASSWORD));
    }
  });

  it('shell §2: signs a child in with the parent member_id, user_name and password', async () => {
    const answer = await signInChild(app);
    assert.equal(answer.user_raw.account_type, 2);
    assert.equal(answer.user_raw.user_name, 'operator');
    assert.equal(answer.user_raw.member_id, DEMO_MEMBER_ID);
  });

  it('accepts the child member_id as a string, as the login page reads it from the hash query', async () => {
    const answer = await expectOk<{ token: string }>(app, 'POST', 'sso/V4/subuser/login', {
      body: { member_id: String(DEMO_MEMBER_ID), user_name: 'operator', password: 'Operator#2026' },
    });
    assert.ok(answer.token);
  });

  it('refuses a child under another member_id', async () => {
    const answer = await call(app, 'POST', 'sso/V4/subuser/login', {
      body: { member_id: DEMO_MEMBER_ID + 1, user_name: 'operator', password: 'Operator#2026' },
    });
    assert.equal(answer.code, SIGN_IN_FAILED_CODE);
  });

  it('answers SIGN_IN_FAILED_CODE for a wrong password and for an unknown account alike', async () => {
    const wrong = await call(app, 'POST', 'sso/V4/login', {
      body: { email: DEMO_PARENT_EMAIL, password: 'Wrong#2026' },
      remoteAddress: '10.0.0.1',
    });
    const unknown = await call(app, 'POST', 'sso/V4/login', {
      body: { email: 'nobody@example.com', password: 'Wrong#2026' },
      remoteAddress: '10.0.0.1',
    });
    assert.equal(wrong.httpStatus, 200);
    assert.equal(wrong.code, SIGN_IN_FAILED_CODE);
    assert.equal(unknown.code, SIGN_IN_FAILED_CODE);
    assert.equal(wrong.message, unknown.message);
    assert.equal(wrong.message, 'Incorrect account or password');
  });

  it('answers the message in the request language (X-LANG, zh_CN by default)', async () => {
    const chinese = await call(app, 'POST', 'sso/V4/login', {
      body: { email: DEMO_PARENT_EMAIL, password: 'Wrong#2026' },
      lang: 'zh_CN',
      remoteAddress: '10.0.0.2',
    });
    assert.equal(chinese.message, '账号或密码错误');
  });

  it('rules §8 "Form verification failed": a malformed sign-in answers VALIDATION_FAILED_CODE with field issues', async () => {
    const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'sso/V4/login', {
      body: { email: 'not-an-email', password: '' },
    });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(
      answer.data.errors.map((issue) => [issue.field, issue.key]),
      [
        ['email', 'accounts.email-invalid'],
        ['password', 'accounts.password-required'],
      ],
    );
    const child = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'sso/V4/subuser/login', {
      body: { member_id: 'abc', user_name: 'x'.repeat(41), password: 'x' },
    });
    assert.equal(child.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(
      child.data.errors.map((issue) => issue.field),
      ['member_id', 'user_name'],
    );
  });

  it('rate limit: after 5 failures for one account from one address, the 6th attempt is refused even with the right password', async () => {
    const ip = '192.0.2.10';
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt++) {
      const answer = await call(app, 'POST', 'sso/V4/login', {
        body: { email: DEMO_PARENT_EMAIL, password: `Wrong#${attempt}x` },
        remoteAddress: ip,
      });
      assert.equal(answer.code, SIGN_IN_FAILED_CODE);
    }
    const blocked = await call<SignInRateLimitedData>(app, 'POST', 'sso/V4/login', {
      body: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD },
      remoteAddress: ip,
    });
    assert.equal(blocked.code, RATE_LIMITED_CODE);
    assert.equal(blocked.data.retry_after, SIGN_IN_WINDOW_MS / 1000);

    // Another address is not affected.
    const elsewhere = await call(app, 'POST', 'sso/V4/login', {
      body: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD },
      remoteAddress: '192.0.2.11',
    });
    assert.equal(elsewhere.code, 1);

    // After the window, the account may sign in again from that address.
    clock.advance(SIGN_IN_WINDOW_MS + 1000);
    const later = await call(app, 'POST', 'sso/V4/login', {
      body: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD },
      remoteAddress: ip,
    });
    assert.equal(later.code, 1);
  });

  it('rate limit applies to child sign-in too', async () => {
    const ip = '192.0.2.20';
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt++) {
      await call(app, 'POST', 'sso/V4/subuser/login', {
        body: { member_id: DEMO_MEMBER_ID, user_name: 'operator', password: 'Wrong#1234' },
        remoteAddress: ip,
      });
    }
    const blocked = await call(app, 'POST', 'sso/V4/subuser/login', {
      body: { member_id: DEMO_MEMBER_ID, user_name: 'OPERATOR', password: 'Operator#2026' },
      remoteAddress: ip,
    });
    assert.equal(blocked.code, RATE_LIMITED_CODE);
  });

  it('a disabled child cannot sign in, and its open sessions end', async () => {
    const { token } = await signInChild(app);
    app.db.prepare("UPDATE users SET status = 'disabled' WHERE user_name = 'operator'").run();
    try {
      const refused = await call(app, 'POST', 'sso/V4/subuser/login', {
        body: { member_id: DEMO_MEMBER_ID, user_name: 'operator', password: 'Operator#2026' },
        remoteAddress: '192.0.2.30',
      });
      assert.equal(refused.code, SIGN_IN_FAILED_CODE);
      assert.equal(refused.message, 'This account is disabled');
      assert.equal((await call(app, 'GET', 'V4/permission.get.subUserInfo', { token })).code, SESSION_EXPIRED_CODE);
    } finally {
      app.db.prepare("UPDATE users SET status = 'enabled' WHERE user_name = 'operator'").run();
    }
  });
});

describe('sessions (shell §8: 16149)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  before(async () => ({ app, clock } = await startServer()));
  after(() => app.close());

  it('shell §8: a route needing a session answers 16149 without a token or with an unknown one', async () => {
    assert.equal((await call(app, 'GET', 'V4/member.set.info.console')).code, SESSION_EXPIRED_CODE);
    const unknown = await call(app, 'GET', 'V4/member.set.info.console', { token: 'x'.repeat(43) });
    assert.equal(unknown.httpStatus, 200);
    assert.equal(unknown.code, SESSION_EXPIRED_CODE);
    assert.equal(unknown.message, 'Your session has expired. Please sign in again.');
  });

  it('shell §8: an expired session answers 16149 (rules §9: 8 hours by default)', async () => {
    const { token } = await signInParent(app);
    clock.advance(8 * 3_600_000 - 1000);
    await expectOk(app, 'GET', 'V4/member.set.info.console', { token });
    clock.advance(1000);
    const expired = await call(app, 'GET', 'V4/member.set.info.console', { token });
    assert.equal(expired.code, SESSION_EXPIRED_CODE);
  });

  it('rules §5: the expiry follows the account login time control (15-1440 minutes)', async () => {
    app.db.prepare('UPDATE users SET login_minutes = 15 WHERE email = ?').run(DEMO_PARENT_EMAIL);
    try {
      const { token, expires_in } = await signInParent(app);
      assert.equal(expires_in, 15 * 60);
      clock.advance(15 * 60_000);
      assert.equal((await call(app, 'GET', 'sso/V4/user/info', { token })).code, SESSION_EXPIRED_CODE);
    } finally {
      app.db.prepare('UPDATE users SET login_minutes = 480 WHERE email = ?').run(DEMO_PARENT_EMAIL);
    }
  });

  it('a mutation without a session answers 16149 and does not read the body', async () => {
    const answer = await call(app, 'POST', 'sso/V4/timezone', { body: { timezone: 'Asia/Shanghai' } });
    assert.equal(answer.code, SESSION_EXPIRED_CODE);
  });
});

describe('user info and logout (shell §3, §6, §7)', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer()));
  after(() => app.close());

  it('the standalone (sso) and embedded (iam) user-info paths answer the same user_raw', async () => {
    const { token } = await signInParent(app);
    const standalone = await expectOk<UserInfoAnswer>(app, 'GET', 'sso/V4/user/info', { token });
    const embedded = await expectOk<UserInfoAnswer>(app, 'GET', 'iam/V4/user/info', { token });
    assert.deepEqual(standalone, embedded);
    assert.deepEqual(Object.keys(standalone.user_raw).sort(), [
      'account_type',
      'bindEmail',
      'email',
      'flag',
      'id',
      'member_id',
      'name',
      'user_name',
    ]);
    assert.equal(standalone.user_raw.account_type, 1);
  });

  it('shell §6: a child fetches its info from V4/permission.get.subUserInfo (account_type 2)', async () => {
    const { token } = await signInChild(app);
    const info = await expectOk<UserInfoAnswer>(app, 'GET', 'V4/permission.get.subUserInfo', { token });
    assert.equal(info.user_raw.account_type, 2);
    assert.equal(info.user_raw.user_name, 'operator');
    assert.equal(info.user_raw.member_id, DEMO_MEMBER_ID);
  });

  it('shell §4: sso/V4/logOut revokes the parent token', async () => {
    const { token } = await signInParent(app);
    await expectOk(app, 'GET', 'sso/V4/logOut', { token });
    assert.equal((await call(app, 'GET', 'sso/V4/user/info', { token })).code, SESSION_EXPIRED_CODE);
  });

  it('shell §6: sso/V4/subuser/logout revokes the child token and leaves other sessions alone', async () => {
    const child = await signInChild(app);
    const parent = await signInParent(app);
    await expectOk(app, 'GET', 'sso/V4/subuser/logout', { token: child.token });
    assert.equal((await call(app, 'GET', 'V4/permission.get.subUserInfo', { token: child.token })).code, SESSION_EXPIRED_CODE);
    await expectOk(app, 'GET', 'sso/V4/user/info', { token: parent.token });
  });
});

describe('sign-in rate limit under parallel attempts', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer()));
  after(() => app.close());

  it('parallel guesses cannot all slip past the limit while their passwords are being hashed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, attempt) =>
        call(app, 'POST', 'sso/V4/login', {
          body: { email: DEMO_PARENT_EMAIL, password: `Guess#${attempt}xx` },
          remoteAddress: '198.51.100.7',
        }),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    assert.equal(codes.filter((code) => code === SIGN_IN_FAILED_CODE).length, MAX_FAILURES_PER_ACCOUNT);
    assert.equal(codes.filter((code) => code === RATE_LIMITED_CODE).length, 10 - MAX_FAILURES_PER_ACCOUNT);
  });
});

describe('sign-in limits behind a reverse proxy (TRUST_PROXY)', () => {
  const guess = (app: FastifyInstance, forwardedFor: string, password = 'Wrong#pass1') =>
    call(app, 'POST', 'sso/V4/login', {
      body: { email: DEMO_PARENT_EMAIL, password },
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('with the proxy trusted, one attacker locked out does not lock out another user behind the same proxy', async () => {
    const { app } = await startServer({ trustProxy: ['10.0.0.1'] });
    try {
      for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) await guess(app, '203.0.113.9');
      assert.equal((await guess(app, '203.0.113.9', DEMO_PARENT_PASSWORD)).code, RATE_LIMITED_CODE);
      assert.equal((await guess(app, '198.51.100.20', DEMO_PARENT_PASSWORD)).code, 1);
    } finally {
      await app.close();
    }
  });

  it('untrusted, X-Forwarded-For is ignored: a client cannot pick a fresh address for each guess', async () => {
    const { app } = await startServer();
    try {
      for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) await guess(app, `203.0.113.${attempt}`);
      assert.equal((await guess(app, '203.0.113.200', DEMO_PARENT_PASSWORD)).code, RATE_LIMITED_CODE);
    } finally {
      await app.close();
    }
  });

  it('TRUST_PROXY is read strictly', () => {
    assert.equal(readTrustProxy(undefined), false);
    assert.equal(readTrustProxy('true'), true);
    assert.deepEqual(readTrustProxy('10.0.0.1, 10.0.0.0/24'), ['10.0.0.1', '10.0.0.0/24']);
    assert.throws(() => readTrustProxy('everyone'), /TRUST_PROXY/);
  });
});

describe('sign-in request rate (@fastify/rate-limit), whatever the outcome', () => {
  it(`more than ${SIGN_IN_REQUESTS_PER_MINUTE} attempts a minute for one account from one address answer 100429 with the wait; another account is not affected`, async () => {
    const { app } = await startServer();
    try {
      const attempt = (email: string) =>
        call(app, 'POST', 'sso/V4/login', { body: { email, password: 'Wrong#pass1' }, remoteAddress: '192.0.2.77' });
      for (let index = 0; index < SIGN_IN_REQUESTS_PER_MINUTE; index += 1) {
        assert.notEqual((await attempt('nobody@example.com')).httpStatus, 429);
      }
      const refused = await attempt('nobody@example.com');
      assert.equal(refused.httpStatus, 429);
      assert.equal(refused.code, RATE_LIMITED_CODE);
      assert.ok((refused.data as SignInRateLimitedData).retry_after > 0);
      assert.ok(refused.headers['content-security-policy'], 'the refusal keeps the security headers');
      assert.notEqual((await attempt('someone-else@example.com')).httpStatus, 429);
    } finally {
      await app.close();
    }
  });
});

describe('password hashing at OWASP cost, with rehash on sign-in (security finding: scrypt N=2^14)', () => {
  it("the production cost is OWASP's scrypt recommendation, and a hash made at it verifies", async () => {
    assert.deepEqual({ ...OWASP_SCRYPT_COST }, { N: 131072, r: 8, p: 1 });
    const salt = randomBytes(16);
    const hash = scryptSync('Console#2026', salt, 64, { ...OWASP_SCRYPT_COST, maxmem: 256 * 1024 * 1024 });
    const stored = ['scrypt', 131072, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
    assert.equal(await verifyPassword('Console#2026', stored), true);
    assert.equal(await verifyPassword('Console#2027', stored), false);
  });

  it('a hash made at an older cost is replaced at the next successful sign-in, and the password still works', async () => {
    const { app } = await startServer();
    try {
      const salt = randomBytes(16);
      const old = ['scrypt', 16384, 8, 1, salt.toString('base64url'), scryptSync(DEMO_PARENT_PASSWORD, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64url')].join('$');
      app.db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(old, DEMO_PARENT_EMAIL);
      assert.equal(needsRehash(old), true);
      await signInParent(app);
      const stored = (app.db.prepare('SELECT password_hash FROM users WHERE email = ?').get(DEMO_PARENT_EMAIL) as { password_hash: string }).password_hash;
      assert.notEqual(stored, old);
      assert.equal(needsRehash(stored), false);
      await signInParent(app);
    } finally {
      await app.close();
    }
  });
});
