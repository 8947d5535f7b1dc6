import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { DEMO_PARENT_EMAIL } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

describe('operation log (V4/oplog.list)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let parent: string;
  let child: string;
  before(async () => {
    ({ app, clock } = await startServer());
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
  });
  after(() => app.close());

  const list = (token: string, query: Record<string, string | number> = {}) =>
    expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query });

  it('records who, when, what and the values before and after a write', async () => {
    await expectOk(app, 'POST', 'sso/V4/timezone', { token: parent, body: { timezone: 'Asia/Shanghai' } });
    clock.advance(60_000);
    await expectOk(app, 'POST', 'sso/V4/timezone', { token: parent, body: { timezone: 'Europe/London' } });
    const { list: entries, total } = await list(parent);
    assert.equal(total, 2);
    const latest = entries[0];
    assert.equal(latest.operator, DEMO_PARENT_EMAIL);
    assert.equal(latest.account_type, 1);
    assert.equal(latest.area, 'account');
    assert.equal(latest.action, 'update-timezone');
    assert.equal(latest.time, new Date(clock.now()).toISOString());
    assert.deepEqual(latest.before, { timezone: 'Asia/Shanghai' });
    assert.deepEqual(latest.after, { timezone: 'Europe/London' });
    assert.equal(latest.ip, '127.0.0.1');
    assert.deepEqual(entries[1].before, { timezone: '' });
  });

  it('a write that changes nothing records nothing', async () => {
    const before = (await list(parent)).total;
    await expectOk(app, 'POST', 'sso/V4/timezone', { token: parent, body: { timezone: 'Europe/London' } });
    assert.equal((await list(parent)).total, before);
  });

  it('filters by area, action, user and time; pages with { list, total }', async () => {
    await expectOk(app, 'POST', 'sso/V4/timezone', { token: child, body: { timezone: 'Asia/Tokyo' } });
    const childId = (app.db.prepare("SELECT id FROM users WHERE user_name = 'operator'").get() as { id: number }).id;
    assert.equal((await list(parent)).total, 3);
    assert.equal((await list(parent, { user_id: childId })).total, 1);
    assert.equal((await list(parent, { area: 'account', action: 'update-timezone' })).total, 3);
    assert.equal((await list(parent, { area: 'waf' })).total, 0);
    const firstMinute = new Date(clock.now() - 30_000).toISOString();
    assert.equal((await list(parent, { end_time: firstMinute })).total, 1);
    assert.equal((await list(parent, { start_time: firstMinute })).total, 2);
    const paged = await list(parent, { page: 2, per_page: 2 });
    assert.equal(paged.total, 3);
    assert.equal(paged.list.length, 1);
  });

  it('a child sees only its own entries', async () => {
    const own = await list(child);
    assert.equal(own.total, 1);
    assert.equal(own.list[0].operator, 'operator');
    assert.equal(own.list[0].account_type, 2);
  });

  it('bad filters answer VALIDATION_FAILED_CODE: a wrong type from the schema (HTTP 400), a bad date from the rules', async () => {
    const wrongType = await call<{ errors: { field: string }[] }>(app, 'GET', 'V4/oplog.list', { token: parent, query: { user_id: 'me' } });
    assert.equal(wrongType.httpStatus, 400);
    assert.equal(wrongType.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(wrongType.data.errors.map((issue) => issue.field), ['user_id']);
    const badDate = await call<{ errors: { field: string }[] }>(app, 'GET', 'V4/oplog.list', { token: parent, query: { start_time: 'yesterday-ish' } });
    assert.equal(badDate.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(badDate.data.errors.map((issue) => issue.field), ['start_time']);
  });
});
