/**
 * Access management (issue 26): sub-accounts (rules §3, §4, §5 Accounts and groups), groups with per-module grants
 * (rules §6) and the group maximum (rules §8 "The number of subordinate groups has reached the maximum"), the
 * operation log's diff of every change, and the permission simulator answered by permissions.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, PERMISSION_DENIED_CODE, SESSION_EXPIRED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { AccessOverview, GroupListAnswer, PermissionGroup, SimulationAnswer, SubAccount } from '../../core/api/endpoints/access.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import type { WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { MAX_PERMISSION_GROUPS } from '../../core/rules/access.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const PASSWORD = 'Access#2026';

describe('access management (issue 26)', () => {
  let app: FastifyInstance;
  let token: string;
  let websites: WebsiteInfo[];

  before(async () => {
    ({ app } = await startServer());
    token = (await signInParent(app)).token;
    websites = (await expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token, query: { per_page: 100 } })).list;
  });
  after(() => app.close());

  const group = (name: string, grants: unknown[] = []) => expectOk<PermissionGroup>(app, 'POST', 'V4/access.group.create', { token, body: { name, grants } });
  const lastLog = async () => (await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'access' } })).list[0]!;

  it('rules §5: sub-account form checks name, password rules, the repeated password, mail format and the group', async () => {
    const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.subaccount.create', {
      token,
      body: { name: '', password: 'short', confirm_password: 'other', email: 'not-mail', group_id: null },
    });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    const keys = Object.fromEntries(answer.data.errors.map((found) => [found.field, found.key]));
    assert.deepEqual(keys, {
      name: 'accounts.name-required',
      password: 'accounts.password-length',
      confirm_password: 'accounts.passwords-inconsistent',
      email: 'accounts.email-invalid',
      group_id: 'accounts.group-required',
    });
    const long = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.subaccount.create', {
      token,
      body: { name: 'x'.repeat(41), password: 'abcdefgh', confirm_password: 'abcdefgh', group_id: 1 },
    });
    assert.deepEqual(long.data.errors.map((found) => found.key), ['common.too-long', 'accounts.password-classes']);
  });

  it('creates, edits, disables (ending the session), resets and deletes a sub-account, each in the log with its diff', async () => {
    const site = websites[0]!;
    const readers = await group('Readers', [{ module: 'domain', object_scope: 'specified', access: 'read', object_ids: [site.id] }]);
    const created = await expectOk<SubAccount>(app, 'POST', 'V4/access.subaccount.create', {
      token,
      body: { name: 'reader-1', password: PASSWORD, confirm_password: PASSWORD, email: 'reader@example.com', remark: 'r', group_id: readers.id },
    });
    assert.equal(created.group_name, 'Readers');
    assert.equal(created.status, 'enabled');
    let entry = await lastLog();
    assert.equal(entry.action, 'create');
    assert.equal(entry.object_label, 'reader-1');

    const duplicate = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.subaccount.create', {
      token,
      body: { name: 'READER-1', password: PASSWORD, confirm_password: PASSWORD, group_id: readers.id },
    });
    assert.deepEqual(duplicate.data.errors, [{ field: 'name', key: 'accounts.name-taken' }]);

    const child = await signInChild(app, DEMO_MEMBER_ID, 'reader-1', PASSWORD);
    const seen = await expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token: child.token });
    assert.deepEqual(seen.list.map((row) => row.id), [site.id]);

    await expectOk(app, 'POST', 'V4/access.subaccount.update', { token, body: { id: created.id, name: 'reader-one', email: 'reader@example.com', remark: 'r2', group_id: readers.id } });
    entry = await lastLog();
    assert.equal(entry.action, 'update');
    assert.deepEqual([(entry.before as { name: string }).name, (entry.after as { name: string }).name], ['reader-1', 'reader-one']);

    const disabled = await expectOk<SubAccount>(app, 'POST', 'V4/access.subaccount.status', { token, body: { id: created.id, status: 'disabled' } });
    assert.equal(disabled.status, 'disabled');
    entry = await lastLog();
    assert.deepEqual([entry.action, entry.before, entry.after], ['disable', { status: 'enabled' }, { status: 'disabled' }]);
    assert.equal((await call(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token: child.token })).code, SESSION_EXPIRED_CODE);
    assert.notEqual((await call(app, 'POST', 'sso/V4/subuser/login', { body: { member_id: DEMO_MEMBER_ID, user_name: 'reader-one', password: PASSWORD } })).code, 1);

    await expectOk(app, 'POST', 'V4/access.subaccount.status', { token, body: { id: created.id, status: 'enabled' } });
    const mismatch = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.subaccount.password', { token, body: { id: created.id, password: 'New#Pass2026', confirm_password: 'New#Pass2027' } });
    assert.deepEqual(mismatch.data.errors, [{ field: 'confirm_password', key: 'accounts.passwords-inconsistent' }]);
    await expectOk(app, 'POST', 'V4/access.subaccount.password', { token, body: { id: created.id, password: 'New#Pass2026', confirm_password: 'New#Pass2026' } });
    entry = await lastLog();
    assert.equal(entry.action, 'reset-password');
    assert.equal(JSON.stringify(entry).includes('New#Pass2026'), false);
    await signInChild(app, DEMO_MEMBER_ID, 'reader-one', 'New#Pass2026');

    const busy = await call(app, 'POST', 'V4/access.group.delete', { token, body: { id: readers.id } });
    assert.equal(busy.code, CONFLICT_CODE);
    await expectOk(app, 'POST', 'V4/access.subaccount.delete', { token, body: { id: created.id } });
    assert.equal((await lastLog()).action, 'delete');
    await expectOk(app, 'POST', 'V4/access.group.delete', { token, body: { id: readers.id } });
  });

  it('rules §6: a group grants per module all resources, in-group or specified objects; widening the grant lets the child edit', async () => {
    const site = websites[1]!;
    const editors = await group('Editors', [
      { module: 'domain', object_scope: 'specified', access: 'read', object_ids: [site.id] },
      { module: 'dns', object_scope: 'all', access: 'read', object_ids: [5] },
    ]);
    assert.deepEqual(editors.grants.find((grant) => grant.module === 'dns')!.object_ids, [], 'all resources keep no objects');
    const user = await expectOk<SubAccount>(app, 'POST', 'V4/access.subaccount.create', {
      token,
      body: { name: 'editor-1', password: PASSWORD, confirm_password: PASSWORD, group_id: editors.id },
    });
    const simulate = (access: 'read' | 'manage', objectId?: number) =>
      expectOk<SimulationAnswer>(app, 'POST', 'V4/access.simulate', { token, body: { user_id: user.id, module: 'domain', access, object_id: objectId ?? null } });
    assert.deepEqual(await simulate('read', site.id).then((a) => [a.allowed, a.reason]), [true, 'object-granted']);
    assert.deepEqual(await simulate('read', websites[0]!.id).then((a) => [a.allowed, a.reason]), [false, 'object-not-granted']);
    assert.deepEqual(await simulate('manage', site.id).then((a) => [a.allowed, a.reason]), [false, 'read-only']);
    const certificate = await expectOk<SimulationAnswer>(app, 'POST', 'V4/access.simulate', { token, body: { user_id: user.id, module: 'certificate', access: 'read' } });
    assert.deepEqual([certificate.allowed, certificate.reason], [false, 'no-grant']);

    const updated = await expectOk<PermissionGroup>(app, 'POST', 'V4/access.group.update', {
      token,
      body: { id: editors.id, name: 'Editors', grants: [{ module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: true, object_ids: [site.id] }] },
    });
    assert.deepEqual(updated.grants.map((grant) => [grant.module, grant.access, grant.auto_bind_new]), [['domain', 'manage', true]]);
    const entry = await lastLog();
    assert.equal(entry.action, 'update');
    assert.equal((entry.before as { grants: { access: string }[] }).grants[0]!.access, 'read');
    assert.equal((entry.after as { grants: { access: string }[] }).grants[0]!.access, 'manage');
    assert.deepEqual(await simulate('manage', site.id).then((a) => [a.allowed, a.reason]), [true, 'object-granted']);

    // Saving the same group again changes nothing and logs nothing.
    const before = (await lastLog()).id;
    await expectOk(app, 'POST', 'V4/access.group.update', {
      token,
      body: { id: editors.id, name: 'Editors', grants: [{ module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: true, object_ids: [site.id] }] },
    });
    assert.equal((await lastLog()).id, before);
  });

  it('rules §5, §6: a specified grant needs objects, and only objects of the account', async () => {
    const empty = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.group.create', {
      token,
      body: { name: 'Nothing', grants: [{ module: 'certificate', object_scope: 'specified', access: 'read', object_ids: [] }] },
    });
    assert.deepEqual(empty.data.errors, [{ field: 'grants.certificate', key: 'accounts.objects-required' }]);
    const foreign = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.group.create', {
      token,
      body: { name: 'Foreign', grants: [{ module: 'domain', object_scope: 'specified', access: 'read', object_ids: [999_999] }] },
    });
    assert.deepEqual(foreign.data.errors, [{ field: 'grants.domain', key: 'common.format-error' }]);
    const blank = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/access.group.create', { token, body: { name: ' ', grants: [] } });
    assert.deepEqual(blank.data.errors, [{ field: 'name', key: 'accounts.group-name-required' }]);
  });

  it('rules §8: past the maximum number of groups the spec message answers', async () => {
    const list = await expectOk<GroupListAnswer>(app, 'GET', 'V4/access.group.list', { token, query: { per_page: 100 } });
    assert.equal(list.max, MAX_PERMISSION_GROUPS);
    for (let i = list.total; i < MAX_PERMISSION_GROUPS; i++) await group(`Filler ${i}`);
    const refused = await call(app, 'POST', 'V4/access.group.create', { token, body: { name: 'One too many', grants: [] } });
    assert.equal(refused.code, CONFLICT_CODE);
    assert.equal(refused.message, 'The number of subordinate groups has reached the maximum');
  });

  it('the overview counts sub-accounts, groups and keys and shows recent sign-ins', async () => {
    const overview = await expectOk<AccessOverview>(app, 'GET', 'V4/access.overview', { token });
    assert.equal(overview.groups, MAX_PERMISSION_GROUPS);
    assert.ok(overview.sub_accounts >= 2);
    assert.ok(overview.recent_sign_ins.some((row) => row.name === 'editor-1') === false);
    assert.equal(typeof overview.security.login_minutes, 'number');
  });

  it('shell §6: a sub-account cannot reach access management, whatever its grants', async () => {
    const child = await signInChild(app);
    for (const [method, path] of [['GET', 'V4/access.overview'], ['GET', 'V4/access.subaccount.list'], ['GET', 'V4/access.key.list'], ['POST', 'V4/access.key.create']] as const) {
      assert.equal((await call(app, method, path, { token: child.token, body: method === 'POST' ? {} : undefined })).code, PERMISSION_DENIED_CODE, path);
    }
  });
});
