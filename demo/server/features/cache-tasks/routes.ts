/**
 * Cache purge and prefetch tasks (rules §3 "Cache task", §4 "Task", §5 Purge and Prefetch, §6 per-object grants):
 * submit, see one task's per-URL results, retry its failed URLs. Listing and canceling go through the job routes
 * (features/jobs), since a cache task is a job like any other; progress is pushed by the job stream.
 *
 * Each URL must belong to a website the caller may manage (module domain, access manage): a sub-account granted one
 * domain has the other domains' URLs refused row by row. Each kind (URLs, directories, prefetch) may be submitted
 * twice per minute per account (rules §5); the refusal says when the next submission is allowed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, RATE_LIMITED_CODE } from '../../../../core/api/catalogue.js';
import type {
  CacheJobParams,
  CacheTaskContext,
  CacheTaskDetail,
  CacheTaskRateLimitedData,
  CacheTaskSubmitted,
  CacheUrlResult,
} from '../../../../core/api/endpoints/cache-tasks.js';
import { FINISHED_JOB_STATES, type JobInfo } from '../../../../core/api/endpoints/platform.js';
import { PURGE_PER_MINUTE, validateSubmissionRate } from '../../../../core/rules/bans.js';
import { CACHE_TASK_KINDS, cacheJobType, previewCacheTask, type CacheTaskKind } from '../../../../core/rules/cache-tasks.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { toJobInfo, type JobRow } from '../../platform/jobs/runner.js';
import { recordOperation } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { registerCacheJobs } from './jobs.js';
import { previewIssues, reachOf, readPurgeKind, readUrlLines, websiteIds } from './payloads.js';
import { SUBMISSION_WINDOW_MS, failedUrls, insertTaskUrls, recentSubmissions, resultCounts, taskUrlPage, websitesWhere } from './store.js';

/** Submissions per minute of each kind: purge URLs, purge directories and prefetch alike (rules §5: 2). */
const PER_MINUTE = PURGE_PER_MINUTE;
const RESULTS: readonly CacheUrlResult[] = ['pending', 'success', 'fail'];

/** When the next submission of a kind is allowed, from the submissions of the last minute (newest first). */
function nextAllowedAt(recent: readonly number[]): number | null {
  return recent.length >= PER_MINUTE ? (recent[PER_MINUTE - 1] as number) + SUBMISSION_WINDOW_MS : null;
}

/** The websites the caller sees, and whether it may manage them (one grant per module, rules §6). */
function callerWebsites(request: FastifyRequest) {
  const caller = permissions(request);
  const visible = websitesWhere(request.server.db, requireSession(request).memberId, caller.visible('domain', 'id'));
  return { visible, manage: caller.can('domain', 'manage') };
}

/** A cache job the caller may see: the account's, and a child's own (as the job list shows them). */
function findCacheJob(request: FastifyRequest, id: number): JobRow | undefined {
  const session = requireSession(request);
  const own = session.accountType === 2 ? ' AND user_id = @own_user' : '';
  return scope(request).get<JobRow>('jobs', {
    where: `id = @id AND type IN ('cache.purge', 'cache.prefetch')${own}`,
    params: { id, own_user: session.userId },
  });
}

/**
 * Checks and enqueues a submission; answers the reply. The rate check and the enqueue run without an await in
 * between, so two submissions racing each other cannot both take the last slot.
 */
function submit(request: FastifyRequest, reply: FastifyReply, kind: CacheTaskKind, lines: readonly string[], retryOf: JobRow | null): FastifyReply {
  const { db } = request.server;
  const session = requireSession(request);
  const now = request.server.now();
  const { visible, manage } = callerWebsites(request);
  const preview = previewCacheTask(lines, kind, reachOf(visible, manage));
  if (!validated(reply, previewIssues(preview))) return reply;

  const recent = recentSubmissions(db, session.memberId, kind, now);
  if (validateSubmissionRate(recent, now, PER_MINUTE) !== null) {
    const next = nextAllowedAt(recent) as number;
    const seconds = Math.max(1, Math.ceil((next - now) / 1000));
    const data: CacheTaskRateLimitedData = { kind, retry_after: seconds, next_allowed_at: isoTime(next) };
    return fail(reply, RATE_LIMITED_CODE, { key: 'cache-task-rate-limited', values: { max: PER_MINUTE, seconds }, data });
  }

  const previous = retryOf ? (JSON.parse(retryOf.params) as CacheJobParams) : null;
  const params: CacheJobParams = {
    kind,
    count: preview.entries.length,
    first_url: preview.entries[0] as string,
    attempt: previous ? previous.attempt + 1 : 1,
    retry_of: retryOf?.id ?? null,
  };
  const ids = websiteIds(preview.entries, visible);
  let job: JobInfo | undefined;
  db.transaction(() => {
    job = request.server.jobs.enqueue({ memberId: session.memberId, userId: session.userId, operator: session.operator, type: cacheJobType(kind), params });
    insertTaskUrls(db, job.id, session.memberId, preview.entries.map((url, index) => ({ url, domainId: ids[index] as number })));
  })();
  const created = job as JobInfo;
  recordOperation(request, {
    area: 'cache',
    action: retryOf ? 'retry' : kind,
    objectId: created.id,
    objectLabel: params.first_url,
    before: null,
    after: { kind, count: params.count, retry_of: params.retry_of },
  });
  const answer: CacheTaskSubmitted = { job: created, duplicates: preview.summary.duplicate };
  return ok(reply, answer);
}

/** Registers the routes (under /api) and the job handlers. */
export async function cacheTaskRoutes(api: FastifyInstance): Promise<void> {
  registerCacheJobs(api.jobs);

  api.get('/V4/cache.task.context', async (request, reply) => {
    const { visible, manage } = callerWebsites(request);
    const now = api.now();
    const memberId = requireSession(request).memberId;
    const allowance = Object.fromEntries(
      CACHE_TASK_KINDS.map((kind) => {
        const recent = recentSubmissions(api.db, memberId, kind, now);
        return [kind, { remaining: Math.max(0, PER_MINUTE - recent.length), next_allowed_at: isoTime(nextAllowedAt(recent)) }];
      }),
    ) as CacheTaskContext['allowance'];
    const answer: CacheTaskContext = { websites: visible.map((row) => ({ ...row, manage })), allowance, per_minute: PER_MINUTE };
    return ok(reply, answer);
  });

  api.post('/V4/cache.purge.create', async (request, reply) => {
    const kind = readPurgeKind(request.body);
    if (!validated(reply, kind === null ? [{ field: 'kind', key: 'common.format-error' }] : [])) return reply;
    return submit(request, reply, kind as CacheTaskKind, readUrlLines(request.body), null);
  });

  api.post('/V4/cache.prefetch.create', async (request, reply) => submit(request, reply, 'prefetch', readUrlLines(request.body), null));

  api.get('/V4/cache.task.detail', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query, { defaultPerPage: 10, maxPerPage: 200 });
    const id = queryInteger(query.id);
    if (id === null) issues.push({ field: 'id', key: 'common.positive-integer' });
    const result = query.result === undefined || query.result === '' ? undefined : String(query.result);
    if (result !== undefined && !(RESULTS as readonly string[]).includes(result)) issues.push({ field: 'result', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const row = findCacheJob(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const urls = taskUrlPage(api.db, row.id, result as CacheUrlResult | undefined, page.perPage, page.offset);
    const answer: CacheTaskDetail = { job: toJobInfo(row), ...urls, counts: resultCounts(api.db, row.id) };
    return ok(reply, answer);
  });

  api.post('/V4/cache.task.retry', async (request, reply) => {
    const id = queryInteger((request.body as Record<string, unknown> | null)?.id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findCacheJob(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!(FINISHED_JOB_STATES as readonly string[]).includes(row.state)) return fail(reply, CONFLICT_CODE, { key: 'cache-task-unfinished' });
    const failed = failedUrls(api.db, row.id);
    if (failed.length === 0) return fail(reply, CONFLICT_CODE, { key: 'cache-task-no-failed-urls' });
    const { kind } = JSON.parse(row.params) as CacheJobParams;
    return submit(request, reply, kind, failed, row);
  });
}
