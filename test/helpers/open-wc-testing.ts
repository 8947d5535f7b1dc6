/**
 * @open-wc/testing as the browser tests see it (test/web-test-runner.config.mjs aliases the package here): the
 * same exports, but `waitUntil` waits up to 10 s by default instead of 1 s. CI runs the whole suite on two shared
 * cores beside the end-to-end flows, where a render through the real reference server has been seen to take over 5 s;
 * a test that means "soon" should not fail on a slow machine (a passing wait costs no more for the longer limit).
 */
import { waitUntil as waitBriefly } from '../../node_modules/@open-wc/testing/index.js';

export * from '../../node_modules/@open-wc/testing/index.js';

/**
 * Default wait of `waitUntil`, in milliseconds. Only a failing wait costs it; full runs on the two-core machine (two
 * browser test files at a time beside the node tests or an end-to-end file) took over 10 s for a job's live progress or
 * a dashboard's first read of the log store, while the same files alone passed in seconds.
 */
export const DEFAULT_WAIT_MS = 20_000;

/** `waitUntil` with the longer default; an explicit `timeout` still wins. */
export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return waitBriefly(predicate, message, { timeout: DEFAULT_WAIT_MS, ...options });
}
