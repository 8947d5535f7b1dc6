/**
 * The page side of the batch worker (`core/rules/batch-worker.ts`): checks typed text or a file's content line by
 * line off the main thread and answers a {@link PackedBatchResult}, so a 100,000-line file never blocks the page
 * (rules §5 Bans: batch unlock from a txt file; IP list uploads). One worker serves every element of the page; jobs
 * are told apart by id, report progress, and stop when their signal aborts.
 */
import type { BatchJobMessage, BatchJobRequest } from '../rules/batch-jobs.js';
import type { PackedBatchResult } from '../rules/batch-packed.js';
import batchWorkerUrl from '../rules/batch-worker.js?worker-url';
import { startWorker } from './start-worker.js';

/** What a check needs: the line rule, the text and its limits (the worker's request without id and format). */
export type BatchCheckRequest = Omit<BatchJobRequest, 'id' | 'packed'>;

/** Progress and cancellation of one check. */
export interface BatchCheckOptions {
  /** Raw lines checked so far and in all; called after each slice. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the worker's job and rejects with an `AbortError`. */
  signal?: AbortSignal;
}

interface PendingCheck {
  resolve: (result: PackedBatchResult) => void;
  reject: (reason: unknown) => void;
  onProgress?: (done: number, total: number) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, PendingCheck>();

function abortError(): DOMException {
  return new DOMException('The batch check was cancelled', 'AbortError');
}

/** The page's batch worker, started on first use; a worker that failed is replaced on the next check. */
function batchWorker(): Worker {
  if (worker) return worker;
  const started = startWorker(batchWorkerUrl, 'ec-batch-check');
  started.addEventListener('message', (event: MessageEvent<BatchJobMessage>) => {
    const message = event.data;
    const job = pending.get(message.id as number);
    if (!job) return;
    if (message.type === 'progress') {
      job.onProgress?.(message.done, message.total);
      return;
    }
    pending.delete(message.id as number);
    if (message.type === 'packed-result') job.resolve(message.result);
    else if (message.type === 'cancelled') job.reject(abortError());
    else job.reject(new Error(message.type === 'error' ? `batch check failed: ${message.reason}` : 'unexpected batch answer'));
  });
  started.addEventListener('error', (event) => {
    event.preventDefault();
    if (worker === started) worker = null;
    started.terminate();
    const failure = new Error(`batch worker failed: ${event.message || 'could not start'}`);
    for (const job of pending.values()) job.reject(failure);
    pending.clear();
  });
  worker = started;
  return started;
}

/**
 * Starts the page's batch worker ahead of the first check (a form that takes a batch calls it when it opens), so the
 * user's first check does not also pay for loading the worker script.
 */
export function warmBatchWorker(): void {
  batchWorker();
}

/** Checks `request.text` in the batch worker; resolves with the packed per-line result. */
export function checkBatch(request: BatchCheckRequest, options: BatchCheckOptions = {}): Promise<PackedBatchResult> {
  const { signal, onProgress } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  const id = ++nextId;
  const target = batchWorker();
  return new Promise<PackedBatchResult>((resolve, reject) => {
    const onAbort = () => {
      if (!pending.delete(id)) return;
      target.postMessage({ id, cancel: true });
      reject(abortError());
    };
    const settle = <T>(then: (value: T) => void) => (value: T) => {
      signal?.removeEventListener('abort', onAbort);
      then(value);
    };
    pending.set(id, { resolve: settle(resolve), reject: settle(reject), onProgress });
    signal?.addEventListener('abort', onAbort, { once: true });
    target.postMessage({ ...request, id, packed: true } satisfies BatchJobRequest);
  });
}
