/**
 * Browser visits for the benchmarks: Debian's Chromium against the reference server, timing when named conditions
 * first hold (polled every animation frame from navigation start) and counting the JS that crossed the network.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';

/** The viewport the benchmarks measure at. */
export const VIEWPORT = { width: 1280, height: 800 };

/** What one visit measured. */
export interface Visit {
  /** Milliseconds from navigation start to the condition. */
  ms: Record<string, number>;
  /** Compressed JS bytes received over the network, and how many scripts (cached ones not counted). */
  jsBytes: number;
  scripts: number;
}

/**
 * Before any page script: polls every animation frame for each named condition and records `performance.now()`
 * (milliseconds since navigation start) when it first holds. A condition is a chain of selectors, host then inside
 * its shadow root: `['ec-domain-list', 'tbody td']` is a cell inside the shadow root of an `<ec-domain-list>` found anywhere
 * (in the document or any open shadow root).
 */
export function watchConditions(conditions: Record<string, readonly [string, string]>): string {
  return `(() => {
    const conditions = ${JSON.stringify(conditions)};
    const seen = (window.__benchSeen = {});
    const everywhere = (root, selector) => {
      const found = [...root.querySelectorAll(selector)];
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) found.push(...everywhere(element.shadowRoot, selector));
      return found;
    };
    const holds = ([host, inner]) => everywhere(document, host).some((element) => element.shadowRoot && element.shadowRoot.querySelector(inner));
    const tick = () => {
      for (const [name, chain] of Object.entries(conditions)) if (!(name in seen) && document.body && holds(chain)) seen[name] = performance.now();
      if (Object.keys(seen).length < Object.keys(conditions).length) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

export async function visit(context: BrowserContext, url: string, conditions: Record<string, readonly [string, string]>): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(watchConditions(conditions));
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(url);
  await page.waitForFunction((count) => Object.keys((window as unknown as { __benchSeen: object }).__benchSeen).length === count, Object.keys(conditions).length, {
    timeout: 60_000,
  });
  const ms = await page.evaluate(() => (window as unknown as { __benchSeen: Record<string, number> }).__benchSeen);
  // A script served from the cache reports no body size: only what crossed the network is counted.
  const bytes = (await Promise.all(sizes)).filter((size) => size > 0);
  await page.close();
  return { ms, jsBytes: bytes.reduce((sum, size) => sum + size, 0), scripts: bytes.length };
}

/** A fresh context (empty cache) signed in as the demo parent, by the sign-in page. */
export async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const signIn = await browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT });
  const page = await signIn.newPage();
  await page.goto(`${url}/console/login`);
  await page.locator('input[type="email"], input[name="email"]').first().fill(DEMO_PARENT_EMAIL);
  await page.locator('input[type="password"]').first().fill(DEMO_PARENT_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.locator('nav.ec-sidebar').waitFor();
  const state = await signIn.storageState();
  await signIn.close();
  // A new context has its own empty HTTP cache; the storage state carries the session token only.
  return browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT, storageState: state });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
