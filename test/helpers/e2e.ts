/**
 * End-to-end harness: the real reference server on a free port with an in-memory database (DESIGN §5: never
 * mocked), Debian's Chromium driven by playwright-core, and a watcher that fails a test on any console error or
 * CSP violation.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildServer, type ServerOptions } from '../../demo/server/app.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';

/** Flags for headless Chromium here (NOTES.md): root needs --no-sandbox; the rest keep it off the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running reference server. */
export interface RunningServer {
  url: string;
  /** The server itself, for a flow that must set up what the demo has no screen for (e.g. a package version). */
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the reference server on 127.0.0.1 and a free port, serving the build of EC_DIST_DIR (test/run.mjs) or dist/. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const distDir = process.env.EC_DIST_DIR;
  const app = await buildServer({ dbPath: ':memory:', ...(distDir ? { distDir } : {}), ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/** Launches Debian's Chromium (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Problems seen on a page: console errors, uncaught exceptions, CSP violations. */
export interface PageProblems {
  errors: string[];
}

/** Records every console error, page error and CSP violation of the page. */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { errors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.errors.push(`page: ${error.message}`));
  return problems;
}

/** A fresh context and page with the watcher attached. */
export async function openPage(browser: Browser, options: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ locale: options.locale ?? 'zh-CN', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  // CSP violations also reach the page as securitypolicyviolation events; count them as errors.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { context, page, problems };
}

/** Who signs in: the demo parent account (default), or a sub-account of the demo account by name and password. */
export type SignInAs = { parent: true } | { child: string; password: string };

/**
 * Signs in through the demo host's own sign-in page, as a person would, in any language (the fields are found by
 * their ids, not their translated labels), and waits for the console's menu; `language` picks the console's language
 * first. The one sign-in of the e2e flows.
 */
export async function signIn(page: Page, serverUrl: string, as: SignInAs = { parent: true }, options: { language?: 'zh_CN' | 'en_US' } = {}): Promise<void> {
  // The console's language choice, kept where the demo host keeps it, before the first page loads.
  if (options.language) await page.addInitScript(`localStorage.setItem('lang', ${JSON.stringify(options.language)})`);
  if ('child' in as) {
    await page.goto(`${serverUrl}/console/login-child/#/?member_id=${DEMO_MEMBER_ID}`);
    await page.locator('#sign-in-userName').fill(as.child);
    await page.locator('#sign-in-password').fill(as.password);
  } else {
    await page.goto(`${serverUrl}/console/login`);
    await page.locator('#sign-in-email').fill(DEMO_PARENT_EMAIL);
    await page.locator('#sign-in-password').fill(DEMO_PARENT_PASSWORD);
  }
  await page.locator('form button[type="submit"]').click();
  await page.locator('nav.ec-sidebar').waitFor();
}

/**
 * Opens the menus of the products not in use (the sidebar shows only the current product's menu open), so a test can
 * list every menu link. They stay open while the page navigates inside the console.
 */
export async function openEveryProductMenu(page: Page): Promise<void> {
  const closed = page.locator('nav.ec-sidebar .ec-sidebar-module-toggle[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Clicks a menu link, opening the products' menus first if the one holding it is closed. */
export async function clickMenuLink(page: Page, href: string): Promise<void> {
  await openEveryProductMenu(page);
  await page.locator(`nav.ec-sidebar a[href="${href}"]`).click();
}

/** Saves a screenshot under test-results/ (kept as a test artifact, never committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync('test-results', { recursive: true });
  const path = `test-results/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A partner's web server on its own loopback origin (test/e2e/embedding.e2e.ts, frameworks.e2e.ts). */
export interface PartnerSite {
  origin: string;
  close(): Promise<void>;
}

/** What a partner page answers: a type and a body, or undefined for "not mine". */
export type PartnerAnswer = { type: string; body: string; headers?: Record<string, string> } | undefined;

/**
 * Starts a partner's site: `answer` serves its own pages and scripts; `/lib/…` serves the library files the partner
 * hosts itself, copied from the reference server's build (`apiServer()` is read per request, so the site can start
 * before the server that lists its origin for CORS); anything else is an empty 204 (a favicon, without a 404 in the
 * console).
 */
export async function startPartnerSite(apiServer: () => RunningServer, answer: (path: string) => PartnerAnswer): Promise<PartnerSite> {
  const site = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://partner').pathname;
    const own = answer(path);
    if (own) {
      response.writeHead(200, { 'content-type': own.type, ...own.headers });
      response.end(own.body);
      return;
    }
    if (path.startsWith('/lib/')) {
      const upstream = await fetch(`${apiServer().url}/console/assets/${path.slice('/lib/'.length)}`);
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

/** axe-core's browser build, read once. */
let axeSource: string | null = null;

/**
 * The serious and critical axe violations of the page as it is now, one line each (issue 19: 0 on every route).
 * axe is evaluated through DevTools like every page script of these tests, not added as a <script>, so the page
 * keeps its real CSP while it is checked.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id + ' (' + violation.impact + '): ' + violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)).join(', ')))`);
}
