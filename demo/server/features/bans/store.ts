/**
 * Ban records on the server: the ban gate (shell §4: ban management exists only while the member console's ban status
 * is on), automatic release of bans whose duration ran out (rules §4 auto-unblocked), the list and overview filters,
 * the 180-day retention of released records (rules §4, rules §9), and the row shape of the API.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import { BAN_STATUSES, type BanRecord, type BanReason, type BanStatus } from '../../../../core/api/endpoints/bans.js';
import { BAN_RECORD_RETENTION_DAYS } from '../../../../core/rules/bans.js';
import { prepare, type Db, isoTime } from '../../platform/database.js';
import { fail } from '../../platform/http/envelope.js';
import { queryInteger } from '../../platform/http/pagination.js';
import { permissions, type Permissions } from '../../platform/security/permissions.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { keyRange } from './ip-keys.js';

const DAY_MS = 86_400_000;
/** Released records older than this are gone (rules §4, §9: kept up to 180 days). */
export const BAN_RETENTION_MS = BAN_RECORD_RETENTION_DAYS * DAY_MS;
/** The longest IP filter text: an IPv6 block is at most 43 characters. */
const IP_FILTER_MAX = 64;

/** A stored ban record. */
export interface BanRow {
  id: number;
  member_id: number;
  domain_id: number;
  ip: string;
  ip_key: string;
  duration: number;
  reason: string;
  rule_id: string;
  status: BanStatus;
  banned_at: number;
  expires_at: number;
  released_at: number | null;
  released_by: number | null;
}

/** The columns list and overview queries read, with the domain name. */
export const BAN_COLUMNS =
  'id, domain_id, ip, duration, reason, rule_id, status, banned_at, released_at, (SELECT domain FROM domains WHERE domains.id = ban_records.domain_id) AS domain';

/**
 * Rules §6 per object: a ban acts on one website, so the caller may unban it only when it manages that website, and
 * unbanning is a security-policy change (issue 26), so its `security_policy` grant must be manage too. The one answer
 * for the unban routes and the records' `editable` flag.
 */
export function mayUnbanOn(caller: Permissions, domainId: number): boolean {
  return caller.can('security_policy', 'manage') && caller.allows('domain', 'manage', domainId);
}

/** The API shape of a row read with {@link BAN_COLUMNS}, for `caller`. */
export function toBanRecord(
  caller: Permissions,
  row: Pick<BanRow, 'id' | 'domain_id' | 'ip' | 'duration' | 'reason' | 'rule_id' | 'status' | 'banned_at' | 'released_at'> & { domain: string },
): BanRecord {
  return {
    id: row.id,
    ip: row.ip,
    domain_id: row.domain_id,
    domain: row.domain,
    duration: row.duration,
    reason: row.reason as BanReason,
    rule_id: row.rule_id,
    status: row.status,
    banned_at: isoTime(row.banned_at),
    released_at: isoTime(row.released_at),
    editable: mayUnbanOn(caller, row.domain_id),
  };
}

/**
 * The module a ban route belongs to (issue 26): the records and unbanning are "security policy" (bans are what the
 * firewall's rules did; the object of a record is still its website, under the domain grant), the overview's
 * aggregated figures are "reports" (counted over the websites the reports grant covers).
 */
export type BanModule = 'security_policy' | 'reports';

/**
 * Shell §4 ban gate: the ban routes answer PERMISSION_DENIED while the account's ban management is off, as the console
 * hides ban manage and ban record then; and without the route's module grant (read to look, manage to unban).
 * Answers and returns false when the route must stop.
 */
export function requireBanManagement(request: FastifyRequest, reply: FastifyReply, module: BanModule, access: 'read' | 'manage'): boolean {
  const row = scope(request).get<{ ban_status: string }>('member_console_info', { columns: 'ban_status' });
  if (row?.ban_status !== 'on') {
    fail(reply, PERMISSION_DENIED_CODE, { key: 'ban-management-off' });
    return false;
  }
  if (permissions(request).can(module, access)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/** Rules §4 auto-unblocked: bans of an account whose duration has run out are released at their expiry time. */
export function releaseExpiredBans(db: Db, memberId: number, now: number): number {
  return prepare(
    db,
    `UPDATE ban_records SET status = 'auto_unbanned', released_at = expires_at
      WHERE member_id = ? AND status = 'banned' AND expires_at <= ?`,
  ).run(memberId, now).changes;
}

/**
 * Addresses banned now on some websites, `domainId|ip` -> when the ban runs out, in one query: the traffic simulator
 * turns them away.
 */
export function bansInForce(db: Db, domainIds: readonly number[], now: number): Map<string, number> {
  if (domainIds.length === 0) return new Map();
  const rows = prepare(
    db,
    `SELECT domain_id, ip, MAX(expires_at) AS expires_at FROM ban_records
      WHERE status = 'banned' AND expires_at > ? AND domain_id IN (SELECT value FROM json_each(?)) GROUP BY domain_id, ip`,
  ).all(now, JSON.stringify(domainIds)) as { domain_id: number; ip: string; expires_at: number }[];
  return new Map(rows.map((row) => [`${row.domain_id}|${row.ip}`, row.expires_at]));
}

/** Every entry of some IP lists, by list id (lists without entries answer an empty list). */
export function ipListEntries(db: Db, listIds: readonly number[]): Map<number, string[]> {
  const entries = new Map<number, string[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return entries;
  const rows = prepare(db, 'SELECT list_id, entry FROM ip_list_entries WHERE list_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(listIds)) as {
    list_id: number;
    entry: string;
  }[];
  for (const row of rows) entries.get(row.list_id)?.push(row.entry);
  return entries;
}

/** The caller's account, with expired bans released first, so every read and write sees the states as of now. */
export function enterBans(request: FastifyRequest): { memberId: number; now: number } {
  const memberId = requireSession(request).memberId;
  const now = request.server.now();
  releaseExpiredBans(request.server.db, memberId, now);
  return { memberId, now };
}

/** A filter as SQL over `ban_records`, and the issues of a bad filter. */
export interface BanConditions {
  where: string;
  params: Params;
  issues: FieldIssue[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The conditions of a list or overview query: the domains the caller may see, the retention window, and the
 * filters present (`ip`, `domain_id`, `status`, `start_time`, `end_time`; see `BanFilter`).
 */
export function banConditions(request: FastifyRequest, query: Record<string, unknown>, now: number, fields: readonly string[], module: BanModule): BanConditions {
  const visible = permissions(request).visible(module === 'reports' ? 'reports' : 'domain', 'domain_id');
  const conditions = [visible.where, '(released_at IS NULL OR released_at >= @retention_cutoff)'];
  const params: Params = { ...visible.params, retention_cutoff: now - BAN_RETENTION_MS };
  const issues: FieldIssue[] = [];

  const ip = fields.includes('ip') ? text(query.ip) : undefined;
  if (ip !== undefined) {
    const range = keyRange(ip);
    if (ip.length > IP_FILTER_MAX) issues.push({ field: 'ip', key: 'common.too-long', values: { max: IP_FILTER_MAX } });
    else if (range) {
      conditions.push('ip_key BETWEEN @ip_low AND @ip_high');
      Object.assign(params, { ip_low: range.low, ip_high: range.high });
    } else {
      conditions.push('instr(ip, @ip_part) > 0');
      params.ip_part = ip.toLowerCase();
    }
  }
  const domain = text(query.domain_id);
  if (domain !== undefined) {
    const id = queryInteger(domain);
    if (id === null || id < 1) issues.push({ field: 'domain_id', key: 'common.positive-integer' });
    conditions.push('domain_id = @domain_id');
    params.domain_id = id;
  }
  const status = fields.includes('status') ? text(query.status) : undefined;
  if (status !== undefined) {
    if (!(BAN_STATUSES as readonly string[]).includes(status)) issues.push({ field: 'status', key: 'common.format-error' });
    conditions.push('status = @status');
    params.status = status;
  }
  for (const [name, operator] of [['start_time', '>='], ['end_time', '<=']] as const) {
    const value = text(query[name]);
    if (value === undefined) continue;
    const at = Date.parse(value);
    if (Number.isNaN(at)) issues.push({ field: name, key: 'common.format-error' });
    conditions.push(`banned_at ${operator} @${name}`);
    params[name] = at;
  }
  return { where: conditions.join(' AND '), params, issues };
}

/** Rows one retention pass deletes at most, so a large backlog never holds the database for long. */
export const RETENTION_BATCH = 5000;

/**
 * Rules §4/§9 retention, over every account: releases bans whose duration ran out, then deletes up to `batch` records
 * released more than 180 days before `now`. Returns how many it deleted; call again while it returns `batch`.
 */
export function pruneReleasedBans(db: Db, now: number, batch = RETENTION_BATCH): number {
  return db.transaction(() => {
    prepare(db, `UPDATE ban_records SET status = 'auto_unbanned', released_at = expires_at WHERE status = 'banned' AND expires_at <= ?`).run(now);
    return prepare(
      db,
      `DELETE FROM ban_records WHERE id IN (
         SELECT id FROM ban_records WHERE released_at IS NOT NULL AND released_at < ? LIMIT ?)`,
    ).run(now - BAN_RETENTION_MS, batch).changes;
  })();
}
