/**
 * The job handlers of cache tasks (rules §4 "Task"): `cache.purge` and `cache.prefetch` send their URLs to the
 * simulated edge a few per step, record each URL's result and reason, and complete with the counts. A step is safe to
 * repeat after a restart: it only takes URLs still pending.
 */
import type { CacheJobParams, CacheJobResult } from '../../../../core/api/endpoints/cache-tasks.js';
import type { JobHandler, JobRunner } from '../../platform/jobs/runner.js';
import { applyToEdge, URLS_PER_STEP } from './edge.js';
import { edgeOutcome } from './edge-outcome.js';
import { pendingUrls, recordUrlResult, resultCounts } from './store.js';

const handler: JobHandler<CacheJobParams, null> = {
  step({ jobId, memberId, params, db, now }) {
    const batch = pendingUrls(db, jobId, URLS_PER_STEP);
    db.transaction(() => {
      for (const row of batch) {
        const outcome = edgeOutcome(params.kind, row.url, params.attempt);
        const objects = outcome.ok ? applyToEdge(db, params.kind, memberId, row.domain_id, row.url, now()) : 0;
        recordUrlResult(db, jobId, row.position, { result: outcome.ok ? 'success' : 'fail', reason: outcome.reason, objects }, now());
      }
    })();
    const counts = resultCounts(db, jobId);
    const total = counts.pending + counts.success + counts.fail;
    if (counts.pending === 0) {
      const result: CacheJobResult = { total, success: counts.success, failed: counts.fail };
      return { done: true, result };
    }
    return { done: false, state: null, progress: ((total - counts.pending) / total) * 100 };
  },
};

/** Registers both cache task types with the runner. */
export function registerCacheJobs(jobs: JobRunner): void {
  jobs.register('cache.purge', handler);
  jobs.register('cache.prefetch', handler);
}
