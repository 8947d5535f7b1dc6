/**
 * Error reports (shell §7): the console posts the failures its users met; an operator lists them. Each account keeps
 * its newest REPORTS_KEPT reports, so a broken page that reports in a loop cannot fill the disk. A parent lists the
 * whole account's reports, a child its own.
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorReport } from '../../../../core/api/error-report.js';
import type { ErrorReportEntry, ErrorReportQuery } from '../../../../core/api/endpoints/error-reports.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { REPORTS_PER_POST } from './schemas.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

/** What every report must say. */
const REQUIRED_FIELDS = ['at', 'source', 'kind', 'path', 'language', 'console_version'] as const;

/** Reports kept per account. */
export const REPORTS_KEPT = 1000;

/** The list's exact filters (core/api/endpoints/error-reports.ts). */
const FILTERS = ['source', 'kind'] as const satisfies readonly (keyof ErrorReportQuery)[];

/** Registers the routes (under /api). */
export async function errorReportRoutes(api: FastifyInstance): Promise<void> {
  api.post('/V4/metrics.error.report', async (request, reply) => {
    // The schema checks types only (README "request schemas"); presence and counts are checked here.
    const { errors } = (request.body ?? {}) as { errors?: ErrorReport[] };
    const complete = (report: ErrorReport) => REQUIRED_FIELDS.every((field) => typeof report[field] === 'string' && report[field] !== '');
    if (!Array.isArray(errors) || errors.length === 0 || errors.length > REPORTS_PER_POST || !errors.every(complete)) {
      validated(reply, [{ field: 'errors', key: 'common.format-error' }]);
      return reply;
    }
    const session = requireSession(request);
    const account = scope(request);
    const receivedAt = api.now();
    api.db.transaction(() => {
      for (const report of errors) {
        account.insert('client_error_reports', {
          user_id: session.userId,
          received_at: receivedAt,
          seen_at: report.at,
          source: report.source,
          kind: report.kind,
          code: report.code ?? null,
          request_id: report.request_id ?? null,
          // Only the path is kept, whatever the browser sent: a query can hold what the user searched for.
          path: report.path.split(/[?#]/)[0]!,
          language: report.language,
          console_version: report.console_version,
        });
      }
      account.remove(
        'client_error_reports',
        `id NOT IN (SELECT id FROM client_error_reports WHERE member_id = @member_id ORDER BY id DESC LIMIT ${REPORTS_KEPT})`,
      );
    })();
    return ok(reply, { received: errors.length });
  });

  api.get('/V4/metrics.error.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const conditions: string[] = [];
    const params: Params = {};
    if (session.accountType === 2) {
      conditions.push('user_id = @own_user');
      params.own_user = session.userId;
    }
    for (const name of FILTERS) {
      const value = query[name];
      if (typeof value === 'string' && value !== '') {
        conditions.push(`${name} = @${name}`);
        params[name] = value;
      }
    }
    const rows = scope(request).page<ErrorReportEntry & { member_id?: number }>('client_error_reports', page, {
      where: conditions.length ? conditions.join(' AND ') : undefined,
      params,
      orderBy: 'id DESC',
    });
    const answer: ListAnswer<ErrorReportEntry> = { list: rows.list.map(({ member_id: _member, ...entry }) => entry), total: rows.total };
    return ok(reply, answer);
  });
}
