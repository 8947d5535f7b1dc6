/**
 * Shell §6 work orders: the notice for users outside the online edition opens a ticket stored by the reference
 * server. Validation with core/rules/work-orders.ts, list/detail/close, a sub-account reaches only its own tickets,
 * every change in the operation log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { WorkOrder } from '../../core/api/endpoints/work-orders.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let viewer: string;
const ticket = { title: 'Need ban mode', category: 'plan', description: 'Please enable the ban protection mode.', contact: 'ops@example.com', feature: 'waf_mode' };

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
});
after(async () => app.close());

describe('shell §6 work orders', () => {
  it('refuses a bad ticket field by field, with the same keys the form shows', async () => {
    const answer = await call(app, 'POST', 'V4/workorder.ticket.create', { token: parent, body: { title: 'ab', category: 'nope', description: ' ', contact: 'not a contact', feature: 'flying' } });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(
      (answer.data as { errors: FieldIssue[] }).errors.map((entry) => `${entry.field} ${entry.key}`),
      ['title common.length-range', 'category common.required', 'description common.required', 'contact plans.contact-format', 'feature common.format-error'],
    );
  });

  it('creates a ticket (open, the refused feature kept), lists it newest first, shows and closes it, logging both', async () => {
    const created = await expectOk<WorkOrder>(app, 'POST', 'V4/workorder.ticket.create', { token: parent, body: ticket });
    assert.deepEqual([created.status, created.feature, created.category, created.answer], ['open', 'waf_mode', 'plan', '']);
    const second = await expectOk<WorkOrder>(app, 'POST', 'V4/workorder.ticket.create', { token: parent, body: { ...ticket, title: 'Second one', feature: null, contact: '+86 138-0000-0000' } });
    const list = await expectOk<ListAnswer<WorkOrder>>(app, 'GET', 'V4/workorder.ticket.list', { token: parent, query: { page: 1, per_page: 10 } });
    assert.deepEqual(list.list.map((row) => row.id), [second.id, created.id]);
    assert.equal(list.total, 2);
    assert.equal((await expectOk<WorkOrder>(app, 'GET', 'V4/workorder.ticket.get', { token: parent, query: { id: created.id } })).title, 'Need ban mode');
    assert.equal((await expectOk<WorkOrder>(app, 'POST', 'V4/workorder.ticket.close', { token: parent, body: { id: created.id } })).status, 'closed');
    const open = await expectOk<ListAnswer<WorkOrder>>(app, 'GET', 'V4/workorder.ticket.list', { token: parent, query: { status: 'open' } });
    assert.deepEqual(open.list.map((row) => row.id), [second.id]);
    const logged = app.db.prepare("SELECT action FROM operation_log WHERE area = 'work-order' ORDER BY id").all() as { action: string }[];
    assert.deepEqual(logged.map((row) => row.action), ['create', 'create', 'close']);
  });

  it('a sub-account sees and closes only its own tickets', async () => {
    const own = await expectOk<WorkOrder>(app, 'POST', 'V4/workorder.ticket.create', { token: viewer, body: { ...ticket, title: 'From the viewer' } });
    const list = await expectOk<ListAnswer<WorkOrder>>(app, 'GET', 'V4/workorder.ticket.list', { token: viewer });
    assert.deepEqual(list.list.map((row) => row.id), [own.id]);
    const parentTicket = (await expectOk<ListAnswer<WorkOrder>>(app, 'GET', 'V4/workorder.ticket.list', { token: parent })).list.find((row) => row.id !== own.id)!;
    assert.equal((await call(app, 'GET', 'V4/workorder.ticket.get', { token: viewer, query: { id: parentTicket.id } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'POST', 'V4/workorder.ticket.close', { token: viewer, body: { id: parentTicket.id } })).code, NOT_FOUND_CODE);
  });
});
