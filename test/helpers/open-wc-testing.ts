/**
 * @open-wc/testing as the browser tests see it (test/web-test-runner.config.mjs aliases the package here): the
 * same exports, but `waitUntil` waits up to 5 s by default instead of 1 s. CI runs the whole suite on two shared
 * cores, where a first render through the real reference server can take longer than a second; a test that means
 * "soon" should not fail on a slow machine.
 */
import { waitUntil as waitBriefly } from '../../node_modules/@open-wc/testing/index.js';

export * from '../../node_modules/@open-wc/testing/index.js';

/** Default wait of `waitUntil`, in milliseconds. */
export const DEFAULT_WAIT_MS = 5000;

/** `waitUntil` with the longer default; an explicit `timeout` still wins. */
export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return waitBriefly(predicate, message, { timeout: DEFAULT_WAIT_MS, ...options });
}
