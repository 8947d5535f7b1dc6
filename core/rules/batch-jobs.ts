/**
 * Batch checks by name, for a Web Worker: the page posts `{ id, kind, text, limits }` and gets per-line results back,
 * so checking 100,000 lines never blocks the main thread (rules §5 Bans: batch unlock from a 100000-line file). The
 * kind names the line rule; the worker entry module (`batch-worker.ts`) only wires {@link serveBatchJobs} to its
 * global scope, so the protocol is tested in Node with a fake scope.
 */
import { finishBatch, isBatchDone, processBatchRange, startBatch, type BatchLimit, type BatchOptions, type BatchResult } from './batch.js';
import { validateCacheTaskUrl, validatePurgeDirectory } from './bans.js';
import { packBatchResult, packedTransfer, type PackedBatchResult } from './batch-packed.js';
import { validateDnsDomain } from './dns.js';
import { normalizeDomain } from './domain.js';
import { ipIdentity, validateIp, validateIpOrCidr } from './ip.js';
import { validateHttpUrl } from './url.js';
import { validateProtectedPath } from './waf.js';
import { validateWebsiteDomain } from './websites.js';

/** The line rules a job can name. */
export const BATCH_KINDS = {
  /** An IPv4/IPv6 address or CIDR block; repeats by address, whatever the spelling. */
  'ip-or-cidr': { rule: validateIpOrCidr, identity: (text: string) => ipIdentity(text) ?? text },
  /** An IPv4/IPv6 address; repeats by address, whatever the spelling. */
  ip: { rule: validateIp, identity: (text: string) => ipIdentity(text) ?? text },
  /** A domain name without wildcard (DNS batch add). */
  domain: { rule: validateDnsDomain, identity: normalizeDomain },
  /** A domain name, wildcard allowed (websites, certificates). */
  'wildcard-domain': { rule: validateWebsiteDomain, identity: normalizeDomain },
  /** An http(s) URL. */
  url: { rule: validateHttpUrl },
  /** A purge or prefetch URL (no wildcard host). */
  'cache-url': { rule: validateCacheTaskUrl },
  /** A purge directory (ends with /, at most 8 levels). */
  'purge-directory': { rule: validatePurgeDirectory },
  /** A CSRF, replay or exception path. */
  path: { rule: validateProtectedPath },
} satisfies Record<string, Pick<BatchOptions, 'rule' | 'identity'>>;

/** A line rule's name. */
export type BatchKind = keyof typeof BATCH_KINDS;

/** A request to the batch worker. */
export interface BatchJobRequest {
  /** Chosen by the page; every answer carries it back. */
  id: string | number;
  /** Which line rule. */
  kind: BatchKind;
  /** The typed text or file content. */
  text: string;
  /** The count limit and its message, e.g. `{ max: 100000, key: 'bans.unlock-file-limit' }`. */
  limits?: BatchLimit;
  /** Report blank lines as invalid instead of skipping them. */
  blankLines?: 'skip' | 'report';
  /**
   * Answer with a `packed-result` ({@link PackedBatchResult}, its buffers transferred) instead of a `result`: for large
   * batches, whose per-line objects would cost the page a long task to receive.
   */
  packed?: boolean;
}

/** Asks the worker to stop a job it is running. */
export interface BatchJobCancel {
  /** The job to stop. */
  id: string | number;
  /** Always true. */
  cancel: true;
}

/** What the worker posts back: progress while it runs, then one result, cancellation or error. */
export type BatchJobMessage =
  | { id: string | number; type: 'progress'; done: number; total: number }
  | { id: string | number; type: 'result'; result: BatchResult }
  | { id: string | number; type: 'packed-result'; result: PackedBatchResult }
  | { id: string | number; type: 'cancelled' }
  | { id: string | number; type: 'error'; reason: 'unknown-kind' };

/** The part of a worker's global scope the service uses. */
export interface BatchJobScope {
  /** Sends a message to the page, moving the `transfer` buffers with it. */
  postMessage(message: BatchJobMessage, transfer?: ArrayBuffer[]): void;
  /** Receives the page's messages. */
  addEventListener(type: 'message', listener: (event: { data: BatchJobRequest | BatchJobCancel }) => void): void;
}

/** Lines checked between two yields, so a cancel message is seen within a few milliseconds. */
export const BATCH_SLICE_LINES = 20_000;

/** True when the name is a known line rule. */
export function isBatchKind(kind: string): kind is BatchKind {
  return Object.hasOwn(BATCH_KINDS, kind);
}

/** Options for a job: its kind's rule and identity, with the request's limit and blank-line mode. */
export function batchJobOptions(request: Pick<BatchJobRequest, 'kind' | 'limits' | 'blankLines'>): BatchOptions {
  const { rule, identity } = BATCH_KINDS[request.kind] as Pick<BatchOptions, 'rule' | 'identity'>;
  return {
    rule,
    ...(identity ? { identity } : {}),
    ...(request.limits ? { limit: request.limits } : {}),
    ...(request.blankLines ? { blankLines: request.blankLines } : {}),
  };
}

/** Runs a job to the end in one call (the pure core of the worker, also usable on the server). */
export function runBatchJob(request: BatchJobRequest): BatchResult {
  const run = startBatch(request.text, batchJobOptions(request));
  processBatchRange(run, 0, run.rawLines.length);
  return finishBatch(run);
}

/**
 * Serves jobs on a worker scope: each request is checked in slices of {@link BATCH_SLICE_LINES} lines with a
 * macrotask between slices, posting progress after each; a `{ id, cancel: true }` message stops that job.
 */
export function serveBatchJobs(scope: BatchJobScope, yieldToEvents: (next: () => void) => void = (next) => setTimeout(next, 0)): void {
  const cancelled = new Set<string | number>();
  scope.addEventListener('message', (event) => {
    const data = event.data;
    if ('cancel' in data) {
      cancelled.add(data.id);
      return;
    }
    const { id } = data;
    cancelled.delete(id);
    if (!isBatchKind(data.kind)) {
      scope.postMessage({ id, type: 'error', reason: 'unknown-kind' });
      return;
    }
    const run = startBatch(data.text, batchJobOptions(data));
    const total = run.rawLines.length;
    const step = (): void => {
      if (cancelled.has(id)) {
        cancelled.delete(id);
        scope.postMessage({ id, type: 'cancelled' });
        return;
      }
      processBatchRange(run, run.processed, run.processed + BATCH_SLICE_LINES);
      scope.postMessage({ id, type: 'progress', done: run.processed, total });
      if (!isBatchDone(run)) yieldToEvents(step);
      else if (data.packed) {
        const packed = packBatchResult(data.text, finishBatch(run));
        scope.postMessage({ id, type: 'packed-result', result: packed }, packedTransfer(packed));
      } else scope.postMessage({ id, type: 'result', result: finishBatch(run) });
    };
    step();
  });
}
