/**
 * SQL of cache tasks: the URLs of each task with their results, the submissions of the last minute (rules §5: 2 per
 * minute per kind) and the websites a caller may purge.
 */
import type { CacheTaskKind, CacheTaskUrlRow, CacheUrlReason, CacheUrlResult } from '../../../../core/api/endpoints/cache-tasks.js';
import { cacheJobType } from '../../../../core/rules/cache-tasks.js';
import { prepare, isoTime, type Db } from '../../platform/database.js';

/** The sliding window of the submission limit. */
export const SUBMISSION_WINDOW_MS = 60_000;

interface TaskUrlRow {
  position: number;
  url: string;
  domain_id: number;
  result: CacheUrlResult;
  reason: CacheUrlReason;
  objects: number;
  finished_at: number | null;
}

/** One URL to store with a new task. */
export interface TaskUrl {
  url: string;
  domainId: number;
}

/** Stores the URLs of a new task, all pending. */
export function insertTaskUrls(db: Db, jobId: number, memberId: number, urls: readonly TaskUrl[]): void {
  const insert = prepare(db, 'INSERT INTO cache_task_urls (job_id, member_id, position, url, domain_id) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => urls.forEach((entry, index) => insert.run(jobId, memberId, index + 1, entry.url, entry.domainId)))();
}

/** The next pending URLs of a task, in order. */
export function pendingUrls(db: Db, jobId: number, limit: number): TaskUrlRow[] {
  return prepare(db, `SELECT * FROM cache_task_urls WHERE job_id = ? AND result = 'pending' ORDER BY position LIMIT ?`).all(jobId, limit) as TaskUrlRow[];
}

/** Records the edge's answer for one URL. */
export function recordUrlResult(db: Db, jobId: number, position: number, outcome: { result: 'success' | 'fail'; reason: CacheUrlReason; objects: number }, now: number): void {
  prepare(db, `UPDATE cache_task_urls SET result = ?, reason = ?, objects = ?, finished_at = ? WHERE job_id = ? AND position = ?`).run(
    outcome.result,
    outcome.reason,
    outcome.objects,
    now,
    jobId,
    position,
  );
}

/** URLs of a task per result. */
export function resultCounts(db: Db, jobId: number): Record<CacheUrlResult, number> {
  const counts: Record<CacheUrlResult, number> = { pending: 0, success: 0, fail: 0 };
  const rows = prepare(db, 'SELECT result, COUNT(*) AS n FROM cache_task_urls WHERE job_id = ? GROUP BY result').all(jobId) as { result: CacheUrlResult; n: number }[];
  for (const row of rows) counts[row.result] = row.n;
  return counts;
}

/** One page of a task's URLs, optionally of one result. */
export function taskUrlPage(db: Db, jobId: number, result: CacheUrlResult | undefined, limit: number, offset: number): { list: CacheTaskUrlRow[]; total: number } {
  const where = result ? 'job_id = ? AND result = ?' : 'job_id = ?';
  const params = result ? [jobId, result] : [jobId];
  const total = (prepare(db, `SELECT COUNT(*) AS n FROM cache_task_urls WHERE ${where}`).get(...params) as { n: number }).n;
  const rows = prepare(db, `SELECT * FROM cache_task_urls WHERE ${where} ORDER BY position LIMIT ? OFFSET ?`).all(...params, limit, offset) as TaskUrlRow[];
  return {
    total,
    list: rows.map((row) => ({
      position: row.position,
      url: row.url,
      result: row.result,
      reason: row.reason,
      objects: row.objects,
      finished_at: isoTime(row.finished_at),
    })),
  };
}

/** The failed URLs of a task, in order. */
export function failedUrls(db: Db, jobId: number): string[] {
  return (prepare(db, `SELECT url FROM cache_task_urls WHERE job_id = ? AND result = 'fail' ORDER BY position`).all(jobId) as { url: string }[]).map((row) => row.url);
}

/** Creation times (newest first) of the account's submissions of a kind within the window. */
export function recentSubmissions(db: Db, memberId: number, kind: CacheTaskKind, now: number): number[] {
  const rows = prepare(
    db,
    `SELECT created_at FROM jobs WHERE member_id = ? AND type = ? AND json_extract(params, '$.kind') = ? AND created_at > ?
      ORDER BY created_at DESC`,
  ).all(memberId, cacheJobType(kind), kind, now - SUBMISSION_WINDOW_MS) as { created_at: number }[];
  return rows.map((row) => row.created_at);
}

/** A website as a cache task target. */
export interface WebsiteRow {
  id: number;
  domain: string;
}

/** The account's websites matching a permission condition. */
export function websitesWhere(db: Db, memberId: number, condition: { where: string; params: Record<string, unknown> }): WebsiteRow[] {
  return prepare(db, `SELECT id, domain FROM domains WHERE member_id = @member_id AND (${condition.where}) ORDER BY domain`).all({
    ...condition.params,
    member_id: memberId,
  }) as WebsiteRow[];
}
