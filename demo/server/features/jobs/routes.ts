/**
 * The job list of every long task (rules §4 "Task"): list, one job, cancel. A parent sees the account's jobs; a child
 * sees the jobs it started.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import { FINISHED_JOB_STATES, JOB_STATES, type JobInfo, type JobState, type ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { toJobInfo, type JobRow } from '../../platform/jobs/runner.js';
import { recordOperation } from '../../platform/oplog.js';
import type { Params } from '../../platform/security/scope.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

/** The condition that limits a child to its own jobs. */
function ownJobs(request: FastifyRequest): { where: string; params: Params } {
  const session = requireSession(request);
  return session.accountType === 2
    ? { where: 'user_id = @own_user', params: { own_user: session.userId } }
    : { where: '1', params: {} };
}

function findJob(request: FastifyRequest, id: number): JobRow | undefined {
  const own = ownJobs(request);
  return scope(request).get<JobRow>('jobs', { where: `id = @id AND ${own.where}`, params: { ...own.params, id } });
}

/** Registers the routes (under /api). */
export async function jobRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/job.task.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const state = query.state === undefined || query.state === '' ? undefined : String(query.state);
    if (state !== undefined && !(JOB_STATES as readonly string[]).includes(state)) {
      issues.push({ field: 'state', key: 'common.format-error' });
    }
    // Shell §9 time ranges: the console sends the range as ISO times; either end may be open.
    const range = (['from', 'to'] as const).map((name) => {
      const value = query[name];
      if (value === undefined || value === '') return null;
      const time = Date.parse(String(value));
      if (Number.isNaN(time)) issues.push({ field: name, key: 'common.format-error' });
      return time;
    });
    if (!validated(reply, issues)) return reply;
    const own = ownJobs(request);
    const conditions = [own.where];
    const params: Params = { ...own.params };
    if (state) {
      conditions.push('state = @state');
      params.state = state as JobState;
    }
    if (query.type !== undefined && query.type !== '') {
      conditions.push('type = @type');
      params.type = String(query.type);
    }
    if (range[0] !== null) {
      conditions.push('created_at >= @created_from');
      params.created_from = range[0];
    }
    if (range[1] !== null) {
      conditions.push('created_at < @created_to');
      params.created_to = range[1];
    }
    const rows = scope(request).page<JobRow>('jobs', page, { where: conditions.join(' AND '), params, orderBy: 'id DESC' });
    const answer: ListAnswer<JobInfo> = { list: rows.list.map(toJobInfo), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/job.task.get', async (request, reply) => {
    const id = queryInteger((request.query as Record<string, unknown>).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findJob(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    return ok(reply, toJobInfo(row));
  });

  api.post('/V4/job.task.cancel', async (request, reply) => {
    const id = queryInteger((request.body as Record<string, unknown> | null)?.id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findJob(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if ((FINISHED_JOB_STATES as readonly string[]).includes(row.state)) return fail(reply, CONFLICT_CODE, { key: 'job-finished' });
    const job = api.jobs.cancel(requireSession(request).memberId, row.id) as JobInfo;
    recordOperation(request, {
      area: 'job',
      action: 'cancel',
      objectId: row.id,
      objectLabel: row.type,
      before: { state: row.state, progress: row.progress },
      after: { state: job.state, progress: job.progress },
    });
    return ok(reply, job);
  });
}
