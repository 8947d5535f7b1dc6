/**
 * Dedicated-worker entry for batch checks: `new Worker(new URL('./batch-worker.js', import.meta.url), { type:
 * 'module' })`, then post {@link BatchJobRequest}s and read {@link BatchJobMessage}s. All behaviour lives in
 * `batch-jobs.ts`; this module only binds it to the worker's global scope.
 */
import { serveBatchJobs, type BatchJobMessage, type BatchJobRequest, type BatchJobScope } from './batch-jobs.js';

export type { BatchJobMessage, BatchJobRequest };

serveBatchJobs(self as unknown as BatchJobScope);
