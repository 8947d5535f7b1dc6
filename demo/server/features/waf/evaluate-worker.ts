/**
 * Worker thread of the evaluation endpoint: runs the matcher of `core/match` (the browser's rule tester runs the
 * same code) away from the event loop, so a pattern that backtracks for a long time holds up only this worker, which
 * the server ends when its time is up.
 */
import { parentPort } from 'node:worker_threads';
import { evaluateRuleSet, type MatchRule, type SampleRequest } from '../../../../core/match/index.js';
import { regionData } from '../account/index.js';

/** A job for the worker. */
export interface EvaluateJob {
  id: number;
  rules: MatchRule[];
  request: SampleRequest;
  /** Per referenced IP list, its entries covering the client IP (found by the server's index). */
  ipLists: Record<number, string[]>;
}

const regions = regionData('en_US').ipRegions;

parentPort?.on('message', (job: EvaluateJob) => {
  try {
    // Nested repetition is evaluated here: the server's time limit stands in for PCRE2's match limit.
    const result = evaluateRuleSet(job.rules, job.request, {
      regions,
      allowNestedQuantifiers: true,
      ipListEntries: (listId) => job.ipLists[listId],
    });
    parentPort!.postMessage({ id: job.id, ok: true, result });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
