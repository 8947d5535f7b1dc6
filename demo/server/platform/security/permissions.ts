/**
 * What a child account may do (rules §6): its group is granted, per module (domain, certificate, dedicated IP resource
 * pack), all resources, in-group objects (bound to the group, e.g. created by its sub-accounts) or specified objects,
 * read-only or manage. A module without a grant is not visible at all. Parents may do everything in their account.
 *
 * Routes ask before they act: `if (!permissions(request).require(reply, 'domain', 'manage', id)) return reply;` and
 * filter lists with `visible(module, column)` merged into their scoped query.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess, ModuleGrant, PermissionModule } from '../../../../core/api/endpoints/platform.js';
import { prepare, type Db } from '../database.js';
import { fail } from '../http/envelope.js';
import type { Params } from './scope.js';
import { requireSession, type Session } from './session.js';

/** A condition to AND into a scoped query. */
export interface SqlCondition {
  where: string;
  params: Params;
}

/** The caller's permissions. */
export interface Permissions {
  readonly isChild: boolean;
  /** The grant of a module; parents hold an implicit manage-all grant; null when not granted. */
  grant(module: PermissionModule): ModuleGrant | null;
  /** Whether the module is granted at all at this access level (manage implies read). */
  can(module: PermissionModule, access: ModuleAccess): boolean;
  /** Limits `idColumn` to the module's objects the caller may see. */
  visible(module: PermissionModule, idColumn?: string): SqlCondition;
  /** Whether one object may be read or managed. */
  allows(module: PermissionModule, access: ModuleAccess, objectId?: number): boolean;
  /** True when allowed; otherwise answers PERMISSION_DENIED_CODE and returns false. */
  require(reply: FastifyReply, module: PermissionModule, access: ModuleAccess, objectId?: number): boolean;
  /** Rules §6: binds an object a child just created to its group when the grant says so. */
  bindCreated(module: PermissionModule, objectId: number): void;
}

/** A parent's implicit grant: every object of every module. */
const fullAccess = (module: PermissionModule): ModuleGrant => ({
  module,
  object_scope: 'all',
  access: 'manage',
  auto_bind_new: false,
});

interface GrantRow {
  module: PermissionModule;
  object_scope: ModuleGrant['object_scope'];
  access: ModuleAccess;
  auto_bind_new: number;
}

/** The grants of a permission group, by module. */
export function loadGrants(db: Db, memberId: number, groupId: number): Map<PermissionModule, ModuleGrant> {
  const rows = prepare(
    db,
    'SELECT module, object_scope, access, auto_bind_new FROM permission_grants WHERE member_id = ? AND group_id = ?',
  ).all(memberId, groupId) as GrantRow[];
  return new Map(rows.map((row) => [row.module, { ...row, auto_bind_new: row.auto_bind_new === 1 }]));
}

/** Permissions of a session, for code that has no request (jobs acting for a user). */
export function permissionsFor(db: Db, session: Pick<Session, 'memberId' | 'groupId' | 'accountType'>): Permissions {
  const isChild = session.accountType === 2;
  const grants = isChild && session.groupId !== null ? loadGrants(db, session.memberId, session.groupId) : new Map();

  const grant = (module: PermissionModule): ModuleGrant | null =>
    isChild ? (grants.get(module) ?? null) : fullAccess(module);
  const can = (module: PermissionModule, access: ModuleAccess): boolean => {
    const found = grant(module);
    return found !== null && (access === 'read' || found.access === 'manage');
  };

  const permissions: Permissions = {
    isChild,
    grant,
    can,
    visible(module, idColumn = 'id') {
      const found = grant(module);
      if (!found) return { where: '0', params: {} };
      if (found.object_scope === 'all') return { where: '1', params: {} };
      const group = `perm_group_${module}`;
      const member = `perm_member_${module}`;
      return {
        where: `${idColumn} IN (SELECT object_id FROM permission_objects WHERE member_id = @${member}
                AND group_id = @${group} AND module = '${module}' AND kind = '${found.object_scope}')`,
        params: { [group]: session.groupId, [member]: session.memberId },
      };
    },
    allows(module, access, objectId) {
      if (!can(module, access)) return false;
      const found = grant(module) as ModuleGrant;
      if (objectId === undefined || found.object_scope === 'all') return true;
      return (
        prepare(
          db,
          `SELECT 1 FROM permission_objects
            WHERE member_id = ? AND group_id = ? AND module = ? AND kind = ? AND object_id = ?`,
        ).get(session.memberId, session.groupId, module, found.object_scope, objectId) !== undefined
      );
    },
    require(reply, module, access, objectId) {
      if (permissions.allows(module, access, objectId)) return true;
      fail(reply, PERMISSION_DENIED_CODE);
      return false;
    },
    bindCreated(module, objectId) {
      const found = grant(module);
      if (!isChild || !found || !found.auto_bind_new || found.object_scope === 'all') return;
      prepare(
        db,
        `INSERT OR IGNORE INTO permission_objects (member_id, group_id, module, kind, object_id)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(session.memberId, session.groupId, module, found.object_scope, objectId);
    },
  };
  return permissions;
}

const cached = new WeakMap<FastifyRequest, Permissions>();

/** The permissions of the signed-in caller, loaded once per request. */
export function permissions(request: FastifyRequest): Permissions {
  let found = cached.get(request);
  if (!found) {
    found = permissionsFor(request.server.db, requireSession(request));
    cached.set(request, found);
  }
  return found;
}
