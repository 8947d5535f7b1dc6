/**
 * Saved queries (rules §3 "Saved query", §5 "Saved query name 4-50 characters"): a name, a description and a
 * statement of the advanced search language, saved on the log type tab it was written for. A query belongs to the
 * user who saved it; the main account sees and manages every query of the account, a sub-account only its own,
 * since a statement may name websites another sub-account is not granted.
 */
import type { FastifyRequest } from 'fastify';
import type { SavedQuery } from '../../../../core/api/endpoints/logs.js';
import type { LogType } from '../../../../core/logs/fields.js';
import { isoTime, prepare } from '../../platform/database.js';
import { permissions } from '../../platform/security/permissions.js';
import { requireSession } from '../../platform/security/session.js';

interface SavedQueryRow {
  id: number;
  user_id: number;
  name: string;
  description: string;
  log_type: LogType;
  statement: string;
  created_at: number;
  updated_at: number;
}

/** The condition limiting saved queries to the caller's. */
export function ownQueries(request: FastifyRequest): { where: string; params: Record<string, unknown> } {
  const session = requireSession(request);
  const own = session.accountType === 2 ? ' AND user_id = @user_id' : '';
  return { where: `member_id = @member_id${own}`, params: { member_id: session.memberId, user_id: session.userId } };
}

export function toSavedQuery(row: SavedQueryRow, editable: boolean): SavedQuery {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    log_type: row.log_type,
    statement: row.statement,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    // The list already holds only the caller's own queries (or, for the main account, the account's); changing them
    // needs the logs module's manage access (logs/access.ts).
    editable,
  };
}

export function findSavedQuery(request: FastifyRequest, id: number): SavedQueryRow | undefined {
  const own = ownQueries(request);
  return prepare(request.server.db, `SELECT * FROM log_saved_queries WHERE id = @id AND ${own.where}`).get({ ...own.params, id }) as SavedQueryRow | undefined;
}

export function savedQueryPage(request: FastifyRequest, filters: { logType?: LogType; keyword?: string }, perPage: number, offset: number) {
  const own = ownQueries(request);
  const where = [own.where];
  const params: Record<string, unknown> = { ...own.params };
  if (filters.logType) {
    where.push('log_type = @log_type');
    params.log_type = filters.logType;
  }
  if (filters.keyword) {
    // instr, not LIKE: a keyword holding % or _ is matched as typed.
    where.push('(instr(lower(name), lower(@keyword)) > 0 OR instr(lower(description), lower(@keyword)) > 0)');
    params.keyword = filters.keyword;
  }
  const clause = where.join(' AND ');
  const { db } = request.server;
  const total = (prepare(db, `SELECT count(*) AS total FROM log_saved_queries WHERE ${clause}`).get(params) as { total: number }).total;
  const rows = prepare(db, `SELECT * FROM log_saved_queries WHERE ${clause} ORDER BY updated_at DESC, id DESC LIMIT @limit OFFSET @offset`).all({
    ...params,
    limit: perPage,
    offset,
  }) as SavedQueryRow[];
  const editable = permissions(request).can('logs', 'manage');
  return { list: rows.map((row) => toSavedQuery(row, editable)), total };
}

export function nameTaken(request: FastifyRequest, name: string, exceptId: number | null): boolean {
  const memberId = requireSession(request).memberId;
  return prepare(request.server.db, 'SELECT 1 FROM log_saved_queries WHERE member_id = ? AND name = ? AND id IS NOT ?').get(memberId, name, exceptId) !== undefined;
}
