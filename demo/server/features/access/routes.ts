/**
 * Access management (issue 26): overview, sub-accounts, permission groups and the permission simulator. Access keys
 * are in key-routes.ts.
 *
 * Only a main account manages access, and only while its access management is switched on (shell §4: the menu entry
 * is gated by `subacl`; the server keeps the same gate so the menu is not the only guard). A sub-account gets
 * PERMISSION_DENIED_CODE on every call here, whatever its grants: no module grant reaches the permission model itself.
 * Every change is written to the operation log (area `access`) with its before and after.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { AccessOverview, GroupListAnswer, SimulationAnswer, SimulationReason } from '../../../../core/api/endpoints/access.js';
import { PARENT_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { PERMISSION_MODULES, type ModuleAccess, type PermissionModule } from '../../../../core/api/endpoints/platform.js';
import { MAX_PERMISSION_GROUPS, validateGroupCount } from '../../../../core/rules/access.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';
import { recordOperation, writeIfChanged } from '../../platform/oplog.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { permissionsFor } from '../../platform/security/permissions.js';
import { scope, type Scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { readGroupBody, readPasswordReset, readStatus, readSubAccount, type GroupFields } from './payloads.js';
import {
  findSubAccount,
  grantableObjects,
  loadGroup,
  loadGroups,
  SUB_ACCOUNT_COLUMNS,
  subAccountLogView,
  toSubAccount,
  unknownObjects,
  writeGrants,
  type SubAccountRow,
} from './store.js';

/** The operation log's area for everything here. */
export const ACCESS_AREA = 'access';

/** True for a main account whose access management is on; otherwise answers PERMISSION_DENIED_CODE. */
export function requireAccessManager(request: FastifyRequest, reply: FastifyReply): boolean {
  const session = requireSession(request);
  const switchedOn =
    session.accountType === PARENT_ACCOUNT_TYPE &&
    prepare(request.server.db, `SELECT 1 FROM member_console_info WHERE member_id = ? AND subacl_status = 'on'`).get(session.memberId) !== undefined;
  if (switchedOn) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

const idIssue = (field = 'id') => onField(field, issue('common.positive-integer'));

/** Ends every session of a user: a disabled or re-passworded sub-account is signed out at its next call. */
function endSessions(request: FastifyRequest, userId: number): void {
  const tenant = scope(request);
  tenant.update('sessions', { revoked_at: request.server.now() }, 'user_id = @user AND revoked_at IS NULL', { user: userId });
}

function nameTaken(tenant: Scope, name: string, except = 0): boolean {
  return tenant.get('users', { columns: 'id', where: 'account_type = 2 AND user_name = @name COLLATE NOCASE AND id <> @except', params: { name, except } }) !== undefined;
}

function groupNameTaken(tenant: Scope, name: string, except = 0): boolean {
  return tenant.get('permission_groups', { columns: 'id', where: 'name = @name COLLATE NOCASE AND id <> @except', params: { name, except } }) !== undefined;
}

function groupExists(tenant: Scope, id: number): boolean {
  return tenant.get('permission_groups', { columns: 'id', where: 'id = @id', params: { id } }) !== undefined;
}

/** Issues for granted objects that are not the account's own (an id from another account is never bound). */
function objectIssues(tenant: Scope, group: GroupFields) {
  return group.grants.flatMap((grant) =>
    unknownObjects(tenant, grant.module, grant.object_ids).length > 0 ? onField(`grants.${grant.module}`, issue('common.format-error')) : [],
  );
}

/** Registers the routes (under /api). */
export async function accessRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/access.overview', async (request, reply) => {
    if (!requireAccessManager(request, reply)) return reply;
    const session = requireSession(request);
    const tenant = scope(request);
    const owner = tenant.get<{ email: string; bind_email: string; login_minutes: number; last_login_at: number | null }>('users', {
      columns: 'email, bind_email, login_minutes, last_login_at',
      where: 'id = @id',
      params: { id: session.userId },
    })!;
    const recent = tenant.all<{ id: number; user_name: string; last_login_at: number }>('users', {
      columns: 'id, user_name, last_login_at',
      where: 'account_type = 2 AND last_login_at IS NOT NULL',
      orderBy: 'last_login_at DESC, id',
      limit: 5,
    });
    const answer: AccessOverview = {
      sub_accounts: tenant.count('users', { where: 'account_type = 2' }),
      groups: tenant.count('permission_groups'),
      access_keys: tenant.count('access_keys'),
      recent_sign_ins: recent.map((row) => ({ user_id: row.id, name: row.user_name, at: isoTime(row.last_login_at) })),
      security: {
        email: owner.email,
        email_bound: owner.bind_email !== '',
        login_minutes: owner.login_minutes,
        last_login_at: isoTime(owner.last_login_at),
        enabled_keys: tenant.count('access_keys', { where: `status = 'enabled'` }),
      },
    };
    return ok(reply, answer);
  });

  // ── Sub-accounts ─────────────────────────────────────────────────────────────────────────────────────────────────

  api.get('/V4/access.subaccount.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    const query = asRecord(request.query);
    const groupFilter = query.group_id === undefined || query.group_id === '' ? null : positiveId(query.group_id);
    if (!validated(reply, [...issues, ...(query.group_id !== undefined && query.group_id !== '' && groupFilter === null ? idIssue('group_id') : [])])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const search = String(query.search ?? '').trim().toLowerCase();
    const where = ['account_type = 2'];
    if (search) where.push('(instr(lower(user_name), @search) > 0 OR instr(lower(email), @search) > 0 OR instr(lower(remark), @search) > 0)');
    if (groupFilter !== null) where.push('group_id = @group');
    const rows = scope(request).page<SubAccountRow>('users', page, {
      columns: SUB_ACCOUNT_COLUMNS,
      where: where.join(' AND '),
      params: { search, group: groupFilter },
      orderBy: 'created_at DESC, id DESC',
    });
    return ok(reply, { list: rows.list.map(toSubAccount), total: rows.total });
  });

  api.post('/V4/access.subaccount.create', async (request, reply) => {
    const { value, issues } = readSubAccount(request.body, true);
    if (!validated(reply, issues)) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const found = [
      ...onField('name', nameTaken(tenant, value.name) ? issue('accounts.name-taken') : null),
      ...(groupExists(tenant, value.groupId!) ? [] : onField('group_id', issue('accounts.group-required'))),
    ];
    if (!validated(reply, found)) return reply;
    const passwordHash = await hashPassword(value.password!);
    const now = api.now();
    const id = api.db.transaction(() => {
      const created = tenant.insert('users', {
        account_type: 2,
        email: value.email,
        bind_email: value.email,
        user_name: value.name,
        name: value.name,
        password_hash: passwordHash,
        group_id: value.groupId,
        remark: value.remark,
        created_at: now,
      });
      recordOperation(request, { area: ACCESS_AREA, action: 'create', objectId: created, objectLabel: value.name, after: subAccountLogView(findSubAccount(tenant, created)!) });
      return created;
    })();
    return ok(reply, toSubAccount(findSubAccount(tenant, id)!));
  });

  api.post('/V4/access.subaccount.update', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    const { value, issues } = readSubAccount(request.body, false);
    if (!validated(reply, [...(id === null ? idIssue() : []), ...issues])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findSubAccount(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const found = [
      ...onField('name', nameTaken(tenant, value.name, row.id) ? issue('accounts.name-taken') : null),
      ...(groupExists(tenant, value.groupId!) ? [] : onField('group_id', issue('accounts.group-required'))),
    ];
    if (!validated(reply, found)) return reply;
    const groupName = loadGroup(tenant, value.groupId!)!.name;
    const after = { ...subAccountLogView(row), name: value.name, email: value.email, remark: value.remark, group_id: value.groupId, group_name: groupName };
    writeIfChanged(request, { area: ACCESS_AREA, action: 'update', objectId: row.id, objectLabel: value.name, before: subAccountLogView(row), after }, () => {
      tenant.update('users', { user_name: value.name, name: value.name, email: value.email, bind_email: value.email, remark: value.remark, group_id: value.groupId }, 'id = @id', { id: row.id });
    });
    return ok(reply, toSubAccount(findSubAccount(tenant, row.id)!));
  });

  api.post('/V4/access.subaccount.status', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    const { status, issues } = readStatus(request.body);
    if (!validated(reply, [...(id === null ? idIssue() : []), ...issues])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findSubAccount(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    writeIfChanged(
      request,
      { area: ACCESS_AREA, action: status === 'enabled' ? 'enable' : 'disable', objectId: row.id, objectLabel: row.user_name, before: { status: row.status }, after: { status } },
      () => {
        tenant.update('users', { status }, 'id = @id', { id: row.id });
        if (status === 'disabled') endSessions(request, row.id);
      },
    );
    return ok(reply, toSubAccount(findSubAccount(tenant, row.id)!));
  });

  api.post('/V4/access.subaccount.password', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    const { password, issues } = readPasswordReset(request.body);
    if (!validated(reply, [...(id === null ? idIssue() : []), ...issues])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findSubAccount(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const passwordHash = await hashPassword(password);
    api.db.transaction(() => {
      tenant.update('users', { password_hash: passwordHash }, 'id = @id', { id: row.id });
      endSessions(request, row.id);
      // The log says that the password changed, never what to: before and after are both withheld.
      recordOperation(request, { area: ACCESS_AREA, action: 'reset-password', objectId: row.id, objectLabel: row.user_name });
    })();
    return ok(reply, null);
  });

  api.post('/V4/access.subaccount.delete', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    if (!validated(reply, id === null ? idIssue() : [])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findSubAccount(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      // Sessions and access keys go with the user (ON DELETE CASCADE); its log entries and jobs keep its name.
      tenant.remove('users', 'account_type = 2 AND id = @id', { id: row.id });
      recordOperation(request, { area: ACCESS_AREA, action: 'delete', objectId: row.id, objectLabel: row.user_name, before: subAccountLogView(row) });
    })();
    return ok(reply, null);
  });

  // ── Groups ───────────────────────────────────────────────────────────────────────────────────────────────────────

  api.get('/V4/access.group.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const search = String(asRecord(request.query).search ?? '').trim().toLowerCase();
    const groups = loadGroups(scope(request), search);
    const answer: GroupListAnswer = { list: groups.slice(page.offset, page.offset + page.perPage), total: groups.length, max: MAX_PERMISSION_GROUPS };
    return ok(reply, answer);
  });

  api.get('/V4/access.group.get', async (request, reply) => {
    const id = positiveId(asRecord(request.query).id);
    if (!validated(reply, id === null ? idIssue() : [])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const group = loadGroup(scope(request), id!);
    return group ? ok(reply, group) : fail(reply, NOT_FOUND_CODE);
  });

  api.post('/V4/access.group.create', async (request, reply) => {
    const { value, issues } = readGroupBody(request.body);
    if (!validated(reply, issues)) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    if (validateGroupCount(tenant.count('permission_groups')) !== null) return fail(reply, CONFLICT_CODE, { key: 'groups-max' });
    const found = [...onField('name', groupNameTaken(tenant, value.name) ? issue('accounts.group-name-taken') : null), ...objectIssues(tenant, value)];
    if (!validated(reply, found)) return reply;
    const id = api.db.transaction(() => {
      const created = tenant.insert('permission_groups', { name: value.name, remark: value.remark, created_at: api.now() });
      writeGrants(tenant, created, value.grants);
      recordOperation(request, { area: ACCESS_AREA, action: 'create', objectId: created, objectLabel: value.name, after: value });
      return created;
    })();
    return ok(reply, loadGroup(tenant, id));
  });

  api.post('/V4/access.group.update', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    const { value, issues } = readGroupBody(request.body);
    if (!validated(reply, [...(id === null ? idIssue() : []), ...issues])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const group = loadGroup(tenant, id!);
    if (!group) return fail(reply, NOT_FOUND_CODE);
    const found = [...onField('name', groupNameTaken(tenant, value.name, group.id) ? issue('accounts.group-name-taken') : null), ...objectIssues(tenant, value)];
    if (!validated(reply, found)) return reply;
    const before: GroupFields = { name: group.name, remark: group.remark, grants: group.grants };
    const byModule = (fields: GroupFields) => ({ ...fields, grants: [...fields.grants].sort((a, b) => a.module.localeCompare(b.module)).map((grant) => ({ ...grant, object_ids: [...grant.object_ids].sort((a, b) => a - b) })) });
    writeIfChanged(request, { area: ACCESS_AREA, action: 'update', objectId: group.id, objectLabel: value.name, before: byModule(before), after: byModule(value) }, () => {
      tenant.update('permission_groups', { name: value.name, remark: value.remark }, 'id = @id', { id: group.id });
      writeGrants(tenant, group.id, value.grants);
    });
    return ok(reply, loadGroup(tenant, group.id));
  });

  api.post('/V4/access.group.delete', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    if (!validated(reply, id === null ? idIssue() : [])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const group = loadGroup(tenant, id!);
    if (!group) return fail(reply, NOT_FOUND_CODE);
    // Rules §3: a sub-account belongs to exactly one group, so a group still holding some cannot go.
    if (group.sub_account_count > 0) return fail(reply, CONFLICT_CODE, { key: 'group-has-accounts', values: { count: group.sub_account_count } });
    api.db.transaction(() => {
      tenant.remove('permission_groups', 'id = @id', { id: group.id });
      recordOperation(request, { area: ACCESS_AREA, action: 'delete', objectId: group.id, objectLabel: group.name, before: { name: group.name, remark: group.remark, grants: group.grants } });
    })();
    return ok(reply, null);
  });

  api.get('/V4/access.object.list', async (request, reply) => {
    const module = asRecord(request.query).module as PermissionModule;
    if (!validated(reply, PERMISSION_MODULES.includes(module) ? [] : onField('module', issue('common.format-error')))) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const list = grantableObjects(scope(request), module);
    return ok(reply, { list, total: list.length });
  });

  // ── Permission simulator ─────────────────────────────────────────────────────────────────────────────────────────

  api.post('/V4/access.simulate', async (request, reply) => {
    const body = asRecord(request.body);
    const userId = positiveId(body.user_id);
    const module = body.module as PermissionModule;
    const access = body.access as ModuleAccess;
    const objectGiven = body.object_id !== undefined && body.object_id !== null && body.object_id !== '';
    const objectId = objectGiven ? positiveId(body.object_id) : null;
    const issues = [
      ...(userId === null ? idIssue('user_id') : []),
      ...onField('module', PERMISSION_MODULES.includes(module) ? null : issue('common.format-error')),
      ...onField('access', access === 'read' || access === 'manage' ? null : issue('common.format-error')),
      ...(objectGiven && objectId === null ? idIssue('object_id') : []),
    ];
    if (!validated(reply, issues)) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const user = findSubAccount(tenant, userId!);
    if (!user) return fail(reply, NOT_FOUND_CODE);
    // The answer comes from the very code every route asks (permissions.ts), run for the sub-account.
    const caller = permissionsFor(api.db, { memberId: tenant.memberId, groupId: user.group_id, accountType: 2 });
    const grant = caller.grant(module);
    const allowed = user.status === 'enabled' && caller.allows(module, access, objectId ?? undefined);
    const reason: SimulationReason =
      user.status !== 'enabled'
        ? 'account-disabled'
        : user.group_id === null
          ? 'no-group'
          : !grant
            ? 'no-grant'
            : access === 'manage' && grant.access !== 'manage'
              ? 'read-only'
              : grant.object_scope === 'all'
                ? 'all-objects'
                : objectId === null
                  ? 'module-granted'
                  : allowed
                    ? 'object-granted'
                    : 'object-not-granted';
    const answer: SimulationAnswer = {
      allowed,
      reason,
      grant,
      group: user.group_id === null ? null : { id: user.group_id, name: user.group_name ?? '' },
      object_scope: grant?.object_scope ?? null,
    };
    return ok(reply, answer);
  });
}
