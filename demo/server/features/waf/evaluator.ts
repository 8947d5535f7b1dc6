/**
 * Runs rule-set evaluations in one worker thread with a time limit. A pattern that backtracks for too long cannot be
 * interrupted inside a RegExp, so the worker is ended and a fresh one starts for the next evaluation; the caller is
 * told the evaluation timed out.
 */
import { Worker } from 'node:worker_threads';
import type { MatchRule, RuleSetEvaluation, SampleRequest } from '../../../../core/match/index.js';
import type { EvaluateJob } from './evaluate-worker.js';

/** How long one evaluation may take. */
export const EVALUATION_TIMEOUT_MS = 2000;

/** What an evaluation ends with. */
export type EvaluationOutcome = { ok: true; result: RuleSetEvaluation } | { ok: false; reason: 'timeout' | 'failed' };

/** The evaluator of one server. */
export interface Evaluator {
  /** Evaluates; `ipLists` holds, per referenced list, the entries covering the sample's client IP. */
  evaluate(rules: MatchRule[], request: SampleRequest, ipLists?: Record<number, string[]>): Promise<EvaluationOutcome>;
  close(): Promise<void>;
}

/** Creates the evaluator; its worker starts on the first evaluation. */
export function createEvaluator(timeoutMs = EVALUATION_TIMEOUT_MS): Evaluator {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, (outcome: EvaluationOutcome) => void>();

  function start(): Worker {
    // Node 20 does not carry `--import tsx` into workers: the worker registers tsx itself, then loads the
    // TypeScript entry, so it runs the same sources as the server.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./evaluate-worker.ts', import.meta.url).href;
    const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
    const started = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
    started.unref();
    started.on('message', (message: { id: number; ok: boolean; result?: RuleSetEvaluation }) => {
      const settle = pending.get(message.id);
      pending.delete(message.id);
      settle?.(message.ok ? { ok: true, result: message.result! } : { ok: false, reason: 'failed' });
    });
    started.on('error', () => {
      for (const settle of pending.values()) settle({ ok: false, reason: 'failed' });
      pending.clear();
      if (worker === started) worker = null;
    });
    return started;
  }

  return {
    evaluate(rules, request, ipLists = {}) {
      worker ??= start();
      const current = worker;
      const id = ++nextId;
      return new Promise<EvaluationOutcome>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // Every job queued behind the stuck one is lost with the worker: tell them too.
          for (const settle of pending.values()) settle({ ok: false, reason: 'timeout' });
          pending.clear();
          if (worker === current) worker = null;
          void current.terminate();
          resolve({ ok: false, reason: 'timeout' });
        }, timeoutMs);
        pending.set(id, (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        });
        current.postMessage({ id, rules, request, ipLists } satisfies EvaluateJob);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
