import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { JobInfo, ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../demo/server/platform/demo-accounts.js';
import { IDEMPOTENCY_TTL_MS, PENDING_TIMEOUT_MS } from '../../demo/server/platform/security/idempotency.js';
import { call, expectOk, signInParent, startServer, type TestClock } from './helpers.js';

describe('idempotent mutations (Idempotency-Key)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let token: string;
  let cancels = 0;
  before(async () => {
    ({ app, clock } = await startServer());
    token = (await signInParent(app)).token;
    app.jobs.register('test.never', { step: () => ({ done: false, state: null, progress: 1 }) });
  });
  after(() => app.close());

  const operations = async (area: string) =>
    (await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area } })).total;

  it('the same key twice applies the write once and replays the first answer', async () => {
    const job = app.jobs.enqueue({ memberId: DEMO_MEMBER_ID, userId: 1, operator: DEMO_PARENT_EMAIL, type: 'test.never', params: null });
    const first = await call<JobInfo>(app, 'POST', 'V4/job.task.cancel', { token, body: { id: job.id }, idempotencyKey: 'cancel-1' });
    assert.equal(first.code, 1);
    cancels = await operations('job');
    assert.equal(cancels, 1);

    const second = await call<JobInfo>(app, 'POST', 'V4/job.task.cancel', { token, body: { id: job.id }, idempotencyKey: 'cancel-1' });
    assert.equal(second.raw, first.raw);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    // Without the key the repeat would have answered CONFLICT (already finished); the log holds one entry.
    assert.equal(await operations('job'), 1);

    const fresh = await call(app, 'POST', 'V4/job.task.cancel', { token, body: { id: job.id }, idempotencyKey: 'cancel-2' });
    assert.equal(fresh.code, CONFLICT_CODE);
  });

  it('the same key with a different body is refused with CONFLICT_CODE', async () => {
    await expectOk(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Asia/Tokyo' }, idempotencyKey: 'tz-1' });
    const other = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Europe/Paris' }, idempotencyKey: 'tz-1' });
    assert.equal(other.code, CONFLICT_CODE);
    assert.equal(other.message, 'This request key was already used for a different request');
  });

  it('a validation failure is replayed too: the same request gets the same answer', async () => {
    const first = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Nowhere/Else' }, idempotencyKey: 'tz-bad' });
    assert.equal(first.code, VALIDATION_FAILED_CODE);
    const again = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Nowhere/Else' }, idempotencyKey: 'tz-bad' });
    assert.equal(again.raw, first.raw);
    assert.equal(again.headers['idempotent-replayed'], 'true');
  });

  it('a key is kept for 24 hours, then it may be used again', async () => {
    const body = { timezone: 'America/New_York' };
    await expectOk(app, 'POST', 'sso/V4/timezone', { token, body, idempotencyKey: 'tz-day' });
    clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    token = (await signInParent(app)).token;
    const within = await call(app, 'POST', 'sso/V4/timezone', { token, body, idempotencyKey: 'tz-day' });
    assert.equal(within.headers['idempotent-replayed'], 'true');
    clock.advance(2000);
    const later = await call(app, 'POST', 'sso/V4/timezone', { token, body, idempotencyKey: 'tz-day' });
    assert.equal(later.code, 1);
    assert.equal(later.headers['idempotent-replayed'], undefined);
  });

  it('an over-long key answers VALIDATION_FAILED_CODE', async () => {
    const answer = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'UTC' }, idempotencyKey: 'k'.repeat(256) });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
  });

  it('a crash after the key was claimed releases it, and the retry runs', async () => {
    // Fault injection: the operation log table disappears, so the write fails after the key was claimed.
    app.db.exec('ALTER TABLE operation_log RENAME TO operation_log_gone');
    try {
      const crashed = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Africa/Cairo' }, idempotencyKey: 'tz-fault' });
      assert.equal(crashed.httpStatus, 500);
      assert.equal(crashed.message, 'System error');
    } finally {
      app.db.exec('ALTER TABLE operation_log_gone RENAME TO operation_log');
    }
    const retry = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Africa/Cairo' }, idempotencyKey: 'tz-fault' });
    assert.equal(retry.code, 1);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
  });

  it('a repeat while the first is still running is refused; a key abandoned by a crashed process is released', async () => {
    const pending = app.db.prepare(
      'INSERT INTO idempotency_keys (member_id, key, fingerprint, response, created_at) VALUES (?, ?, ?, NULL, ?)',
    );
    pending.run(DEMO_MEMBER_ID, 'tz-running', 'whatever', clock.now());
    const running = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'UTC' }, idempotencyKey: 'tz-running' });
    assert.equal(running.code, CONFLICT_CODE);
    pending.run(DEMO_MEMBER_ID, 'tz-abandoned', 'whatever', clock.now() - PENDING_TIMEOUT_MS - 1);
    const abandoned = await call(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'UTC' }, idempotencyKey: 'tz-abandoned' });
    assert.equal(abandoned.code, 1);
  });
});
