/**
 * Creating accounts, child users and permission groups directly in the database: used by the demo seed, by tests that
 * need a second tenant, and by the access-management routes.
 */
import type { EditionFlag } from '../../../../core/api/endpoints/auth.js';
import type { ModuleGrant, PermissionModule } from '../../../../core/api/endpoints/platform.js';
import { DEFAULT_LOGIN_MINUTES } from '../../platform/security/session.js';
import type { Db } from '../../platform/database.js';

/** A new parent (main) account. */
export interface NewParentAccount {
  email: string;
  /** From `hashPassword`/`hashPasswordSync`; never a plain password. */
  passwordHash: string;
  name?: string;
  flag?: EditionFlag;
  /** A fixed member id (the demo's); otherwise the next free one. */
  memberId?: number;
  loginMinutes?: number;
}

/** A new child (sub) account of a parent. */
export interface NewChildAccount {
  memberId: number;
  userName: string;
  passwordHash: string;
  groupId?: number | null;
  email?: string;
  remark?: string;
  loginMinutes?: number;
}

/** A new permission group with its module grants (rules §6). */
export interface NewPermissionGroup {
  memberId: number;
  name: string;
  remark?: string;
  grants: ModuleGrant[];
}

/** Creates a member and its parent user; returns both ids. */
export function createParentAccount(db: Db, input: NewParentAccount, now: number): { memberId: number; userId: number } {
  return db.transaction(() => {
    const memberId = Number(
      db
        .prepare('INSERT INTO members (id, flag, created_at) VALUES (?, ?, ?)')
        .run(input.memberId ?? null, input.flag ?? 1, now).lastInsertRowid,
    );
    const userId = Number(
      db
        .prepare(
          `INSERT INTO users (member_id, account_type, email, name, bind_email, password_hash, login_minutes, created_at)
           VALUES (?, 1, ?, ?, ?, ?, ?, ?)`,
        )
        .run(memberId, input.email, input.name ?? '', input.email, input.passwordHash, input.loginMinutes ?? DEFAULT_LOGIN_MINUTES, now)
        .lastInsertRowid,
    );
    return { memberId, userId };
  })();
}

/** Creates a child user; returns its id. */
export function createChildAccount(db: Db, input: NewChildAccount, now: number): number {
  return Number(
    db
      .prepare(
        `INSERT INTO users (member_id, account_type, email, user_name, name, bind_email, password_hash, group_id, remark,
                            login_minutes, created_at)
         VALUES (?, 2, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.memberId,
        input.email ?? '',
        input.userName,
        input.userName,
        input.email ?? '',
        input.passwordHash,
        input.groupId ?? null,
        input.remark ?? '',
        input.loginMinutes ?? DEFAULT_LOGIN_MINUTES,
        now,
      ).lastInsertRowid,
  );
}

/** Creates a permission group and its grants; returns its id. */
export function createPermissionGroup(db: Db, input: NewPermissionGroup, now: number): number {
  return db.transaction(() => {
    const groupId = Number(
      db
        .prepare('INSERT INTO permission_groups (member_id, name, remark, created_at) VALUES (?, ?, ?, ?)')
        .run(input.memberId, input.name, input.remark ?? '', now).lastInsertRowid,
    );
    const grant = db.prepare(
      `INSERT INTO permission_grants (member_id, group_id, module, object_scope, access, auto_bind_new)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const item of input.grants) {
      grant.run(input.memberId, groupId, item.module, item.object_scope, item.access, item.auto_bind_new ? 1 : 0);
    }
    return groupId;
  })();
}

/** Binds objects to a group, as in-group objects or as specified objects of a grant. */
export function bindGroupObjects(
  db: Db,
  input: { memberId: number; groupId: number; module: PermissionModule; kind: 'group' | 'specified'; objectIds: number[] },
): void {
  const bind = db.prepare(
    `INSERT OR IGNORE INTO permission_objects (member_id, group_id, module, kind, object_id) VALUES (?, ?, ?, ?, ?)`,
  );
  for (const objectId of input.objectIds) bind.run(input.memberId, input.groupId, input.module, input.kind, objectId);
}
