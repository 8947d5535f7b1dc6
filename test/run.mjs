#!/usr/bin/env node
// `npm test`: every suite a clean machine needs, in two lanes side by side (one per core): the production build within
// its size budgets, then browser tests in headless Debian Chromium; and the type check, then the node tests (core,
// rules, server). Both lanes then share the end-to-end flows against the real reference server on that build, one file
// at a time. Stops starting stages after a red one.
// `node test/run.mjs <stage>...` runs only the named stages: types, node, budgets, browser, e2e.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Hundreds of test servers and sign-ins: passwords are hashed at a cheap scrypt cost in tests (the production cost,
// OWASP's N=2^17, is checked by test/server/auth.test.ts on its own).
process.env.EC_FAST_PASSWORD_HASHING ??= '1';
const only = process.argv.slice(2);
const want = (stage) => only.length === 0 || only.includes(stage);

function findFiles(dir, suffixes) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...findFiles(full, suffixes));
    else if (suffixes.some((suffix) => name.endsWith(suffix))) out.push(relative(root, full));
  }
  return out.sort();
}

/** Chromium is a system package: install Debian's when we may, otherwise say exactly what to do. */
export function ensureChromium() {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('Chromium is missing: installing Debian\'s chromium with apt-get …');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) {
        console.error('apt-get failed; install Chromium by hand: apt-get install -y chromium');
        process.exit(1);
      }
    }
    if (existsSync(path)) return path;
  }
  console.error(
    'Chromium is needed for the browser and end-to-end tests and was not found at ' + path + '.\n' +
      'Install it as root with:  apt-get update && apt-get install -y chromium\n' +
      'or point CHROME_PATH at an existing Chromium or Chrome binary.',
  );
  process.exit(1);
}

function ensureSqliteBinding() {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], {
    cwd: root,
    encoding: 'utf8',
  });
  if (probe.status !== 0) {
    console.error(
      'The better-sqlite3 native binding did not build, so the reference server cannot run.\n' +
        'It compiles from source here (python3, make, g++): run `npm rebuild better-sqlite3` and read its output.\n' +
        probe.stderr,
    );
    process.exit(1);
  }
}

/** A stage to run: a label and the command line, with extra environment; `after` is a stage it must wait for. */
function stage(label, command, args, env = {}, after = null) {
  return { label, command, args, env, after, done: null };
}

let failedCode = 0;

/** Runs one stage; its output streams when `stream`, otherwise it is held and printed whole when it ends. */
function runStage(entry, stream) {
  entry.done = (async () => {
    if (entry.after) await entry.after.done;
    if (failedCode !== 0) return failedCode;
    console.log(`\n── ${entry.label} ──`);
    const started = Date.now();
    const code = await new Promise((resolve) => {
      const child = spawn(entry.command, entry.args, {
        cwd: root,
        stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...entry.env },
      });
      const held = [];
      child.stdout?.on('data', (chunk) => held.push(chunk));
      child.stderr?.on('data', (chunk) => held.push(chunk));
      child.on('close', (exitCode, signal) => {
        if (held.length > 0) {
          console.log(`\n── output of ${entry.label} ──`);
          process.stdout.write(Buffer.concat(held));
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const ok = exitCode === 0;
        console.log(ok ? `✓ ${entry.label} (${seconds} s)` : `\n✗ ${entry.label} failed (${seconds} s${signal ? `, ${signal}` : ''})`);
        resolve(ok ? 0 : (exitCode ?? 1));
      });
    });
    if (code !== 0 && failedCode === 0) failedCode = code;
    return code;
  })();
  return entry.done;
}

/**
 * Runs lanes side by side, each a list of stages one after another, and stops starting stages once one failed. The
 * machine has two cores: each lane keeps about one busy. A lane that has run its own stages then takes shared work
 * (end-to-end files) from `queue` one at a time until none is left, so the lanes end close together whatever each
 * stage's length. The first lane streams its output; the others' is held and printed whole when each stage ends, so
 * two logs never interleave.
 */
async function runLanes(lanes, queue = []) {
  await Promise.all(
    lanes.map(async (lane, index) => {
      for (const entry of lane) {
        if (failedCode !== 0) return;
        await runStage(entry, index === 0);
      }
      while (queue.length > 0 && failedCode === 0) await runStage(queue.shift(), index === 0);
    }),
  );
  if (failedCode !== 0) process.exit(failedCode);
}

function nodeTestStage() {
  ensureSqliteBinding();
  // Node tests are every *.test.ts that is not a browser test (*.web.test.ts) or an end-to-end flow. They run in one
  // process (test/helpers/node-suite.mjs): loading the server's modules once instead of once per file.
  const nodeTests = ['test/core', 'test/server', 'test/elements']
    .flatMap((dir) => findFiles(join(root, dir), ['.test.ts']))
    .filter((file) => !file.endsWith('.web.test.ts'));
  if (nodeTests.length === 0) return null;
  return stage('node tests (core, rules, elements, server)', process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/helpers/node-suite.mjs'], {
    EC_NODE_TEST_FILES: nodeTests.join('\n'),
  });
}

const chrome = want('browser') || want('e2e') ? ensureChromium() : null;

// The shipped build (minified, precompressed) into a temporary folder: it fails when a route or an element passes
// its size budget (elements/size-budgets.json), so a change that makes a page heavier does not land. The end-to-end
// tests run against that same build when both stages run: one build instead of two, and they see what ships.
const distDir = want('budgets') || want('e2e') ? mkdtempSync(join(tmpdir(), 'ec-dist-')) : null;
const build = want('budgets')
  ? stage('production build within the size budgets', process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], { EC_DIST_DIR: distDir })
  : want('e2e')
    ? stage('build for end-to-end tests', process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], { EC_SKIP_TERSER: '1', EC_DIST_DIR: distDir })
    : null;
// Incremental: tsc keeps what it learnt about each file (its signature and diagnostics) in a cache under node_modules
// and re-checks only the files a change can reach, so a run after a small change checks in seconds, with the same
// diagnostics as a full check. A clean clone has no cache and checks everything.
const types = want('types')
  ? stage('type check (tsc --noEmit)', process.execPath, [
      'node_modules/typescript/bin/tsc',
      '--noEmit',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      'node_modules/.cache/edge-console/tsc.tsbuildinfo',
    ])
  : null;
const browser = want('browser')
  ? stage('browser tests (web-test-runner, headless Chromium)', process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', '--config', 'test/web-test-runner.config.mjs'], {
      CHROME_PATH: chrome,
      // Two test files at a time, each on its own page and browser context: a browser test mostly waits (for the
      // reference server, transitions, debounces), so a second one fills the waits (measured: 183 s -> 138 s for five
      // files on a loaded machine).
      EC_WTR_CONCURRENCY: process.env.EC_WTR_CONCURRENCY ?? '2',
    })
  : null;
const nodeTests = want('node') ? nodeTestStage() : null;
// End-to-end flows, the longest first, so the last one to start is short and the two lanes end together. A file's length
// says little about its time (layout-*.e2e.ts is mid-sized and among the longest), so the order comes from measured
// times: seconds per file in full runs on the two-core machine under load (session 7; the four marked ~ were timed
// alone under heavier load and scaled). A file not listed yet runs before every listed one, the larger first: it may be
// long, and a short one started early costs nothing.
const E2E_SECONDS = {
  'route-sweep.e2e.ts': 100, // issue 29: 80-110 s alone (two sweeps of ~40 s, 140 and 147 routes, each with its own server)
  'layout-zh.e2e.ts': 75,
  'layout-en.e2e.ts': 65,
  'access-management.e2e.ts': 125,
  'console-shell.e2e.ts': 100,
  'domain-console.e2e.ts': 90,
  'loading.e2e.ts': 85, // ~
  'logs.e2e.ts': 65,
  'frameworks.e2e.ts': 55, // ~
  'embedding.e2e.ts': 50, // ~
  'dns.e2e.ts': 55,
  'cache-tasks.e2e.ts': 50,
  'templates.e2e.ts': 48,
  'bans.e2e.ts': 46,
  'user-center.e2e.ts': 45,
  'certificates.e2e.ts': 40, // ~
  'access.e2e.ts': 35,
  'plans.e2e.ts': 23,
  'reports.e2e.ts': 43,
  'firewall-block-list.e2e.ts': 60, // ~
  'layer4.e2e.ts': 23,
  'sdk.e2e.ts': 65,
  'domains.e2e.ts': 22,
  'waf.e2e.ts': 22,
  'message-center.e2e.ts': 16,
  'cache.e2e.ts': 12,
  'conditions.e2e.ts': 20,
  'web-security.e2e.ts': 30, // ~
  'security-module.e2e.ts': 40, // ~
};
const e2eSeconds = (file) => E2E_SECONDS[relative('test/e2e', file)] ?? Infinity;
const e2eFiles = want('e2e')
  ? findFiles(join(root, 'test/e2e'), ['.e2e.ts']).sort(
      (a, b) => e2eSeconds(b) - e2eSeconds(a) || statSync(join(root, b)).size - statSync(join(root, a)).size,
    )
  : [];

/**
 * End-to-end files run a few to a process (test/helpers/node-suite.mjs, as the node tests do): each process loads the
 * reference server, playwright and tsx's module graph once, about 5 s of CPU that a process per file paid two dozen
 * times. Groups are filled in the longest-first order up to about {@link E2E_GROUP_SECONDS} of measured time, so the
 * long files stay alone; the last {@link E2E_TAIL_SINGLES} files stay alone too, so the lanes still end close together.
 */
const E2E_GROUP_SECONDS = 120;
const E2E_TAIL_SINGLES = 3;
function e2eGroups(files) {
  const groups = [];
  let current = [];
  let seconds = 0;
  files.forEach((file, index) => {
    const cost = Number.isFinite(e2eSeconds(file)) ? e2eSeconds(file) : E2E_GROUP_SECONDS;
    const tail = index >= files.length - E2E_TAIL_SINGLES;
    if (current.length > 0 && (tail || seconds + cost > E2E_GROUP_SECONDS)) {
      groups.push(current);
      current = [];
      seconds = 0;
    }
    current.push(file);
    seconds += cost;
  });
  if (current.length > 0) groups.push(current);
  return groups;
}
const e2eStages = e2eGroups(e2eFiles).map((files) =>
  stage(
    `end-to-end ${files.map((file) => relative('test/e2e', file)).join(', ')} (playwright-core against the reference server)`,
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/helpers/node-suite.mjs'],
    { CHROME_PATH: chrome, EC_DIST_DIR: distDir, EC_NODE_TEST_FILES: files.join('\n') },
    build,
  ),
);

// Lane one: the build, then the browser tests. Lane two: the type check, then the node tests. Both then share the
// end-to-end files (each waits for the build). See runLanes.
await runLanes([[build, browser].filter(Boolean), [types, nodeTests].filter(Boolean)], e2eStages);
if (distDir) rmSync(distDir, { recursive: true, force: true });
console.log('\nAll test stages passed.');
