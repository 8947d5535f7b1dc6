/**
 * Tenant isolation (DESIGN §4: one account never reads or writes another's data). Account A is the demo seed with
 * data in every area; account B is added by the test. Every GET route is swept with B's parent and child sessions
 * and A's ids in every common parameter; every mutation is swept the same way and A's rows must not change. The
 * sweeps enumerate the registered routes, so routes added by later areas are covered without editing this file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, SESSION_EXPIRED_CODE } from '../../core/api/catalogue.js';
import type { DomainListItem, JobInfo, ListAnswer } from '../../core/api/endpoints/platform.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../demo/server/platform/demo-accounts.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import {
  accountSnapshot,
  addSecondTenant,
  call,
  expectOk,
  registeredRoutes,
  TICKET_ROUTES,
  signInChild,
  signInParent,
  startServer,
  type SecondTenant,
} from './helpers.js';

/** Tables that hold no account data: the tenant root, bookkeeping, deployment settings, sign-in failure counts. */
const SHARED_TABLES = ['members', 'oem_config', 'schema_migrations', 'seed_runs', 'sign_in_failures', 'sqlite_sequence'];
/**
 * Full-text indexes over an account table (`domains_search` and FTS5's shadow tables `domains_search_*`): they hold
 * the base table's row ids and are only read as `id IN (SELECT rowid ...)` next to the base table's own member_id.
 */
const SEARCH_INDEX = /^(domains)_search(_[a-z]+)?$/;

describe('tenant isolation (DESIGN §4)', () => {
  let app: FastifyInstance;
  let other: SecondTenant;
  let tokensA: { parent: string; child: string };
  let tokensB: { parent: string; child: string };
  let jobA: JobInfo;
  let release: () => void = () => undefined;
  const markersA = [...DEMO_DOMAINS, DEMO_PARENT_EMAIL, 'operator@example.com', String(DEMO_MEMBER_ID), 'tenant-a-secret', 'Pacific/Chatham'];

  before(async () => {
    ({ app } = await startServer());
    // A job of A that stays in progress (its step waits), so its row cannot change while the sweeps run.
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.jobs.register<{ secret: string }, number>('test.hold', {
      prepare: () => 0,
      step: async ({ state }) => {
        await gate;
        return { done: false, state: state + 1, progress: 10 };
      },
    });
    tokensA = { parent: (await signInParent(app)).token, child: (await signInChild(app)).token };
    await expectOk(app, 'POST', 'sso/V4/timezone', { token: tokensA.parent, body: { timezone: 'Pacific/Chatham' } });
    const { memberId, userId } = { memberId: DEMO_MEMBER_ID, userId: 1 };
    jobA = app.jobs.enqueue({ memberId, userId, operator: DEMO_PARENT_EMAIL, type: 'test.hold', params: { secret: 'tenant-a-secret' } });
    while ((app.jobs.get(memberId, jobA.id) as JobInfo).state !== 'in_progress') await new Promise((r) => setImmediate(r));

    other = addSecondTenant(app);
    await signInB();
  });
  /** Signs B in again; the sweeps call the logout routes too, which end B's sessions. */
  async function signInB(): Promise<void> {
    tokensB = {
      parent: (await signInParent(app, other.email, other.password)).token,
      child: (await signInChild(app, other.memberId, other.childName, other.childPassword)).token,
    };
  }
  after(async () => {
    release();
    await app.close();
  });

  it('every table except the shared ones has a member_id column, so every row belongs to an account', () => {
    const tables = app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      if (SHARED_TABLES.includes(name) || SEARCH_INDEX.test(name)) continue;
      const columns = app.db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[];
      assert.ok(
        columns.some((column) => column.name === 'member_id'),
        `table ${name} has no member_id: add it, or list it as shared with a reason`,
      );
    }
  });

  it('B sees its own domains and none of A', async () => {
    const list = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', {
      token: tokensB.parent,
      query: { per_page: 10000 },
    });
    assert.deepEqual(
      list.list.map((item) => item.domain_id),
      other.domainIds,
    );
  });

  it('every GET route answers B without any of A data, even when given A ids', async () => {
    const domainA = (app.db.prepare('SELECT id FROM domains WHERE member_id = ? LIMIT 1').get(DEMO_MEMBER_ID) as { id: number }).id;
    const query = { per_page: 10000, id: jobA.id, domain_id: domainA, object_id: jobA.id, user_id: 1, member_id: DEMO_MEMBER_ID };
    const routes = registeredRoutes(app).filter((route) => route.method === 'GET' && route.path.startsWith('/api/') && !TICKET_ROUTES.includes(route.path));
    assert.ok(routes.length >= 15);
    for (const route of routes) {
      for (const role of ['parent', 'child'] as const) {
        const answer = await call(app, 'GET', route.path.slice('/api/'.length), { token: tokensB[role], query });
        assert.equal(answer.httpStatus, 200, `${route.path}: ${answer.raw}`);
        assert.notEqual(answer.code, SESSION_EXPIRED_CODE, `${route.path} ran without B's session`);
        for (const marker of markersA) assert.ok(!answer.raw.includes(marker), `${route.path} leaked "${marker}" to B: ${answer.raw}`);
      }
      if (/logout/i.test(route.path)) await signInB();
    }
  });

  it('every mutation by B, aimed at A ids, leaves every row of A unchanged', async () => {
    const before = accountSnapshot(app, DEMO_MEMBER_ID);
    const domainA = (app.db.prepare('SELECT id FROM domains WHERE member_id = ? LIMIT 1').get(DEMO_MEMBER_ID) as { id: number }).id;
    const body = { id: jobA.id, ids: [jobA.id, domainA], domain_id: domainA, member_id: DEMO_MEMBER_ID, timezone: 'Europe/Berlin' };
    const routes = registeredRoutes(app).filter(
      (route) => route.method !== 'GET' && route.path.startsWith('/api/') && !route.path.endsWith('/login'),
    );
    assert.ok(routes.length >= 2);
    for (const route of routes) {
      for (const role of ['parent', 'child'] as const) {
        const answer = await call(app, route.method as 'POST', route.path.slice('/api/'.length), {
          token: tokensB[role],
          body,
          query: { id: jobA.id },
        });
        assert.notEqual(answer.code, SESSION_EXPIRED_CODE, `${route.path} ran without B's session`);
      }
    }
    assert.equal(accountSnapshot(app, DEMO_MEMBER_ID), before);
  });

  it('B cannot read or cancel A job by id (NOT_FOUND_CODE, as if it did not exist)', async () => {
    const read = await call(app, 'GET', 'V4/job.task.get', { token: tokensB.parent, query: { id: jobA.id } });
    assert.equal(read.code, NOT_FOUND_CODE);
    const cancel = await call(app, 'POST', 'V4/job.task.cancel', { token: tokensB.parent, body: { id: jobA.id } });
    assert.equal(cancel.code, NOT_FOUND_CODE);
    assert.equal(app.jobs.get(DEMO_MEMBER_ID, jobA.id)?.state, 'in_progress');
    assert.equal(app.jobs.get(other.memberId, jobA.id), undefined);
  });

  it('an Idempotency-Key A used is a fresh key for B (answers are never replayed across accounts)', async () => {
    const key = 'shared-key-123';
    const first = await call(app, 'POST', 'sso/V4/timezone', { token: tokensA.parent, body: { timezone: 'Pacific/Chatham' }, idempotencyKey: key });
    assert.equal(first.code, 1);
    const second = await call<{ timezone: string }>(app, 'POST', 'sso/V4/timezone', {
      token: tokensB.parent,
      body: { timezone: 'Europe/Berlin' },
      idempotencyKey: key,
    });
    assert.equal(second.code, 1);
    assert.equal(second.headers['idempotent-replayed'], undefined);
    assert.deepEqual(second.data, { timezone: 'Europe/Berlin' });
  });

  it('the scope helper refuses tables without member_id and the reserved @member_id parameter', async () => {
    const { scopeFor } = await import('../../demo/server/platform/security/scope.js');
    const scope = scopeFor(app.db, other.memberId);
    assert.throws(() => scope.all('members'), /no member_id/);
    assert.throws(() => scope.all('domains; DROP TABLE users'), /Invalid table/);
    assert.throws(() => scope.all('domains', { where: 'member_id = @member_id', params: { member_id: DEMO_MEMBER_ID } }), /reserved/);
    assert.throws(() => scope.insert('domains', { member_id: DEMO_MEMBER_ID, domain: 'x.example', created_at: 0 }), /set by the scope/);
    const id = scope.insert('domains', { domain: 'scoped.example', created_at: 0 });
    assert.equal(scope.count('domains', { where: 'id = @id', params: { id } }), 1);
    assert.equal(scopeFor(app.db, DEMO_MEMBER_ID).count('domains', { where: 'id = @id', params: { id } }), 0);
    assert.equal(scopeFor(app.db, DEMO_MEMBER_ID).remove('domains', 'id = @id', { id }), 0);
    assert.equal(scope.remove('domains', 'id = @id', { id }), 1);
  });
});
