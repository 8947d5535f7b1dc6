// web-test-runner in headless Debian Chromium. Each *.test.ts(x) is bundled with esbuild on request (NOTES.md:
// @web/dev-server-esbuild cannot load React 19's CommonJS), so tests import the same sources the build uses.
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromeLauncher } from '@web/test-runner-chrome';

const bundleCache = new Map();

/** Serves every test file as one esbuild bundle (bundle, ESM, automatic JSX, CSS as text, fonts as data URLs). */
function esbuildBundlePlugin() {
  return {
    name: 'ec-esbuild-bundle',
    async serve(context) {
      const path = context.path;
      if (!/\.web\.test\.tsx?$/.test(path)) return undefined;
      const entry = join(process.cwd(), decodeURIComponent(path));
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        write: false,
        jsx: 'automatic',
        target: 'es2022',
        sourcemap: 'inline',
        loader: { '.css': 'text', '.woff2': 'dataurl', '.woff': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl', '.svg': 'dataurl' },
        define: { 'process.env.NODE_ENV': '"development"' },
        logLevel: 'silent',
      });
      const code = result.outputFiles[0].text;
      bundleCache.set(path, code);
      return { body: code, type: 'js' };
    },
  };
}

/**
 * Element tests talk to the real reference server (DESIGN §5: our own server is never mocked): it runs in-process
 * on an in-memory database with the demo seed, and /api requests from the test page are forwarded to it.
 */
let referenceServer;
function reference() {
  referenceServer ??= import('../demo/server/app.ts').then(async ({ buildServer }) => {
    const server = await buildServer({ dbPath: ':memory:' });
    await server.ready();
    return server;
  });
  return referenceServer;
}

async function forwardApiToReferenceServer(ctx, next) {
  if (!ctx.path.startsWith('/api/')) return next();
  const server = await reference();
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
  ctx.body = answer.rawPayload;
}

function referenceServerPlugin() {
  return {
    name: 'ec-reference-server',
    async serverStop() {
      if (referenceServer) await (await referenceServer).close();
    },
  };
}

const profile = mkdtempSync(join(tmpdir(), 'ec-wtr-profile-'));

export default {
  // Browser tests end in .web.test.ts(x); plain .test.ts files are node tests (test/run.mjs).
  files: ['test/**/*.web.test.ts', 'test/**/*.web.test.tsx'],
  nodeResolve: false,
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 180_000,
  browserStartTimeout: 60_000,
  testFramework: { config: { timeout: 10_000 } },
  middleware: [forwardApiToReferenceServer],
  plugins: [referenceServerPlugin(), esbuildBundlePlugin()],
  browsers: [
    chromeLauncher({
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
          `--user-data-dir=${profile}`,
        ],
      },
    }),
  ],
};
