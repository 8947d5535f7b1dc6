/**
 * Whose logs a caller may read (rules §6, issue 18 "authorization is per object"): the lines of the websites the
 * caller's `logs` grant covers (issue 26: logs are a module of their own whose objects are websites, the website a line
 * belongs to). A sub-account granted one website reads that website's lines and no other's; the store is always handed
 * this list, so no query can reach beyond it. Shared by retrieval, saved queries and download tasks.
 *
 * Every logs.* route needs the module: retrieval, the download tasks and their files read (a task only reads lines,
 * and a sub-account sees only its own tasks); saving or deleting a saved query and writing a download template change
 * account objects, so they need manage.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess, PermissionModule } from '../../../../core/api/endpoints/platform.js';
import type { LogWebsite } from '../../../../core/api/endpoints/logs.js';
import { LOG_DOMAIN_FILTER_MAX } from '../../../../core/rules/bans.js';
import type { FieldIssue } from '../../../../core/rules/types.js';
import { prepare } from '../../platform/database.js';
import { fail } from '../../platform/http/envelope.js';
import { permissions } from '../../platform/security/permissions.js';
import { requireSession } from '../../platform/security/session.js';

/** True when the caller holds the logs module at `access`; otherwise answers PERMISSION_DENIED_CODE and returns false. */
export function requireLogs(request: FastifyRequest, reply: FastifyReply, access: ModuleAccess): boolean {
  if (permissions(request).can('logs', access)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/**
 * The websites whose logs the caller may read, by domain name. Reports (issue 25) count the same lines under their own
 * module, so they pass `reports`: a website the reports grant covers is one whose aggregated figures may be read.
 */
export function readableWebsites(request: FastifyRequest, module: Extract<PermissionModule, 'logs' | 'reports'> = 'logs'): LogWebsite[] {
  const visible = permissions(request).visible(module, 'id');
  return prepare(request.server.db, `SELECT id, domain FROM domains WHERE member_id = @member_id AND (${visible.where}) ORDER BY domain`).all({
    ...visible.params,
    member_id: requireSession(request).memberId,
  }) as LogWebsite[];
}

/** The domains a search reads, or why it may not run. */
export type DomainChoice = { ok: true; ids: number[] } | { ok: false; issues: FieldIssue[] } | { ok: false; denied: true };

/**
 * The domains a search reads: the chosen ones, each of which must be readable, or every readable one. A chosen id
 * the caller may not read is refused as a permission failure (as every other route refuses an object outside the
 * grant), never silently dropped, so a shared link cannot show a narrower result than its owner saw without saying
 * so. At most 1000 (rules §9 "domain filter 1000").
 */
export function chooseDomains(
  request: FastifyRequest,
  chosen: readonly number[] | null,
  module: Extract<PermissionModule, 'logs' | 'reports'> = 'logs',
): DomainChoice {
  const readable = readableWebsites(request, module);
  if (chosen === null || chosen.length === 0) return { ok: true, ids: readable.map((website) => website.id) };
  if (chosen.length > LOG_DOMAIN_FILTER_MAX) {
    return { ok: false, issues: [{ field: 'domain_ids', key: 'bans.log-domain-filter-limit', values: { max: LOG_DOMAIN_FILTER_MAX } }] };
  }
  const allowed = new Set(readable.map((website) => website.id));
  if (chosen.some((id) => !allowed.has(id))) return { ok: false, denied: true };
  return { ok: true, ids: [...new Set(chosen)] };
}

/** Reads `1,2,3` into ids; null when absent, undefined when malformed. */
export function readIdList(value: unknown): number[] | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  const parts = String(value).split(',');
  const ids = parts.map((part) => (/^[1-9][0-9]{0,11}$/.test(part.trim()) ? Number(part.trim()) : NaN));
  return ids.some(Number.isNaN) ? undefined : ids;
}
