/**
 * The operation log list: who did what, when, with the values before and after. A parent sees the whole account;
 * a child sees its own entries.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { ListAnswer, OperationLogEntry } from '../../../../core/api/endpoints/platform.js';
import { ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { toOperationLogEntry, type OperationLogRow } from '../../platform/oplog.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

function text(value: unknown): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** Registers the routes (under /api). */
export async function oplogRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/oplog.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const conditions: string[] = [];
    const params: Params = {};
    const session = requireSession(request);
    if (session.accountType === 2) {
      conditions.push('user_id = @own_user');
      params.own_user = session.userId;
    }
    for (const name of ['area', 'action', 'object_id'] as const) {
      const value = text(query[name]);
      if (value !== undefined) {
        conditions.push(`${name} = @${name}`);
        params[name] = value;
      }
    }
    if (text(query.user_id) !== undefined) {
      const userId = queryInteger(query.user_id);
      if (userId === null) issues.push({ field: 'user_id', key: 'common.positive-integer' });
      conditions.push('user_id = @user_id');
      params.user_id = userId;
    }
    const timeIssues: FieldIssue[] = [];
    for (const [name, operator] of [['start_time', '>='], ['end_time', '<=']] as const) {
      const value = text(query[name]);
      if (value === undefined) continue;
      const at = Date.parse(value);
      if (Number.isNaN(at)) timeIssues.push({ field: name, key: 'common.format-error' });
      conditions.push(`at ${operator} @${name}`);
      params[name] = at;
    }
    if (!validated(reply, [...issues, ...timeIssues])) return reply;
    const rows = scope(request).page<OperationLogRow>('operation_log', page, {
      where: conditions.length ? conditions.join(' AND ') : undefined,
      params,
      orderBy: 'at DESC, id DESC',
    });
    const answer: ListAnswer<OperationLogEntry> = { list: rows.list.map(toOperationLogEntry), total: rows.total };
    return ok(reply, answer);
  });
}
