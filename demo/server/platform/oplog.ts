/**
 * The operation log: every write is recorded with who (account, child user), when, what (area, action, object) and
 * the values before and after, which the console shows as a diff. Routes call {@link recordOperation} after a
 * successful write, inside the same transaction when they have one, so a failed write leaves no entry.
 *
 * A save that changes nothing writes nothing (issue 18): the console saves whole forms, so a user who presses Save
 * without editing, or whose value differs only in quoting, key order or whitespace that normalise away, must not
 * move `updated_at` or a revision (which would make another editor's copy look stale) nor fill the log with entries
 * whose before and after are the same. Routes compare normalised values with {@link sameValue} (or hand the write to
 * {@link writeIfChanged}) before touching a row, and {@link recordOperation} itself refuses an entry whose before and
 * after are equal, so a route that forgets the first check still leaves no empty entry.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { prepare, isoTime } from './database.js';
import { requireSession } from './security/session.js';

/** What a route did. */
export interface OperationRecord {
  /** Feature area, e.g. `domain`, `waf`, `job`, `account`. */
  area: string;
  /** Verb, e.g. `create`, `update`, `delete`, `cancel`. */
  action: string;
  objectId?: string | number | null;
  /** A readable name of the object (a domain name, a rule set name). */
  objectLabel?: string;
  /** The object before the write; omit (or null) for creations. */
  before?: unknown;
  /** The object after the write; omit (or null) for deletions. */
  after?: unknown;
}

/** Stored row of the operation log. */
export interface OperationLogRow {
  id: number;
  member_id: number;
  user_id: number;
  operator: string;
  account_type: number;
  at: number;
  area: string;
  action: string;
  object_id: string;
  object_label: string;
  before_json: string;
  after_json: string;
  ip: string;
  request_id: string;
}

/** JSON with object keys in sorted order (and undefined members dropped), so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
}

/** Whether two normalised values are the same: key order does not matter, array order does. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * Records a write of the signed-in caller; returns the entry id, or `null` when `before` and `after` are both given
 * and the same (nothing changed, nothing is recorded).
 */
export function recordOperation(request: FastifyRequest, record: OperationRecord): number | null {
  if (record.before !== undefined && record.before !== null && record.after !== undefined && record.after !== null && sameValue(record.before, record.after)) {
    return null;
  }
  const session = requireSession(request);
  const result = prepare(
    request.server.db,
    `INSERT INTO operation_log (member_id, user_id, operator, account_type, at, area, action, object_id, object_label,
                                before_json, after_json, ip, request_id)
     VALUES (@member_id, @user_id, @operator, @account_type, @at, @area, @action, @object_id, @object_label,
             @before_json, @after_json, @ip, @request_id)`,
  ).run({
    member_id: session.memberId,
    user_id: session.userId,
    operator: session.operator,
    account_type: session.accountType,
    at: request.server.now(),
    area: record.area,
    action: record.action,
    object_id: record.objectId === undefined || record.objectId === null ? '' : String(record.objectId),
    object_label: record.objectLabel ?? '',
    before_json: JSON.stringify(record.before ?? null),
    after_json: JSON.stringify(record.after ?? null),
    ip: request.ip,
    request_id: String(request.id),
  });
  return Number(result.lastInsertRowid);
}

/**
 * Runs an update whose effect `record.before` and `record.after` describe (normalised, without timestamps): when they
 * are the same nothing runs and `false` is answered; otherwise `write` and the entry go in one transaction.
 */
export function writeIfChanged(request: FastifyRequest, record: OperationRecord & { before: unknown; after: unknown }, write: () => void): boolean {
  if (sameValue(record.before, record.after)) return false;
  request.server.db.transaction(() => {
    write();
    recordOperation(request, record);
  })();
  return true;
}

/** The answer shape of a stored entry. */
export function toOperationLogEntry(row: OperationLogRow): OperationLogEntry {
  return {
    id: row.id,
    time: isoTime(row.at),
    user_id: row.user_id,
    operator: row.operator,
    account_type: row.account_type,
    area: row.area,
    action: row.action,
    object_id: row.object_id,
    object_label: row.object_label,
    before: JSON.parse(row.before_json) as unknown,
    after: JSON.parse(row.after_json) as unknown,
    ip: row.ip,
  };
}
