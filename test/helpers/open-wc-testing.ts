/**
 * @open-wc/testing as the browser tests see it (test/web-test-runner.config.mjs aliases the package here): the
 * same exports, but `waitUntil` waits up to 20 s by default instead of 1 s, and `to.be.accessible()` first lets the
 * element's transitions end (below). CI runs the whole suite on two shared
 * cores beside the end-to-end flows, where a render through the real reference server has been seen to take over 5 s;
 * a test that means "soon" should not fail on a slow machine (a passing wait costs no more for the longer limit).
 */
import { chai, waitUntil as waitBriefly } from '../../node_modules/@open-wc/testing/index.js';

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

/** Longest wait for an element's transitions before axe runs anyway (axe then reports what it sees). */
const MOTION_WAIT_MS = 5_000;

/** Whether an animation of the element is still moving (spinners and skeletons move forever and are not waited for). */
function moving(animation: Animation): boolean {
  return animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity;
}

/**
 * axe measures colour contrast on what is painted: during a dialog's fade in or out every text is half transparent and
 * fails it (CI saw a batch edit dialog's button at 4.14:1 mid fade). So `to.be.accessible()` waits until no finite
 * animation or transition of the element (its shadow tree included) is running, then checks.
 */
chai.Assertion.overwriteMethod('accessible', (check: (...args: unknown[]) => Promise<void>) =>
  async function (this: Chai.AssertionStatic, ...args: unknown[]) {
    const subject = chai.util.flag(this, 'object') as unknown;
    if (subject instanceof Element) {
      const roots: Array<Element | ShadowRoot> = [subject, ...(subject.shadowRoot ? [subject.shadowRoot] : [])];
      const stillMoving = () => roots.some((root) => (root instanceof Element ? root.getAnimations({ subtree: true }) : root.getAnimations()).some(moving));
      await waitBriefly(() => !stillMoving(), 'transitions end before axe', { timeout: MOTION_WAIT_MS }).catch(() => undefined);
    }
    return check.apply(this, args);
  },
);
