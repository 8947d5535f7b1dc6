/**
 * Identity verification of the main account (issue 27, shell §2 user center `authentication`; shell §6 child users):
 * the routes validate with core/rules/identity.ts, the simulated review decides after IDENTITY_REVIEW_MS (approving
 * valid submissions, refusing the documented test name), notify() files the outcome, a verified account cannot submit
 * again, a rejected one can, and sub-accounts are refused.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { OperationLogEntry, ListAnswer } from '../../core/api/endpoints/platform.js';
import type { IdentityVerification } from '../../core/api/endpoints/user-center.js';
import { IDENTITY_REVIEW_REJECTED_NAME } from '../../core/rules/identity.js';
import { IDENTITY_REVIEW_MS, settleIdentityReviews } from '../../demo/server/features/user-center/identity.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

/** GB 11643-1999's worked example and a code quoted with GB 32100-2015 (see test/core/rules/identity.test.ts). */
const ID_NUMBER = '11010519491231002X';
const CREDIT_CODE = '91350100M000100Y43';

describe('identity verification (issue 27; shell §2 authentication, §6)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  beforeEach(async () => ({ app, clock } = await startServer()));
  afterEach(() => app.close());

  const messages = () =>
    app.db.prepare("SELECT kind, params FROM messages WHERE member_id = ? AND kind LIKE 'identity-%' ORDER BY id").all(DEMO_MEMBER_ID) as { kind: string; params: string }[];

  it('unverified -> pending -> verified; the ID number is answered masked and never logged whole; no second submission', async () => {
    const { token } = await signInParent(app);
    const start = await expectOk<IdentityVerification>(app, 'GET', 'V4/member.identity.get', { token });
    assert.equal(start.status, 'unverified');
    const pending = await expectOk<IdentityVerification>(app, 'POST', 'V4/member.identity.submit', {
      token,
      body: { kind: 'individual', real_name: ' 张三 ', id_number: ID_NUMBER.toLowerCase() },
    });
    assert.deepEqual({ status: pending.status, kind: pending.kind, name: pending.name, number: pending.number }, {
      status: 'pending',
      kind: 'individual',
      name: '张三',
      number: `1${'*'.repeat(16)}X`,
    });
    const again = await call(app, 'POST', 'V4/member.identity.submit', { token, body: { kind: 'individual', real_name: '张三', id_number: ID_NUMBER } });
    assert.equal(again.code, CONFLICT_CODE);
    assert.equal(again.message, 'The identity verification is under review: wait for its result');
    clock.advance(IDENTITY_REVIEW_MS - 1);
    assert.equal((await expectOk<IdentityVerification>(app, 'GET', 'V4/member.identity.get', { token })).status, 'pending');
    clock.advance(1);
    const verified = await expectOk<IdentityVerification>(app, 'GET', 'V4/member.identity.get', { token });
    assert.equal(verified.status, 'verified');
    assert.ok(verified.reviewed_at);
    assert.deepEqual(messages().map((row) => row.kind), ['identity-verified']);
    const locked = await call(app, 'POST', 'V4/member.identity.submit', { token, body: { kind: 'enterprise', company_name: '华为', credit_code: CREDIT_CODE, legal_person: '李四' } });
    assert.equal(locked.code, CONFLICT_CODE);
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'account' } });
    const entry = log.list.find((row) => row.action === 'identity-submit');
    assert.ok(entry);
    assert.ok(!JSON.stringify(entry).includes(ID_NUMBER), 'the log holds the masked number only');
  });

  it('the documented test name is rejected with a reason; the rejected account corrects and submits again', async () => {
    const { token } = await signInParent(app);
    await expectOk(app, 'POST', 'V4/member.identity.submit', {
      token,
      body: { kind: 'enterprise', company_name: '测试公司', credit_code: CREDIT_CODE, legal_person: IDENTITY_REVIEW_REJECTED_NAME },
    });
    clock.advance(IDENTITY_REVIEW_MS);
    assert.equal(await settleIdentityReviews(app), 1, 'the review timer decides without a read');
    const rejected = await expectOk<IdentityVerification>(app, 'GET', 'V4/member.identity.get', { token });
    assert.deepEqual({ status: rejected.status, reason: rejected.reason, number: rejected.number }, { status: 'rejected', reason: 'name-mismatch', number: CREDIT_CODE });
    const [message] = messages();
    assert.equal(message?.kind, 'identity-rejected');
    const resubmitted = await expectOk<IdentityVerification>(app, 'POST', 'V4/member.identity.submit', {
      token,
      body: { kind: 'enterprise', company_name: '测试公司', credit_code: CREDIT_CODE, legal_person: '李四' },
    });
    assert.deepEqual({ status: resubmitted.status, reason: resubmitted.reason }, { status: 'pending', reason: null });
    clock.advance(IDENTITY_REVIEW_MS);
    assert.equal((await expectOk<IdentityVerification>(app, 'GET', 'V4/member.identity.get', { token })).status, 'verified');
  });

  it('each field is validated with the shared rules', async () => {
    const { token } = await signInParent(app);
    const cases: [unknown, string[]][] = [
      [{ kind: 'someone' }, ['kind']],
      [{ kind: 'individual', real_name: '', id_number: '110105194912310021' }, ['real_name', 'id_number']],
      [{ kind: 'enterprise', company_name: 'A', credit_code: '91350100M000100Y44', legal_person: '' }, ['company_name', 'credit_code', 'legal_person']],
    ];
    for (const [body, fields] of cases) {
      const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/member.identity.submit', { token, body });
      assert.equal(answer.code, VALIDATION_FAILED_CODE);
      assert.deepEqual(answer.data.errors.map((found) => found.field), fields);
    }
    assert.equal((await expectOk<IdentityVerification>(app, 'GET', 'V4/member.identity.get', { token })).status, 'unverified');
  });

  it('shell §6 (stricter reading): a sub-account can neither read nor submit the main account\'s identity', async () => {
    const { token } = await signInChild(app);
    assert.equal((await call(app, 'GET', 'V4/member.identity.get', { token })).code, PERMISSION_DENIED_CODE);
    const submit = await call(app, 'POST', 'V4/member.identity.submit', { token, body: { kind: 'individual', real_name: '张三', id_number: ID_NUMBER } });
    assert.equal(submit.code, PERMISSION_DENIED_CODE);
  });
});
