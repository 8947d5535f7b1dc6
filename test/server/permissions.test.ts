import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { DomainListItem, ListAnswer } from '../../core/api/endpoints/platform.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { demoGroupId, DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { permissionsFor } from '../../demo/server/platform/security/permissions.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { call, expectOk, signInChild, startServer } from './helpers.js';

describe('child permissions per group (rules §6)', () => {
  let app: FastifyInstance;
  let demoGroup: number;
  let domainIds: number[];
  before(async () => {
    ({ app } = await startServer());
    demoGroup = demoGroupId(app.db)!;
    domainIds = (app.db.prepare('SELECT id FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as { id: number }[]).map(
      (row) => row.id,
    );
  });
  after(() => app.close());

  const child = (groupId: number | null) => ({ memberId: DEMO_MEMBER_ID, groupId, accountType: 2 as const });

  function domainsVisibleTo(groupId: number | null): number[] {
    const visible = permissionsFor(app.db, child(groupId)).visible('domain');
    return scopeFor(app.db, DEMO_MEMBER_ID)
      .all<{ id: number }>('domains', { columns: 'id', where: visible.where, params: visible.params, orderBy: 'id' })
      .map((row) => row.id);
  }

  it('specified objects: the demo group manages exactly its two specified domains', () => {
    const access = permissionsFor(app.db, child(demoGroup));
    assert.deepEqual(domainsVisibleTo(demoGroup), domainIds.slice(0, 2));
    assert.equal(access.allows('domain', 'manage', domainIds[0]), true);
    assert.equal(access.allows('domain', 'read', domainIds[2]), false);
    assert.equal(access.allows('domain', 'manage', domainIds[2]), false);
  });

  it('read-only grant: the demo group may read certificates but not manage them', () => {
    const access = permissionsFor(app.db, child(demoGroup));
    assert.equal(access.can('certificate', 'read'), true);
    assert.equal(access.can('certificate', 'manage'), false);
  });

  it('a module without a grant is denied entirely: dedicated IP resource packs for the demo group', () => {
    const access = permissionsFor(app.db, child(demoGroup));
    assert.equal(access.grant('dedicated_ip'), null);
    assert.equal(access.can('dedicated_ip', 'read'), false);
    assert.equal(access.visible('dedicated_ip').where, '0');
  });

  it('in-group objects: only objects bound to the group are visible; new objects are bound when the grant says so', () => {
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: 'In group',
        grants: [{ module: 'domain', object_scope: 'group', access: 'manage', auto_bind_new: true }],
      },
      app.now(),
    );
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'group', objectIds: [domainIds[3]] });
    // A specified-object binding does not count for an in-group grant.
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: [domainIds[4]] });
    assert.deepEqual(domainsVisibleTo(groupId), [domainIds[3]]);

    permissionsFor(app.db, child(groupId)).bindCreated('domain', domainIds[5]);
    assert.deepEqual(domainsVisibleTo(groupId), [domainIds[3], domainIds[5]]);
  });

  it('all resources: every domain of the account, and no other account', () => {
    const groupId = createPermissionGroup(
      app.db,
      { memberId: DEMO_MEMBER_ID, name: 'All', grants: [{ module: 'domain', object_scope: 'all', access: 'read', auto_bind_new: false }] },
      app.now(),
    );
    assert.deepEqual(domainsVisibleTo(groupId), domainIds);
  });

  it('a child without a group has no grants; a parent may do everything', () => {
    assert.equal(permissionsFor(app.db, child(null)).can('domain', 'read'), false);
    const parent = permissionsFor(app.db, { memberId: DEMO_MEMBER_ID, groupId: null, accountType: 1 });
    assert.equal(parent.allows('dedicated_ip', 'manage', 12345), true);
    assert.equal(parent.visible('domain').where, '1');
  });

  it('rules §6: a child whose group does not grant domains is refused the domain list with PERMISSION_DENIED_CODE', async () => {
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: 'Certificates only',
        grants: [{ module: 'certificate', object_scope: 'all', access: 'manage', auto_bind_new: false }],
      },
      app.now(),
    );
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'certs', passwordHash: hashPasswordSync('Certs#2026x'), groupId }, app.now());
    const { token } = await signInChild(app, DEMO_MEMBER_ID, 'certs', 'Certs#2026x');
    const answer = await call(app, 'GET', 'V4/cloudsafe.hwws.domain.list', { token, query: { per_page: 10000 } });
    assert.equal(answer.code, PERMISSION_DENIED_CODE);
    assert.equal(answer.message, 'You do not have permission for this operation');
    assert.equal(answer.data, null);
  });

  it('the demo child, through the route, sees its two domains only', async () => {
    const { token } = await signInChild(app);
    const list = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', { token });
    assert.deepEqual(
      list.list.map((item) => item.domain_id),
      domainIds.slice(0, 2),
    );
  });
});
