/**
 * The packages page's calls: rules §4 (billing method change at 00:00 UTC+8 on the 1st of next month, locked until
 * then; trial packages cannot renew or expand, rules §8 message), rules §9 (each increase package adds 10
 * businesses), each change through the job runner; sub-accounts read only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import { nextBillingStart, type PackageChangeAnswer, type PackageListAnswer } from '../../core/api/endpoints/packages.js';
import type { PlansAnswer } from '../../core/api/endpoints/platform.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let viewer: string;
let planId: number;

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
});
after(async () => app.close());

const list = async (token = parent) => (await expectOk<PackageListAnswer>(app, 'GET', 'V4/member.package.list', { token })).list;
async function change(kind: string, body: Record<string, unknown>) {
  const { job_id } = await expectOk<PackageChangeAnswer>(app, 'POST', `V4/member.package.${kind}`, { token: parent, body: { plan_id: planId, ...body } });
  const job = await app.jobs.waitFor(job_id);
  assert.equal(job.state, 'complete', job.reason);
  return job;
}
const errorsOf = (answer: { code: number; data: unknown; raw: string }) => {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: FieldIssue[] }).errors;
};

describe('packages (rules §4, §8, §9)', () => {
  it('rules §4: the change waits for 00:00 (UTC+8) on the 1st of next month', () => {
    // 2026-11-30 17:00 UTC is already 1 December 01:00 in UTC+8: the next start is 1 January 00:00 UTC+8.
    assert.equal(new Date(nextBillingStart(Date.UTC(2026, 10, 30, 17))).toISOString(), '2026-12-31T16:00:00.000Z');
    assert.equal(new Date(nextBillingStart(Date.UTC(2026, 10, 30, 15))).toISOString(), '2026-11-30T16:00:00.000Z');
  });

  it('lists the plans with usage, increase packages and billing; renews and expands through jobs (10 businesses each)', async () => {
    const [before] = await list();
    assert.deepEqual([before!.meal_flag, before!.billing.method, before!.billing.pending_method, before!.editable], ['business', 'traffic', null, true]);
    await change('renew', { months: 12 });
    await change('expand', { packs: 2 });
    const [after] = await list();
    assert.ok(Date.parse(after!.expire_time) > Date.parse(before!.expire_time) + 360 * 86_400_000);
    assert.deepEqual([after!.domain_packet_kurong_nums, after!.domain_usage.total], [2, before!.domain_usage.total + 20]);
  });

  it('refuses bad quantities', async () => {
    const errors = errorsOf(await call(app, 'POST', 'V4/member.package.expand', { token: parent, body: { plan_id: planId, packs: 0 } }));
    assert.deepEqual(errors, [{ field: 'packs', key: 'common.integer-range', values: { min: 1, max: 100 } }]);
  });

  it('rules §4 / §8: a trial package cannot renew or expand', async (t) => {
    changePlanLevel(app.db, planId, 'trial');
    t.after(() => changePlanLevel(app.db, planId, 'business'));
    for (const [kind, body] of [['renew', { months: 1 }], ['expand', { packs: 1 }]] as const) {
      const [error] = errorsOf(await call(app, 'POST', `V4/member.package.${kind}`, { token: parent, body: { plan_id: planId, ...body } }));
      assert.equal(error!.key, 'plans.trial-no-increase');
    }
  });

  it('rules §4: a billing method change waits for the 1st of next month and locks billing until then', async () => {
    await change('billing', { method: 'bandwidth' });
    const [plan] = await list();
    assert.equal(plan!.billing.method, 'traffic');
    assert.equal(plan!.billing.pending_method, 'bandwidth');
    assert.equal(plan!.billing.effective_at, new Date(nextBillingStart(app.now())).toISOString());
    const [locked] = errorsOf(await call(app, 'POST', 'V4/member.package.billing', { token: parent, body: { plan_id: planId, method: 'traffic' } }));
    assert.equal(locked!.key, 'plans.billing-locked');
  });

  it('sub-accounts see the page read-only and cannot change anything', async () => {
    assert.equal((await list(viewer))[0]!.editable, false);
    assert.equal((await call(app, 'POST', 'V4/member.package.renew', { token: viewer, body: { plan_id: planId, months: 1 } })).code, PERMISSION_DENIED_CODE);
  });

  it('shell §3: domain usage is the plan info figure of V4/member.product.plan (one query), which counts a sub-account\'s reports grant only', async () => {
    for (const token of [parent, viewer]) {
      const { plans } = await expectOk<PlansAnswer>(app, 'GET', 'V4/member.product.plan', { token });
      assert.deepEqual((await list(token)).map((plan) => plan.domain_usage), plans.map((plan) => plan.domain_usage));
    }
    const [owner, limited] = [(await list(parent))[0]!.domain_usage.used, (await list(viewer))[0]!.domain_usage.used];
    assert.ok(limited < owner, `the viewer's grant covers fewer websites (${limited} of ${owner})`);
  });
});
