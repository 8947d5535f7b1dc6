/**
 * The sign-in policy of the user center (issue 27; rules §5 accounts: password, login time control, verification code;
 * rules §6: login whitelist by IP or region, secondary email verification; rules §8: resend countdown, unverified
 * mailbox). Codes are read from the mail outbox, as a person reads them from the mail viewer.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, PERMISSION_DENIED_CODE, RATE_LIMITED_CODE, SESSION_EXPIRED_CODE, SIGN_IN_FAILED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { SignInAnswer } from '../../core/api/endpoints/auth.js';
import type { AccountSecurity, LoginLogEntry, SignInChallenge, SignInRefusedData } from '../../core/api/endpoints/user-center.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import { DEMO_CHILD_PASSWORD, DEMO_CHILD_USER_NAME, DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { regionOfAddress } from '../../demo/server/platform/geo.js';
import { call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

/** Addresses of the demo geolocation table (geo.ts): a mainland Chinese, an American and a Japanese one. */
const CN_IP = '114.80.1.2';
const US_IP = '8.8.8.8';
const JP_IP = '126.1.2.3';

function lastCode(app: FastifyInstance, to: string): string {
  const row = app.db.prepare('SELECT text_body FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1').get(to) as { text_body: string } | undefined;
  assert.ok(row, `no mail to ${to}`);
  return /(\d{6})/.exec(row.text_body)![1]!;
}

async function bindMailbox(app: FastifyInstance, clock: TestClock, token: string, email: string): Promise<AccountSecurity> {
  await expectOk(app, 'POST', 'V4/user.mailbox.code', { token, body: { email } });
  const code = lastCode(app, email);
  const answer = await expectOk<AccountSecurity>(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email, code } });
  clock.advance(61_000);
  return answer;
}

describe('user center: account security and the sign-in policy (rules §5, §6, §8)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  beforeEach(async () => ({ app, clock } = await startServer()));
  afterEach(() => app.close());

  it('reads the defaults: 8 hours (rules §9), no whitelist, secondary verification off, mailbox unverified', async () => {
    const { token } = await signInParent(app);
    const security = await expectOk<AccountSecurity>(app, 'GET', 'V4/user.security.get', { token });
    assert.deepEqual(security.login_time, { value: 8, unit: 'hour' });
    assert.deepEqual(security.whitelist, { ips: [], regions: [] });
    assert.equal(security.secondary_verification, false);
    assert.equal(security.email_verified, false);
    assert.equal(security.whitelist_editable, true);
    assert.equal(security.client_ip, '127.0.0.1');
  });

  it('rules §5: login time control 15-1440 minutes or 1-24 hours, applied to new sessions as their length', async () => {
    const { token } = await signInParent(app);
    for (const [value, unit] of [[14, 'minute'], [1441, 'minute'], [0, 'hour'], [25, 'hour'], ['x', 'hour']] as const) {
      const answer = await call(app, 'POST', 'V4/user.security.login_time', { token, body: { value, unit } });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, `${value} ${unit}`);
    }
    const saved = await expectOk<AccountSecurity>(app, 'POST', 'V4/user.security.login_time', { token, body: { value: 15, unit: 'minute' } });
    assert.deepEqual(saved.login_time, { value: 15, unit: 'minute' });
    const next = await signInParent(app);
    assert.equal(next.expires_in, 15 * 60);
    clock.advance(15 * 60_000 + 1);
    assert.equal((await call(app, 'GET', 'V4/user.security.get', { token: next.token })).code, SESSION_EXPIRED_CODE);
    await expectOk(app, 'POST', 'V4/user.security.login_time', { token: (await signInParent(app)).token, body: { value: 24, unit: 'hour' } });
    assert.equal((await signInParent(app)).expires_in, 24 * 3600);
    const log = await expectOk<ListAnswer<{ action: string }>>(app, 'GET', 'V4/oplog.list', { token: (await signInParent(app)).token, query: { area: 'account' } });
    assert.equal(log.list.filter((entry) => entry.action === 'login-time').length, 2);
  });

  it('binds a mailbox with the mailed code: countdown, single use, expiry, wrong code (rules §5, §8)', async () => {
    const { token } = await signInParent(app);
    const email = 'owner@mail.example';
    const sent = await expectOk<{ resend_after: number; expires_in: number }>(app, 'POST', 'V4/user.mailbox.code', { token, body: { email } });
    assert.equal(sent.resend_after, 60);
    const mail = app.db.prepare('SELECT kind, language, subject FROM mail_outbox WHERE to_address = ?').get(email) as Record<string, string>;
    assert.deepEqual(mail, { kind: 'verification-code', language: 'en_US', subject: 'Verification code to bind your mailbox' });
    const again = await call<{ retry_after: number }>(app, 'POST', 'V4/user.mailbox.code', { token, body: { email } });
    assert.equal(again.code, RATE_LIMITED_CODE);
    assert.match(again.message, /resend it in 60 s/);
    const code = lastCode(app, email);
    const wrong = await call(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email, code: code === '000000' ? '111111' : '000000' } });
    assert.equal(wrong.code, VALIDATION_FAILED_CODE);
    assert.match(wrong.raw, /user-center\.code-invalid/);
    const other = await call(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email: 'else@mail.example', code } });
    assert.equal(other.code, VALIDATION_FAILED_CODE, 'a code proves only the mailbox it was sent to');
    const bound = await expectOk<AccountSecurity>(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email, code } });
    assert.equal(bound.bind_email, email);
    assert.equal(bound.email_verified, true);
    const reuse = await call(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email, code } });
    assert.match(reuse.raw, /user-center\.code-expired/, 'a code is single use');
    // Expiry: a new code, ten minutes and a second later, no longer binds.
    clock.advance(61_000);
    await expectOk(app, 'POST', 'V4/user.mailbox.code', { token, body: { email: 'late@mail.example' } });
    const late = lastCode(app, 'late@mail.example');
    clock.advance(10 * 60_000 + 1000);
    const expired = await call(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email: 'late@mail.example', code: late } });
    assert.match(expired.raw, /user-center\.code-expired/);
    // Five wrong entries void a code.
    await expectOk(app, 'POST', 'V4/user.mailbox.code', { token, body: { email: 'guess@mail.example' } });
    const right = lastCode(app, 'guess@mail.example');
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await call(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email: 'guess@mail.example', code: wrongCode } });
    const voided = await call(app, 'POST', 'V4/user.mailbox.bind', { token, body: { email: 'guess@mail.example', code: right } });
    assert.match(voided.raw, /user-center\.code-expired/);
  });

  it('rules §8: secondary verification needs a verified mailbox', async () => {
    const { token } = await signInParent(app);
    const refused = await call(app, 'POST', 'V4/user.security.secondary', { token, body: { enabled: true } });
    assert.equal(refused.code, CONFLICT_CODE);
    assert.equal(refused.message, 'The mailbox is not verified and cannot receive messages');
  });

  it('rules §6: secondary email verification adds a mailed code step; the code is single use and expires', async () => {
    const { token } = await signInParent(app);
    await bindMailbox(app, clock, token, 'owner@mail.example');
    await expectOk(app, 'POST', 'V4/user.security.secondary', { token, body: { enabled: true } });
    const step = await expectOk<SignInChallenge>(app, 'POST', 'sso/V4/login', { body: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD } });
    assert.equal(step.verification_required, true);
    assert.equal(step.email_masked, 'o***@mail.example');
    assert.equal((step as unknown as { token?: string }).token, undefined, 'no session before the code');
    const code = lastCode(app, 'owner@mail.example');
    const wrong = await call(app, 'POST', 'sso/V4/login.verify', { body: { challenge: step.challenge, code: code === '000000' ? '111111' : '000000' } });
    assert.equal(wrong.code, VALIDATION_FAILED_CODE);
    const session = await expectOk<SignInAnswer>(app, 'POST', 'sso/V4/login.verify', { body: { challenge: step.challenge, code } });
    assert.equal(session.expires_in, 8 * 3600);
    await expectOk(app, 'GET', 'V4/user.security.get', { token: session.token });
    const reuse = await call<SignInRefusedData>(app, 'POST', 'sso/V4/login.verify', { body: { challenge: step.challenge, code } });
    assert.equal(reuse.code, SIGN_IN_FAILED_CODE);
    assert.equal(reuse.data.reason, 'challenge-expired');
    // Expiry and resend: the countdown first, then a new code that replaces the old one.
    const second = await expectOk<SignInChallenge>(app, 'POST', 'sso/V4/login', { body: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD } });
    const first = lastCode(app, 'owner@mail.example');
    assert.equal((await call(app, 'POST', 'sso/V4/login.resend', { body: { challenge: second.challenge } })).code, RATE_LIMITED_CODE);
    clock.advance(10 * 60_000 + 1000);
    const expired = await call(app, 'POST', 'sso/V4/login.verify', { body: { challenge: second.challenge, code: first } });
    assert.match(expired.raw, /user-center\.code-expired/);
    await expectOk(app, 'POST', 'sso/V4/login.resend', { body: { challenge: second.challenge } });
    const renewed = lastCode(app, 'owner@mail.example');
    await expectOk<SignInAnswer>(app, 'POST', 'sso/V4/login.verify', { body: { challenge: second.challenge, code: renewed } });
    const log = await expectOk<ListAnswer<LoginLogEntry>>(app, 'GET', 'V4/user.login_log.list', { token: session.token });
    assert.deepEqual(log.list.slice(0, 3).map((entry) => entry.result), ['success', 'code-expired', 'success']);
  });

  it('rules §6: whitelist by IPv4, IPv6 and CIDR; refusals carry the address and are logged', async () => {
    const { token } = await signInParent(app);
    const bad = await call(app, 'POST', 'V4/user.security.whitelist', { token, body: { ips: ['10.0.0.300', '10.1.2.3/8', '127.0.0.1'], regions: ['XX'] } });
    assert.equal(bad.code, VALIDATION_FAILED_CODE);
    for (const key of ['ip.incorrect-ip-or-cidr', 'ip.cidr-not-network', 'user-center.region-unknown']) assert.ok(bad.raw.includes(key), key);
    // The list must keep the address in use now, or its author could not sign in again.
    const lockout = await call(app, 'POST', 'V4/user.security.whitelist', { token, body: { ips: ['203.0.113.0/24'], regions: [] } });
    assert.match(lockout.raw, /user-center\.whitelist-excludes-you/);
    const saved = await expectOk<AccountSecurity>(app, 'POST', 'V4/user.security.whitelist', {
      token,
      body: { ips: ['127.0.0.1', '203.0.113.0/24', '2001:DB8:0:0::/32'], regions: [] },
    });
    assert.deepEqual(saved.whitelist.ips, ['127.0.0.1', '203.0.113.0/24', '2001:db8::/32'], 'IPv6 kept in RFC 5952 form');
    const body = { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD };
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: '203.0.113.77' });
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: '2001:db8:1::5' });
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: '::ffff:127.0.0.1' });
    for (const remoteAddress of ['198.51.100.7', '2001:db9::1', US_IP]) {
      const refused = await call<SignInRefusedData>(app, 'POST', 'sso/V4/login', { body, remoteAddress, lang: 'zh_CN' });
      assert.equal(refused.code, SIGN_IN_FAILED_CODE, remoteAddress);
      assert.deepEqual(refused.data, { reason: 'whitelist', ip: remoteAddress });
      assert.equal(refused.message, `当前地址 ${remoteAddress} 不在账号的登录白名单内，禁止登录`);
    }
    // Account-level (rules §6): the parent's list binds its sub-accounts too.
    const child = await call(app, 'POST', 'sso/V4/subuser/login', {
      body: { member_id: DEMO_MEMBER_ID, user_name: DEMO_CHILD_USER_NAME, password: DEMO_CHILD_PASSWORD },
      remoteAddress: US_IP,
    });
    assert.equal(child.code, SIGN_IN_FAILED_CODE);
    const log = await expectOk<ListAnswer<LoginLogEntry>>(app, 'GET', 'V4/user.login_log.list', { token, query: { result: 'refused' } });
    assert.equal(log.total, 4);
    assert.equal(log.list[0]!.account, DEMO_CHILD_USER_NAME);
    assert.equal(log.list[0]!.region, 'US');
    assert.equal(log.list[0]!.result, 'whitelist');
  });

  it('rules §6: whitelist by region (shell §3 region tree: region code, group, country)', async () => {
    assert.equal(regionOfAddress(CN_IP), 'CN');
    assert.equal(regionOfAddress(US_IP), 'US');
    assert.equal(regionOfAddress('240e:1::1'), 'CN');
    const { token } = await signInParent(app);
    await expectOk(app, 'POST', 'V4/user.security.whitelist', { token, body: { ips: ['127.0.0.1'], regions: ['CNPR', 'JP'] } });
    const body = { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD };
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: CN_IP });
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: '240e:1::1' });
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: JP_IP });
    assert.equal((await call(app, 'POST', 'sso/V4/login', { body, remoteAddress: US_IP })).code, SIGN_IN_FAILED_CODE);
    // An address of no known region is in none: refused (the stricter reading).
    assert.equal((await call(app, 'POST', 'sso/V4/login', { body, remoteAddress: '192.0.2.1' })).code, SIGN_IN_FAILED_CODE);
    await expectOk(app, 'POST', 'V4/user.security.whitelist', { token, body: { ips: ['127.0.0.1'], regions: ['AMERICA'] } });
    await expectOk(app, 'POST', 'sso/V4/login', { body, remoteAddress: US_IP });
    assert.equal((await call(app, 'POST', 'sso/V4/login', { body, remoteAddress: CN_IP })).code, SIGN_IN_FAILED_CODE);
  });

  it('a sub-account manages its own password, mailbox, login time and second step, but not the account whitelist (shell §6)', async () => {
    const { token } = await signInChild(app);
    const security = await expectOk<AccountSecurity>(app, 'GET', 'V4/user.security.get', { token });
    assert.equal(security.whitelist_editable, false);
    assert.equal(security.account, DEMO_CHILD_USER_NAME);
    assert.equal((await call(app, 'POST', 'V4/user.security.whitelist', { token, body: { ips: ['127.0.0.1'], regions: [] } })).code, PERMISSION_DENIED_CODE);
    await expectOk(app, 'POST', 'V4/user.security.login_time', { token, body: { value: 30, unit: 'minute' } });
    assert.equal((await signInChild(app)).expires_in, 30 * 60);
    assert.equal((await signInParent(app)).expires_in, 8 * 3600, "a child's login time is its own");
    await bindMailbox(app, clock, token, 'operator@mail.example');
    await expectOk(app, 'POST', 'V4/user.security.secondary', { token, body: { enabled: true } });
    const step = await expectOk<SignInChallenge>(app, 'POST', 'sso/V4/subuser/login', {
      body: { member_id: DEMO_MEMBER_ID, user_name: DEMO_CHILD_USER_NAME, password: DEMO_CHILD_PASSWORD },
    });
    assert.equal(step.verification_required, true);
    const parentLog = await expectOk<ListAnswer<LoginLogEntry>>(app, 'GET', 'V4/user.login_log.list', { token: (await signInParent(app)).token });
    const childLog = await expectOk<ListAnswer<LoginLogEntry>>(app, 'GET', 'V4/user.login_log.list', { token });
    assert.ok(childLog.list.every((entry) => entry.account === DEMO_CHILD_USER_NAME));
    assert.ok(parentLog.list.some((entry) => entry.account === DEMO_PARENT_EMAIL) && parentLog.list.some((entry) => entry.account === DEMO_CHILD_USER_NAME));
  });

  it('rules §5: changing the password needs the current one, follows the rules and signs out the other sessions', async () => {
    const mine = await signInParent(app);
    const other = await signInParent(app);
    const wrong = await call(app, 'POST', 'V4/user.password.modify', {
      token: mine.token,
      body: { current_password: 'Wrong#2026x', password: 'Better#2027', confirm_password: 'Better#2027' },
    });
    assert.match(wrong.raw, /user-center\.current-password-wrong/);
    for (const [password, confirm, key] of [
      ['short1A', 'short1A', 'accounts.password-length'],
      ['alllowercase', 'alllowercase', 'accounts.password-classes'],
      ['Better#2027', 'Better#2028', 'accounts.passwords-inconsistent'],
      [DEMO_PARENT_PASSWORD, DEMO_PARENT_PASSWORD, 'user-center.password-unchanged'],
    ] as const) {
      const answer = await call(app, 'POST', 'V4/user.password.modify', { token: mine.token, body: { current_password: DEMO_PARENT_PASSWORD, password, confirm_password: confirm } });
      assert.ok(answer.raw.includes(key), key);
    }
    const changed = await expectOk<{ signed_out_sessions: number }>(app, 'POST', 'V4/user.password.modify', {
      token: mine.token,
      body: { current_password: DEMO_PARENT_PASSWORD, password: 'Better#2027', confirm_password: 'Better#2027' },
    });
    assert.equal(changed.signed_out_sessions, 1);
    assert.equal((await call(app, 'GET', 'V4/user.security.get', { token: other.token })).code, SESSION_EXPIRED_CODE);
    await expectOk(app, 'GET', 'V4/user.security.get', { token: mine.token });
    assert.equal((await call(app, 'POST', 'sso/V4/login', { body: { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD } })).code, SIGN_IN_FAILED_CODE);
    await signInParent(app, DEMO_PARENT_EMAIL, 'Better#2027');
    const log = await expectOk<ListAnswer<{ action: string; after: unknown }>>(app, 'GET', 'V4/oplog.list', { token: mine.token, query: { area: 'account' } });
    assert.ok(log.list.some((entry) => entry.action === 'change-password'));
    assert.ok(!JSON.stringify(log.list).includes('Better#2027'), 'no password in the operation log');
  });
});
