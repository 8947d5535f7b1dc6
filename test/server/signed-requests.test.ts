/**
 * Access keys that really sign API calls (issue 26): HMAC-SHA256 over method, path, sorted query, body hash,
 * timestamp and nonce; a clock-skew window; replay protection; the key user's grants; last use recorded. The signer
 * here is written from the README's description, not imported from the server, so the two cannot agree by accident.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, SESSION_EXPIRED_CODE } from '../../core/api/catalogue.js';
import type { AccessKey, AccessKeySecret, PermissionGroup, SubAccount } from '../../core/api/endpoints/access.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { verifierMatches } from '../../demo/server/features/access/key-secrets.js';
import { expectOk, signInParent, startServer, type TestClock } from './helpers.js';

interface Signed {
  method: 'GET' | 'POST';
  path: string;
  query?: string;
  body?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Signs a request the way README "Signed API requests" says. */
function sign(keyId: string, secret: string, request: Signed, at: number, nonce = randomBytes(12).toString('hex')): Record<string, string> {
  const query = [...new URLSearchParams(request.query ?? '')]
    .map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const timestamp = String(Math.floor(at / 1000));
  const contentHash = sha256(request.body ?? '');
  const text = ['EC1-HMAC-SHA256', request.method, request.path, query, contentHash, timestamp, nonce].join('\n');
  const signature = createHmac('sha256', sha256(secret)).update(text).digest('hex');
  return { 'X-EC-Key': keyId, 'X-EC-Timestamp': timestamp, 'X-EC-Nonce': nonce, 'X-EC-Content-SHA256': contentHash, 'X-EC-Signature': signature };
}

describe('signed API requests with access keys (issue 26)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let token: string;
  let parentKey: AccessKeySecret;

  before(async () => {
    ({ app, clock } = await startServer());
    token = (await signInParent(app)).token;
    parentKey = await expectOk<AccessKeySecret>(app, 'POST', 'V4/access.key.create', { token, body: { remark: 'ci' } });
  });
  after(() => app.close());

  async function send(request: Signed, headers: Record<string, string>) {
    const response = await app.inject({
      method: request.method,
      url: request.query ? `${request.path}?${request.query}` : request.path,
      headers: { 'x-lang': 'en_US', ...headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: request.body,
    });
    return JSON.parse(response.body) as { status: { code: number; message: string }; data: unknown };
  }

  const list: Signed = { method: 'GET', path: '/api/V4/cloudsafe.hwws.website.list', query: 'per_page=5&page=1' };

  it('the secret is answered once and never listed; the row holds neither it nor its HMAC key, only a sealed copy and a verifier', async () => {
    assert.match(parentKey.secret, /^[A-Za-z0-9_-]{43}$/);
    const keys = await expectOk<ListAnswer<AccessKey>>(app, 'GET', 'V4/access.key.list', { token });
    assert.equal(JSON.stringify(keys).includes(parentKey.secret), false);
    const stored = app.db.prepare('SELECT * FROM access_keys WHERE key_id = ?').get(parentKey.key.key_id) as Record<string, unknown>;
    const text = JSON.stringify(stored);
    assert.equal(text.includes(parentKey.secret), false);
    assert.equal(text.includes(sha256(parentKey.secret)), false, 'the HMAC key is not stored in the clear');
    assert.equal('signing_key' in stored, false);
    assert.ok(verifierMatches(String(stored.verifier), parentKey.secret), 'the verifier recognises the secret');
    assert.equal(verifierMatches(String(stored.verifier), `${parentKey.secret}x`), false);
  });

  it('a stolen row cannot sign: every value it holds, used as the HMAC key, is refused', async () => {
    const stored = app.db.prepare('SELECT * FROM access_keys WHERE key_id = ?').get(parentKey.key.key_id) as Record<string, unknown>;
    for (const [column, value] of Object.entries(stored)) {
      if (typeof value !== 'string') continue;
      // Signing with the row's value as if it were the secret, and as if it were the HMAC key itself.
      const asSecret = sign(parentKey.key.key_id, value, list, clock.now());
      assert.equal((await send(list, asSecret)).status.code, SESSION_EXPIRED_CODE, `${column} as the secret`);
      const headers = sign(parentKey.key.key_id, '', list, clock.now());
      const text = ['EC1-HMAC-SHA256', 'GET', list.path, 'page=1&per_page=5', headers['X-EC-Content-SHA256'], headers['X-EC-Timestamp'], headers['X-EC-Nonce']].join('\n');
      headers['X-EC-Signature'] = createHmac('sha256', value).update(text).digest('hex');
      assert.equal((await send(list, headers)).status.code, SESSION_EXPIRED_CODE, `${column} as the HMAC key`);
    }
    // The sealed copy moved onto another key's row does not open there either.
    const other = await expectOk<AccessKeySecret>(app, 'POST', 'V4/access.key.create', { token, body: { remark: 'other' } });
    const original = app.db.prepare('SELECT signing_key_sealed FROM access_keys WHERE key_id = ?').get(other.key.key_id) as { signing_key_sealed: string };
    app.db.prepare('UPDATE access_keys SET signing_key_sealed = ? WHERE key_id = ?').run(stored.signing_key_sealed, other.key.key_id);
    assert.equal((await send(list, sign(other.key.key_id, parentKey.secret, list, clock.now()))).status.code, SESSION_EXPIRED_CODE);
    app.db.prepare('UPDATE access_keys SET signing_key_sealed = ? WHERE key_id = ?').run(original.signing_key_sealed, other.key.key_id);
    assert.equal((await send(list, sign(other.key.key_id, other.secret, list, clock.now()))).status.code, 1);
  });

  it('a valid signature acts as the key user and records the last use', async () => {
    const answer = await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()));
    assert.equal(answer.status.code, 1, JSON.stringify(answer));
    assert.equal((answer.data as ListAnswer<WebsiteInfo>).list.length, 5);
    const keys = await expectOk<ListAnswer<AccessKey>>(app, 'GET', 'V4/access.key.list', { token });
    assert.equal(keys.list[0]!.last_used_at, new Date(clock.now()).toISOString());
    // The query's order does not matter, its content does.
    const reordered = { ...list, query: 'page=1&per_page=5' };
    assert.equal((await send(reordered, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()))).status.code, 1);
    const changed = { ...list, query: 'page=2&per_page=5' };
    assert.equal((await send(changed, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()))).status.code, SESSION_EXPIRED_CODE);
  });

  it('an expired timestamp (outside the five-minute window, either way) is refused', async () => {
    const old = await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now() - 5 * 60_000 - 1_000));
    assert.equal(old.status.code, SESSION_EXPIRED_CODE);
    assert.match(old.status.message, /Illegal or invalid timestamp/);
    const future = await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now() + 6 * 60_000));
    assert.equal(future.status.code, SESSION_EXPIRED_CODE);
  });

  it('a replayed request (same nonce) is refused', async () => {
    const headers = sign(parentKey.key.key_id, parentKey.secret, list, clock.now(), 'replay-nonce-0001');
    assert.equal((await send(list, headers)).status.code, 1);
    const again = await send(list, headers);
    assert.equal(again.status.code, SESSION_EXPIRED_CODE);
    assert.match(again.status.message, /already used/);
  });

  it('a body changed after signing is refused; the signed body is accepted', async () => {
    const create: Signed = { method: 'POST', path: '/api/V4/access.group.create', body: JSON.stringify({ name: 'Signed group', grants: [] }) };
    const headers = sign(parentKey.key.key_id, parentKey.secret, create, clock.now());
    const tampered = await send({ ...create, body: JSON.stringify({ name: 'Tampered group', grants: [] }) }, headers);
    assert.equal(tampered.status.code, SESSION_EXPIRED_CODE);
    assert.match(tampered.status.message, /signature is invalid/);
    const groups = await expectOk<ListAnswer<PermissionGroup>>(app, 'GET', 'V4/access.group.list', { token });
    assert.equal(groups.list.some((row) => row.name === 'Tampered group'), false);
    const accepted = await send(create, sign(parentKey.key.key_id, parentKey.secret, create, clock.now()));
    assert.equal(accepted.status.code, 1, JSON.stringify(accepted));
    assert.equal((accepted.data as PermissionGroup).name, 'Signed group');
  });

  it('a disabled key is refused until enabled again', async () => {
    await expectOk(app, 'POST', 'V4/access.key.status', { token, body: { id: parentKey.key.id, status: 'disabled' } });
    const refused = await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()));
    assert.equal(refused.status.code, SESSION_EXPIRED_CODE);
    assert.match(refused.status.message, /disabled/);
    await expectOk(app, 'POST', 'V4/access.key.status', { token, body: { id: parentKey.key.id, status: 'enabled' } });
    assert.equal((await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()))).status.code, 1);
  });

  it('a rotated key refuses the old secret and accepts the new one', async () => {
    const rotated = await expectOk<AccessKeySecret>(app, 'POST', 'V4/access.key.rotate', { token, body: { id: parentKey.key.id } });
    assert.equal(rotated.key.key_id, parentKey.key.key_id);
    assert.notEqual(rotated.secret, parentKey.secret);
    assert.equal((await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()))).status.code, SESSION_EXPIRED_CODE);
    assert.equal((await send(list, sign(rotated.key.key_id, rotated.secret, list, clock.now()))).status.code, 1);
  });

  it("a sub-account's key acts with that sub-account's grants only", async () => {
    const websites = (await expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token, query: { per_page: 100 } })).list;
    const site = websites[2]!;
    const group = await expectOk<PermissionGroup>(app, 'POST', 'V4/access.group.create', {
      token,
      body: { name: 'Key readers', grants: [{ module: 'domain', object_scope: 'specified', access: 'read', object_ids: [site.id] }] },
    });
    const user = await expectOk<SubAccount>(app, 'POST', 'V4/access.subaccount.create', {
      token,
      body: { name: 'robot', password: 'Robot#2026', confirm_password: 'Robot#2026', group_id: group.id },
    });
    const key = await expectOk<AccessKeySecret>(app, 'POST', 'V4/access.key.create', { token, body: { user_id: user.id } });
    assert.equal(key.key.user_name, 'robot');
    const everything: Signed = { method: 'GET', path: '/api/V4/cloudsafe.hwws.website.list', query: 'per_page=100' };
    const seen = await send(everything, sign(key.key.key_id, key.secret, everything, clock.now()));
    assert.deepEqual((seen.data as ListAnswer<WebsiteInfo>).list.map((row) => row.id), [site.id]);
    const manage: Signed = { method: 'GET', path: '/api/V4/access.key.list' };
    assert.equal((await send(manage, sign(key.key.key_id, key.secret, manage, clock.now()))).status.code, PERMISSION_DENIED_CODE);
    // Disabling the sub-account stops its keys too.
    await expectOk(app, 'POST', 'V4/access.subaccount.status', { token, body: { id: user.id, status: 'disabled' } });
    assert.equal((await send(everything, sign(key.key.key_id, key.secret, everything, clock.now()))).status.code, SESSION_EXPIRED_CODE);
  });

  it('a deleted key is refused; delete, rotate and status changes are in the operation log without secrets', async () => {
    await expectOk(app, 'POST', 'V4/access.key.delete', { token, body: { id: parentKey.key.id } });
    const answer = await send(list, sign(parentKey.key.key_id, parentKey.secret, list, clock.now()));
    assert.equal(answer.status.code, SESSION_EXPIRED_CODE);
    const log = await expectOk<ListAnswer<{ action: string; object_label: string }>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'access', per_page: 100 } });
    const actions = log.list.filter((row) => row.object_label === parentKey.key.key_id).map((row) => row.action);
    assert.deepEqual(actions, ['delete', 'rotate', 'enable', 'disable', 'create']);
    assert.equal(JSON.stringify(log).includes(parentKey.secret), false);
  });
});
