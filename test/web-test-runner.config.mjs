// web-test-runner in headless Debian Chromium. Test files are bundled with esbuild (NOTES.md: @web/dev-server-esbuild
// cannot load React 19's CommonJS), so tests import the same sources the build uses.
// Worker entries imported with `?worker-url` (see rollup.config.mjs) are bundled the same way and served from
// /__ec-workers__/, so elements start the same self-contained worker scripts in tests as in the build.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';

/** Worker scripts by the path they are served at. */
const workerScripts = new Map();
const WORKER_SUFFIX = '?worker-url';
const WORKER_PATH = '/__ec-workers__/';

/** esbuild plugin: `import url from './x.js?worker-url'` bundles x on its own and answers the URL it is served at. */
function workerUrlPlugin() {
  return {
    name: 'ec-worker-url',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /\?worker-url$/ }, async (args) => {
        const target = args.path.slice(0, -WORKER_SUFFIX.length);
        const resolved = await pluginBuild.resolve(target, { resolveDir: args.resolveDir, importer: args.importer, kind: args.kind });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: resolved.path, namespace: 'ec-worker-url' };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'ec-worker-url' }, async (args) => {
        const result = await build({
          entryPoints: [args.path],
          bundle: true,
          format: 'esm',
          platform: 'browser',
          write: false,
          target: 'es2022',
          sourcemap: 'inline',
          define: { 'process.env.NODE_ENV': '"development"' },
          logLevel: 'silent',
        });
        const code = result.outputFiles[0].text;
        const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
        const path = `${WORKER_PATH}${basename(args.path).replace(/\.(m?[jt]sx?)$/, '')}-${hash}.js`;
        workerScripts.set(path, code);
        return { contents: `export default new URL(${JSON.stringify(path)}, import.meta.url).href;`, loader: 'js', watchFiles: [args.path] };
      });
    },
  };
}

/** Where the bundles' shared chunks are served: React, PrimeReact, core and plotly load once per run, not per file. */
const SHARED_CHUNKS = '__ec-test-chunks__';
/** esbuild's output folder; nothing is written there (write: false), it only anchors the served paths. */
const BUNDLE_OUT = join(process.cwd(), '.ec-test-bundles');

/** The browser test files under test/ (the config's `files` patterns: *.web.test.ts and *.web.test.tsx). */
function allBrowserTestFiles(dir = join(process.cwd(), 'test')) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...allBrowserTestFiles(full));
    else if (/\.web\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/**
 * Bundles test files with esbuild (bundle, ESM, automatic JSX, CSS as text, fonts as data URLs) into entries plus
 * shared chunks, keyed by the path each output is served at. Code splitting keeps what an element loads lazily
 * (plotly, PrimeReact dialogs, catalogues) out of a test's entry until the test shows it, as in the build.
 */
async function bundleTests(entryPoints) {
  const result = await build({
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    outdir: BUNDLE_OUT,
    outbase: process.cwd(),
    chunkNames: `${SHARED_CHUNKS}/[name]-[hash]`,
    jsx: 'automatic',
    target: 'es2022',
    // Linked, not inline: the browser never fetches a map unless a failure's stack is mapped, so a run does not move
    // and parse tens of megabytes of source text it never reads.
    sourcemap: 'linked',
    loader: { '.css': 'text', '.woff2': 'dataurl', '.woff': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl', '.svg': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"development"' },
    // Patient waits on shared CI cores: see test/helpers/open-wc-testing.ts.
    alias: { '@open-wc/testing': join(process.cwd(), 'test/helpers/open-wc-testing.ts') },
    plugins: [workerUrlPlugin()],
    logLevel: 'silent',
  });
  const served = new Map();
  for (const file of result.outputFiles) served.set('/' + relative(BUNDLE_OUT, file.path).split(sep).join('/'), file.text);
  return served;
}

/** The served path of a test file's bundled entry: `/test/x.web.test.tsx` is bundled as `/test/x.web.test.js`. */
const entryPathOf = (testPath) => testPath.replace(/\.tsx?$/, '.js');

/**
 * Serves test files from esbuild bundles. A whole run (no `--files`) bundles every test file in one esbuild build at
 * start: one build instead of one per file, and the shared chunks, named by their content hash, are cached by the
 * browser from one test file to the next. A run of chosen files bundles each file when it is first requested, unless
 * EC_TEST_BUNDLE=all asks for the whole run's bundles (to reproduce a whole run's chunks with a few files).
 */
function esbuildBundlePlugin() {
  const wholeRun = process.env.EC_TEST_BUNDLE === 'all' || !process.argv.some((arg) => arg === '--files' || arg.startsWith('--files='));
  const outputs = new Map();
  let wholeRunBuild = null;
  const remember = (served) => {
    for (const [path, text] of served) outputs.set(path, text);
  };
  return {
    name: 'ec-esbuild-bundle',
    serverStart() {
      if (wholeRun) wholeRunBuild = bundleTests(allBrowserTestFiles()).then(remember);
    },
    async serve(context) {
      const path = context.path;
      if (workerScripts.has(path)) return { body: workerScripts.get(path), type: 'js' };
      if (/\.web\.test\.tsx?$/.test(path)) {
        await wholeRunBuild;
        const entry = entryPathOf(path);
        if (!outputs.has(entry)) remember(await bundleTests([join(process.cwd(), decodeURIComponent(path))]));
        return { body: outputs.get(entry), type: 'js' };
      }
      const output = outputs.get(path);
      if (output === undefined) return undefined;
      const immutable = path.startsWith(`/${SHARED_CHUNKS}/`);
      return {
        body: output,
        type: path.endsWith('.map') ? 'json' : 'js',
        headers: immutable ? { 'cache-control': 'public, max-age=31536000, immutable' } : undefined,
      };
    },
  };
}

/**
 * Element tests talk to the real reference server (DESIGN §5: our own server is never mocked): it runs in-process
 * on an in-memory database with the demo seed, and /api requests from the test page are forwarded to it.
 */
/**
 * One server per test file (web-test-runner session, named in the page's URL and so in every request's Referer),
 * so no test file sees the data another one wrote.
 */
const referenceServers = new Map();
let serverModule = null;
/**
 * The reference server's module graph, imported once: started when the dev server starts, so its seconds of loading
 * overlap the test bundling instead of counting against the first API call's timeout.
 */
function referenceServerModule() {
  serverModule ??= import('../demo/server/app.ts');
  return serverModule;
}
function reference(sessionKey) {
  let server = referenceServers.get(sessionKey);
  if (!server) {
    server = referenceServerModule().then(async ({ buildServer }) => {
      // The English seed: element tests find demo objects by their English names in both console languages (the
      // zh_CN seed is held by test/server/seed-language.test.ts).
      const instance = await buildServer({ dbPath: ':memory:', seedLanguage: 'en_US' });
      await instance.ready();
      return instance;
    });
    referenceServers.set(sessionKey, server);
  }
  return server;
}

function sessionKeyOf(ctx) {
  const referer = ctx.get('referer');
  if (!referer) return 'shared';
  return new URL(referer).searchParams.get('wtr-session-id') ?? 'shared';
}

/** The reference server's port on the loopback, listening from its first event stream on (see below). */
const listening = new WeakMap();
function portOf(server) {
  let port = listening.get(server);
  if (!port) {
    port = server.listen({ port: 0, host: '127.0.0.1' }).then(() => server.server.address().port);
    listening.set(server, port);
  }
  return port;
}

/**
 * Server-Sent Events (the job stream, the bell) cannot go through `inject`, which answers only once the response has
 * ended, and a stream never ends: the request hung, no event arrived, and a page saw a job's progress only when its
 * one catch-up read came after the job had finished, which a loaded machine made rare (the packages test waited 30 s
 * at 0 %). Event streams are piped from the reference server listening on the loopback instead.
 */
async function pipeEventStream(ctx, server) {
  const port = await portOf(server);
  ctx.respond = false;
  await new Promise((resolve) => {
    const upstream = httpRequest({ host: '127.0.0.1', port, method: ctx.method, path: ctx.url, headers: ctx.request.headers }, (answer) => {
      ctx.res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'cache-control': 'no-store' });
      answer.pipe(ctx.res);
      answer.on('end', resolve);
      answer.on('error', resolve);
    });
    upstream.on('error', () => {
      if (!ctx.res.headersSent) ctx.res.writeHead(502);
      ctx.res.end();
      resolve();
    });
    // The page closing the stream ends the upstream request too.
    ctx.res.on('close', () => {
      upstream.destroy();
      resolve();
    });
    ctx.req.pipe(upstream);
  });
}

async function forwardApiToReferenceServer(ctx, next) {
  if (!ctx.path.startsWith('/api/')) return next();
  const server = await reference(sessionKeyOf(ctx));
  if ((ctx.get('accept') ?? '').includes('text/event-stream')) return pipeEventStream(ctx, server);
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const headers = { ...ctx.request.headers };
  delete headers['content-length'];
  const answer = await server.inject({
    method: ctx.method,
    url: ctx.url,
    headers,
    payload: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  ctx.status = answer.statusCode;
  for (const [name, value] of Object.entries(answer.headers)) {
    if (name === 'content-length' || name === 'transfer-encoding' || name === 'connection') continue;
    ctx.set(name, String(value));
  }
  // The dev server would mark `/api/V4/x.list` as a cacheable file by its extension; API answers are never cached.
  ctx.set('cache-control', 'no-store');
  ctx.body = answer.rawPayload;
}

/** Where a browser test appends edge log lines to its reference server's log store (see {@link appendTestLogLines}). */
const TEST_LOG_LINES_PATH = '/__ec-test__/log-lines';

/**
 * Test-only: appends the posted log rows to the store of the test file's reference server. The traffic simulator is
 * off in tests, so an element test that needs lines (log retrieval) writes them through the same `logStore.append` the
 * simulator uses, and then reads them through the real API.
 */
async function appendTestLogLines(ctx, next) {
  if (ctx.path !== TEST_LOG_LINES_PATH || ctx.method !== 'POST') return next();
  const server = await reference(sessionKeyOf(ctx));
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  await server.logStore.append(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  ctx.status = 204;
}

/** Where a browser test sets the plan actions of its reference server's demo account (see {@link setTestPlanActions}). */
const TEST_PLAN_ACTIONS_PATH = '/__ec-test__/plan-actions';

/**
 * Test-only: replaces the demo account's plan actions (a package change has no API in the demo), so an element test
 * can show a plan-gated feature unlocked, e.g. the domain console's live streaming groups (`live_streaming`).
 */
async function setTestPlanActions(ctx, next) {
  if (ctx.path !== TEST_PLAN_ACTIONS_PATH || ctx.method !== 'POST') return next();
  const server = await reference(sessionKeyOf(ctx));
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const { actions } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const { DEMO_MEMBER_ID } = await import('../demo/server/platform/demo-accounts.ts');
  server.db.prepare('UPDATE plans SET actions = ? WHERE member_id = ?').run(JSON.stringify(actions), DEMO_MEMBER_ID);
  ctx.status = 204;
}

/** Where a browser test moves its reference server's demo account to another package version (see {@link setTestPlanLevel}). */
const TEST_PLAN_LEVEL_PATH = '/__ec-test__/plan-level';

/**
 * Test-only: moves every plan of the demo account to a package version with that version's features (the plans
 * area's `changePlanLevel`), so an element test can use a value the business plan's package options refuse (a WAF
 * ban action, a URL error page: rules §6 gating). Answers the level the plans had, for the test to restore.
 */
async function setTestPlanLevel(ctx, next) {
  if (ctx.path !== TEST_PLAN_LEVEL_PATH || ctx.method !== 'POST') return next();
  const server = await reference(sessionKeyOf(ctx));
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const { level } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const { DEMO_MEMBER_ID } = await import('../demo/server/platform/demo-accounts.ts');
  const { changePlanLevel } = await import('../demo/server/features/plans/seed.ts');
  const plans = server.db.prepare('SELECT id, meal_flag FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID);
  for (const plan of plans) changePlanLevel(server.db, plan.id, level);
  ctx.body = { previous: plans[0]?.meal_flag ?? null };
}

/** Where a browser test fills its reference server's log store with layer-4 flows (see {@link simulateTestTcpFlows}). */
const TEST_TCP_FLOWS_PATH = '/__ec-test__/tcp-flows';

/**
 * Test-only: activates the demo account's TCP packages and writes the last `minutes` of simulated layer-4 traffic
 * (the simulator's own edge, demo/server/features/logs/simulator/tcp-edge.ts), so a TCP report test reads real flows through the
 * real API. Answers how many flows were written.
 */
async function simulateTestTcpFlows(ctx, next) {
  if (ctx.path !== TEST_TCP_FLOWS_PATH || ctx.method !== 'POST') return next();
  const server = await reference(sessionKeyOf(ctx));
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const { minutes = 60, rate = 20, seed = 28 } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  const { DEMO_MEMBER_ID } = await import('../demo/server/platform/demo-accounts.ts');
  const { simulateTcpFlows } = await import('../demo/server/features/logs/index.ts');
  const now = Date.now();
  server.db.prepare('UPDATE tcp_packages SET active = 1, expire_at = ? WHERE member_id = ?').run(now + 365 * 86_400_000, DEMO_MEMBER_ID);
  ctx.body = { written: await simulateTcpFlows(server, { from: now - minutes * 60_000, to: now, rate, seed }) };
}

function referenceServerPlugin() {
  return {
    name: 'ec-reference-server',
    serverStart() {
      referenceServerModule();
    },
    async serverStop() {
      await Promise.all([...referenceServers.values()].map(async (server) => (await server).close()));
    },
  };
}

/** Milliseconds the tests of a suite took, nested suites included (hooks are not timed by the runner). */
function suiteMilliseconds(suite) {
  if (!suite) return 0;
  const own = (suite.tests ?? []).reduce((sum, test) => sum + (test.duration ?? 0), 0);
  return own + (suite.suites ?? []).reduce((sum, child) => sum + suiteMilliseconds(child), 0);
}

/**
 * Prints the slowest test files when a run ends: the browser stage is the longest part of `npm test`, and what to make
 * cheaper is where the seconds are.
 */
function slowestFilesReporter(shown = 12) {
  return {
    onTestRunFinished({ sessions }) {
      if (sessions.length < shown) return;
      const timed = sessions
        .map((session) => ({ file: session.testFile.replace(process.cwd() + sep, ''), ms: suiteMilliseconds(session.testResults) }))
        .sort((a, b) => b.ms - a.ms);
      const total = timed.reduce((sum, entry) => sum + entry.ms, 0);
      console.log(`\nSlowest browser test files (test time, ${(total / 1000).toFixed(0)} s in all):`);
      for (const entry of timed.slice(0, shown)) console.log(`  ${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.file}`);
    },
  };
}

const profile = mkdtempSync(join(tmpdir(), 'ec-wtr-profile-'));

export default {
  // Browser tests end in .web.test.ts(x); plain .test.ts files are node tests (test/run.mjs).
  files: ['test/**/*.web.test.ts', 'test/**/*.web.test.tsx'],
  nodeResolve: false,
  concurrency: Number(process.env.EC_WTR_CONCURRENCY ?? 1),
  concurrentBrowsers: 1,
  testsFinishTimeout: 180_000,
  browserStartTimeout: 60_000,
  // A test's whole limit: generous, because a loaded CI machine has taken over 30 s for one that needs 6 s idle.
  testFramework: { config: { timeout: 60_000 } },
  middleware: [appendTestLogLines, setTestPlanActions, setTestPlanLevel, simulateTestTcpFlows, forwardApiToReferenceServer],
  plugins: [referenceServerPlugin(), esbuildBundlePlugin()],
  reporters: [defaultReporter(), slowestFilesReporter()],
  browsers: [
    chromeLauncher({
      // Test files may run side by side (EC_WTR_CONCURRENCY). web-test-runner makes one page per file running at once
      // and reuses it for the files that follow; each page gets a browser context of its own, so one file's storage
      // (drafts, the session, the language) never meets another's running beside it, while the files that follow one
      // another on a page share its cache of the immutable chunks. Every page behaves as the focused one, so keyboard
      // focus can be tested in each (a headless browser otherwise focuses one page).
      async createPage({ browser }) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        const session = await page.createCDPSession();
        await session.send('Emulation.setFocusEmulationEnabled', { enabled: true });
        return page;
      },
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          // Test files run side by side in tabs of one browser: a tab in the background must not have its timers,
          // frames and transitions slowed, or an opening dialog is still transparent when a test checks it.
          '--disable-background-timer-throttling',
          '--disable-backgrounding-occluded-windows',
          '--disable-renderer-backgrounding',
          `--user-data-dir=${profile}`,
        ],
      },
    }),
  ],
};
