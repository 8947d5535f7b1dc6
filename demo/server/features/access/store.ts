/**
 * Access-management rows: sub-accounts (users with account_type 2), permission groups with their grants and objects,
 * and access keys. Every statement goes through the caller's scope (platform/security/scope.ts).
 */
import type { AccessKey, GrantableObject, GroupGrant, PermissionGroup, SubAccount } from '../../../../core/api/endpoints/access.js';
import type { PermissionModule } from '../../../../core/api/endpoints/platform.js';
import { isoTime } from '../../platform/database.js';
import type { Scope } from '../../platform/security/scope.js';

/** A stored sub-account with its group's name. */
export interface SubAccountRow {
  id: number;
  user_name: string;
  email: string;
  remark: string;
  group_id: number | null;
  group_name: string | null;
  status: 'enabled' | 'disabled';
  last_login_at: number | null;
  created_at: number;
}

/** Columns of {@link SubAccountRow} from `users`. */
export const SUB_ACCOUNT_COLUMNS = `id, user_name, email, remark, group_id, status, last_login_at, created_at,
  (SELECT name FROM permission_groups g WHERE g.id = users.group_id AND g.member_id = users.member_id) AS group_name`;

/** The answer shape of a sub-account. */
export function toSubAccount(row: SubAccountRow): SubAccount {
  return {
    id: row.id,
    name: row.user_name,
    email: row.email,
    remark: row.remark,
    group_id: row.group_id,
    group_name: row.group_name ?? '',
    status: row.status,
    last_login_at: isoTime(row.last_login_at),
    created_at: isoTime(row.created_at),
  };
}

/** One sub-account of the account. */
export function findSubAccount(tenant: Scope, id: number): SubAccountRow | undefined {
  return tenant.get<SubAccountRow>('users', { columns: SUB_ACCOUNT_COLUMNS, where: 'account_type = 2 AND id = @id', params: { id } });
}

/** What the operation log keeps of a sub-account (never its password hash). */
export function subAccountLogView(row: SubAccountRow | SubAccount): Record<string, unknown> {
  const account = 'user_name' in row ? toSubAccount(row) : row;
  return { name: account.name, email: account.email, remark: account.remark, group_id: account.group_id, group_name: account.group_name, status: account.status };
}

interface GroupRow {
  id: number;
  name: string;
  remark: string;
  created_at: number;
}

interface GrantRow {
  module: PermissionModule;
  object_scope: GroupGrant['object_scope'];
  access: GroupGrant['access'];
  auto_bind_new: number;
}

/** A group with its grants, objects and accounts. */
export function loadGroup(tenant: Scope, id: number): PermissionGroup | undefined {
  const group = tenant.get<GroupRow>('permission_groups', { columns: 'id, name, remark, created_at', where: 'id = @id', params: { id } });
  return group ? assembleGroup(tenant, group) : undefined;
}

function assembleGroup(tenant: Scope, group: GroupRow): PermissionGroup {
  const grants = tenant.all<GrantRow>('permission_grants', {
    columns: 'module, object_scope, access, auto_bind_new',
    where: 'group_id = @id',
    params: { id: group.id },
    orderBy: 'module',
  });
  const objects = tenant.all<{ module: string; kind: string; object_id: number }>('permission_objects', {
    columns: 'module, kind, object_id',
    where: 'group_id = @id',
    params: { id: group.id },
    orderBy: 'object_id',
  });
  const accounts = tenant.all<{ user_name: string }>('users', {
    columns: 'user_name',
    where: 'account_type = 2 AND group_id = @id',
    params: { id: group.id },
    orderBy: 'user_name COLLATE NOCASE',
  });
  return {
    id: group.id,
    name: group.name,
    remark: group.remark,
    grants: grants.map((grant) => ({
      module: grant.module,
      object_scope: grant.object_scope,
      access: grant.access,
      auto_bind_new: grant.auto_bind_new === 1,
      object_ids: objects.filter((row) => row.module === grant.module && row.kind === grant.object_scope).map((row) => row.object_id),
    })),
    sub_account_count: accounts.length,
    accounts: accounts.map((row) => row.user_name),
    created_at: isoTime(group.created_at),
  };
}

/** Every group of the account matching a search, by name. */
export function loadGroups(tenant: Scope, search: string): PermissionGroup[] {
  return tenant
    .all<GroupRow>('permission_groups', {
      columns: 'id, name, remark, created_at',
      where: search ? 'instr(lower(name), @search) > 0' : undefined,
      params: search ? { search } : {},
      orderBy: 'name COLLATE NOCASE, id',
    })
    .map((group) => assembleGroup(tenant, group));
}

/**
 * Replaces a group's grants and their objects. Objects of another kind than the grant's scope are dropped with it:
 * the objects a grant no longer names must not come back if the scope is switched back later without being seen.
 */
export function writeGrants(tenant: Scope, groupId: number, grants: readonly GroupGrant[]): void {
  tenant.remove('permission_grants', 'group_id = @group', { group: groupId });
  tenant.remove('permission_objects', 'group_id = @group', { group: groupId });
  for (const grant of grants) {
    tenant.insert('permission_grants', {
      group_id: groupId,
      module: grant.module,
      object_scope: grant.object_scope,
      access: grant.access,
      auto_bind_new: grant.auto_bind_new ? 1 : 0,
    });
    if (grant.object_scope === 'all') continue;
    for (const objectId of grant.object_ids) {
      tenant.insert('permission_objects', { group_id: groupId, module: grant.module, kind: grant.object_scope, object_id: objectId });
    }
  }
}

/**
 * Where each module's objects live, for the grant editor's picker and for checking that granted ids are the
 * account's own. The dedicated IP resource pack has no objects in the reference server yet, so it can be granted
 * over all resources only; logs and reports are read per website, so their objects are the websites.
 */
const OBJECT_SOURCES: Record<PermissionModule, { table: string; label: string } | null> = {
  domain: { table: 'domains', label: 'domain' },
  certificate: { table: 'certificates', label: 'name' },
  dedicated_ip: null,
  dns: { table: 'dns_domains', label: 'domain' },
  security_policy: { table: 'waf_rule_sets', label: 'name' },
  logs: { table: 'domains', label: 'domain' },
  reports: { table: 'domains', label: 'domain' },
  layer4: { table: 'layer4_rules', label: "protocol || ' ' || rule_port" },
};

/** The account's objects of a module. */
export function grantableObjects(tenant: Scope, module: PermissionModule): GrantableObject[] {
  const source = OBJECT_SOURCES[module];
  if (!source) return [];
  return tenant.all<GrantableObject>(source.table, { columns: `id, ${source.label} AS label`, orderBy: `${source.label} COLLATE NOCASE, id` });
}

/** The ids among `ids` that are not objects of the account's module. */
export function unknownObjects(tenant: Scope, module: PermissionModule, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const source = OBJECT_SOURCES[module];
  if (!source) return [...ids];
  const found = new Set(
    tenant
      .all<{ id: number }>(source.table, { columns: 'id', where: 'id IN (SELECT value FROM json_each(@ids))', params: { ids: JSON.stringify(ids) } })
      .map((row) => row.id),
  );
  return ids.filter((id) => !found.has(id));
}

/** A stored access key with its user's name. */
export interface AccessKeyRow {
  id: number;
  key_id: string;
  remark: string;
  status: 'enabled' | 'disabled';
  user_id: number;
  user_name: string;
  created_at: number;
  rotated_at: number | null;
  last_used_at: number | null;
}

/** Columns of {@link AccessKeyRow}; the signing key is never read here. */
export const ACCESS_KEY_COLUMNS = `id, key_id, remark, status, user_id, created_at, rotated_at, last_used_at,
  (SELECT CASE WHEN u.account_type = 2 THEN u.user_name ELSE u.email END FROM users u WHERE u.id = access_keys.user_id) AS user_name`;

/** The answer shape of a key. */
export function toAccessKey(row: AccessKeyRow): AccessKey {
  return {
    id: row.id,
    key_id: row.key_id,
    remark: row.remark,
    status: row.status,
    user_id: row.user_id,
    user_name: row.user_name,
    created_at: isoTime(row.created_at),
    rotated_at: isoTime(row.rotated_at),
    last_used_at: isoTime(row.last_used_at),
  };
}

/** One key of the account. */
export function findAccessKey(tenant: Scope, id: number): AccessKeyRow | undefined {
  return tenant.get<AccessKeyRow>('access_keys', { columns: ACCESS_KEY_COLUMNS, where: 'id = @id', params: { id } });
}

/** What the operation log keeps of a key (never a secret or its hash). */
export function accessKeyLogView(row: AccessKeyRow): Record<string, unknown> {
  return { key_id: row.key_id, remark: row.remark, status: row.status, user_name: row.user_name, rotated_at: isoTime(row.rotated_at) };
}
