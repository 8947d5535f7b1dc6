/**
 * Worker thread of the evaluation endpoint: runs the matcher of `core/match` (the browser's rule tester runs the
 * same code) away from the event loop, so a pattern that backtracks for a long time holds up only this worker, which
 * the server ends when its time is up. Each account has workers of its own (see `evaluator.ts`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { evaluateRuleSet, type MatchRule, type RuleSetEvaluation, type SampleRequest } from '../../../../core/match/index.js';
import { regionData } from '../account/index.js';

/** A job for the worker. */
export interface EvaluateJob {
  id: number;
  rules: MatchRule[];
  request: SampleRequest;
  /** Per referenced IP list, its entries covering the client IP (found by the server's index). */
  ipLists: Record<number, string[]>;
}

/** What the worker posts: it has loaded, or a job's answer. */
export type EvaluateReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; ok: true; result: RuleSetEvaluation }
  | { type: 'done'; id: number; ok: false; error: string };

/**
 * Shared with the server: [job id, position of the rule whose patterns run now]. Written before each rule, so when
 * this thread is stuck inside a RegExp the server still reads which rule it is stuck on.
 */
const progress = (workerData as { progress: Int32Array }).progress;
const regions = regionData('en_US').ipRegions;

parentPort?.on('message', (job: EvaluateJob) => {
  let reply: EvaluateReply;
  try {
    // Nested repetition is evaluated here: the server's time limit stands in for PCRE2's match limit.
    const result = evaluateRuleSet(job.rules, job.request, {
      regions,
      allowNestedQuantifiers: true,
      ipListEntries: (listId) => job.ipLists[listId],
      onRule: (index) => Atomics.store(progress, 1, index),
    });
    reply = { type: 'done', id: job.id, ok: true, result };
  } catch (error) {
    reply = { type: 'done', id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort?.postMessage({ type: 'ready' } satisfies EvaluateReply);
