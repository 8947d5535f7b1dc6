/**
 * Cache purge and prefetch tasks (rules §3 "Cache task", §4 "Task", §5 Purge and Prefetch) and the live job stream.
 * The spec names no calls for these; they follow the house style `V4/<area>.<object>.<verb>`:
 *
 * - `GET  V4/cache.task.context`  the caller's websites (with whether each may be managed) and, per submission kind,
 *   when the next submission is allowed (rules §5: 2 per minute each for URLs, directories and prefetch);
 * - `POST V4/cache.purge.create`  a purge of URLs or directories; `POST V4/cache.prefetch.create` a prefetch;
 * - `GET  V4/cache.task.detail`   one task with its per-URL results and reasons, paged;
 * - `POST V4/cache.task.retry`    the failed URLs of a finished task as a new task;
 * - `POST V4/job.stream.ticket` then `GET V4/job.task.stream?ticket=` the Server-Sent Events of job changes.
 *
 * Why a ticket: EventSource cannot send the `x-token` header, and a token in a URL ends up in logs and history. The
 * client trades its token (in the header, as every call) for a random ticket that is good for one connection within
 * 30 seconds; the stream then lives as long as the session, and ends with an `expired` event when the session does.
 */
import type { ApiClient, QueryParams } from '../client.js';
import type { CacheTaskKind } from '../../rules/cache-tasks.js';
import type { JobInfo, ListAnswer, PageQuery } from './platform.js';

export type { CacheTaskKind };

/** A website of the account as a cache task target. */
export interface CacheTaskWebsite {
  id: number;
  domain: string;
  /** Whether the caller may manage it (rules §6: module domain, access manage), so purge or prefetch its URLs. */
  manage: boolean;
}

/** When a kind may be submitted again. */
export interface CacheTaskAllowance {
  /** Submissions still allowed in the current minute. */
  remaining: number;
  /** ISO time the next submission is allowed; null when one is allowed now. */
  next_allowed_at: string | null;
}

/** Answer of `V4/cache.task.context`. */
export interface CacheTaskContext {
  websites: CacheTaskWebsite[];
  allowance: Record<CacheTaskKind, CacheTaskAllowance>;
  /** Submissions per minute per kind (rules §5: 2). */
  per_minute: number;
}

/** Body of `V4/cache.purge.create`. */
export interface PurgeRequest {
  kind: 'url' | 'directory';
  /** The lines as typed: the server normalises and checks them the same way the preview did. */
  urls: string[];
}

/** Body of `V4/cache.prefetch.create`. */
export interface PrefetchRequest {
  urls: string[];
}

/** The params stored with a cache job. */
export interface CacheJobParams {
  kind: CacheTaskKind;
  /** URLs in the task. */
  count: number;
  /** The first URL, shown in the task list's URL column. */
  first_url: string;
  /** 1 for a new task; a retry counts on from its source. */
  attempt: number;
  /** The task whose failed URLs this one retries. */
  retry_of: number | null;
}

/** The result stored when a cache job completes (rules §4: results success or fail). */
export interface CacheJobResult {
  total: number;
  success: number;
  failed: number;
}

/** Answer of a submission: the new task and how many lines were repeats, ignored (rules §5 "duplicates ignored"). */
export interface CacheTaskSubmitted {
  job: JobInfo;
  duplicates: number;
}

/** Data of RATE_LIMITED_CODE for a cache task submission. */
export interface CacheTaskRateLimitedData {
  kind: CacheTaskKind;
  /** Seconds until the next submission is allowed. */
  retry_after: number;
  /** ISO time of the next allowed submission. */
  next_allowed_at: string;
}

/** The result of one URL (rules §4: success or fail; pending while the task runs). */
export type CacheUrlResult = 'pending' | 'success' | 'fail';

/** Why a URL failed, as the simulated edge reports it. */
export type CacheUrlReason = '' | 'origin-404' | 'origin-timeout' | 'edge-timeout';

/** One URL of a task. */
export interface CacheTaskUrlRow {
  position: number;
  url: string;
  result: CacheUrlResult;
  reason: CacheUrlReason;
  /** Cached objects the purge removed (a directory may clear many); 1 for a prefetched URL. */
  objects: number;
  finished_at: string | null;
}

/** Query of `V4/cache.task.detail`. */
export interface CacheTaskDetailQuery extends PageQuery {
  id: number;
  result?: CacheUrlResult;
}

/** Answer of `V4/cache.task.detail`. */
export interface CacheTaskDetail extends ListAnswer<CacheTaskUrlRow> {
  job: JobInfo;
  counts: Record<CacheUrlResult, number>;
}

/** Answer of `V4/job.stream.ticket`. */
export interface JobStreamTicket {
  ticket: string;
  /** ISO time after which the ticket no longer opens a stream. */
  expires_at: string;
}

/** The events of `V4/job.task.stream`: `ready` once, `job` (a {@link JobInfo}) per change, `expired` at the end. */
export type JobStreamEvent = 'ready' | 'job' | 'expired';

/** Websites and submission allowances of the caller. */
export function getCacheTaskContext(client: ApiClient): Promise<CacheTaskContext> {
  return client.get('V4/cache.task.context');
}

/** Submits a purge; refused rows come back as VALIDATION_FAILED with `urls.<index>` fields. */
export function submitPurge(client: ApiClient, body: PurgeRequest): Promise<CacheTaskSubmitted> {
  return client.post('V4/cache.purge.create', body, { notify: false });
}

/** Submits a prefetch. */
export function submitPrefetch(client: ApiClient, body: PrefetchRequest): Promise<CacheTaskSubmitted> {
  return client.post('V4/cache.prefetch.create', body, { notify: false });
}

/** One task with a page of its URLs. */
export function getCacheTaskDetail(client: ApiClient, query: CacheTaskDetailQuery): Promise<CacheTaskDetail> {
  return client.get('V4/cache.task.detail', { ...query } as QueryParams);
}

/** Retries the failed URLs of a finished task as a new task (rate limited like a submission). */
export function retryCacheTask(client: ApiClient, id: number): Promise<CacheTaskSubmitted> {
  return client.post('V4/cache.task.retry', { id }, { notify: false });
}

/** A ticket for one job stream connection. */
export function createJobStreamTicket(client: ApiClient): Promise<JobStreamTicket> {
  return client.post('V4/job.stream.ticket', {});
}

/** The URL an EventSource opens with a ticket. */
export function jobStreamUrl(client: ApiClient, ticket: string): string {
  const base = client.base.endsWith('/') ? client.base : `${client.base}/`;
  return `${base}V4/job.task.stream?ticket=${encodeURIComponent(ticket)}`;
}
