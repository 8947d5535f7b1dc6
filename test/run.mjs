#!/usr/bin/env node
// `npm test`: every suite a clean machine needs: the production build within its size budgets beside the type check,
// then browser tests in headless Debian Chromium beside the node tests (core, rules, server), then end-to-end flows
// against the real reference server. Stops after the first step with a red stage.
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

function run(label, command, args, options = {}) {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${label} (${seconds} s)`);
}

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

/** A stage to run: a label and the command line, with extra environment. */
function stage(label, command, args, env = {}) {
  return { label, command, args, env };
}

/**
 * Runs stages side by side and waits for all of them; stops the whole run when one failed. The first stage streams its
 * output as it comes; the others' output is held and printed whole when they end, so two logs never interleave.
 * Pairs are chosen so that they share the two cores well: a CPU-bound stage next to one that mostly waits on a browser.
 */
async function runTogether(stages) {
  if (stages.length === 1) {
    const only = stages[0];
    run(only.label, only.command, only.args, { env: only.env });
    return;
  }
  console.log(`\n── ${stages.map((entry) => entry.label).join('  ‖  ')} ──`);
  const outcomes = await Promise.all(
    stages.map(
      (entry, index) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(entry.command, entry.args, {
            cwd: root,
            stdio: index === 0 ? 'inherit' : ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, ...entry.env },
          });
          const held = [];
          child.stdout?.on('data', (chunk) => held.push(chunk));
          child.stderr?.on('data', (chunk) => held.push(chunk));
          child.on('close', (code, signal) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            if (held.length > 0) {
              console.log(`\n── output of ${entry.label} ──`);
              process.stdout.write(Buffer.concat(held));
            }
            const ok = code === 0;
            console.log(ok ? `✓ ${entry.label} (${seconds} s)` : `\n✗ ${entry.label} failed (${seconds} s${signal ? `, ${signal}` : ''})`);
            resolve(ok ? 0 : (code ?? 1));
          });
        }),
    ),
  );
  const failed = outcomes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}

function nodeTestStage() {
  ensureSqliteBinding();
  // Node tests are every *.test.ts that is not a browser test (*.web.test.ts) or an end-to-end flow.
  const nodeTests = ['test/core', 'test/server', 'test/elements']
    .flatMap((dir) => findFiles(join(root, dir), ['.test.ts']))
    .filter((file) => !file.endsWith('.web.test.ts'));
  return nodeTests.length ? stage('node tests (core, rules, elements, server)', process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests]) : null;
}

// The shipped build (minified, precompressed) into a temporary folder: it fails when a route or an element passes
// its size budget (elements/size-budgets.json), so a change that makes a page heavier does not land.
// The shipped (minified) build of the budgets stage is also what the end-to-end tests run against when both stages
// run: one build instead of two, and the e2e tests then see exactly what ships.
let shippedDist = null;
const firstPair = [];
if (want('budgets')) {
  shippedDist = mkdtempSync(join(tmpdir(), 'ec-budget-dist-'));
  firstPair.push(stage('production build within the size budgets', process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], { EC_DIST_DIR: shippedDist }));
}
if (want('types')) firstPair.push(stage('type check (tsc --noEmit)', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']));
// The build and the type check each keep one core busy: side by side they take the time of the longer one.
if (firstPair.length > 0) await runTogether(firstPair);
if (shippedDist && !want('e2e')) rmSync(shippedDist, { recursive: true, force: true });

const nodeStage = want('node') ? nodeTestStage() : null;
const chrome = want('browser') || want('e2e') ? ensureChromium() : null;
// Browser tests spend much of their time waiting on the page, a core's worth of CPU left over that the node tests
// (one CPU-bound process) use meanwhile. The browser stage streams; the node tests' report follows when both end.
const secondPair = [];
if (want('browser')) {
  secondPair.push(
    stage('browser tests (web-test-runner, headless Chromium)', process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', '--config', 'test/web-test-runner.config.mjs'], {
      CHROME_PATH: chrome,
    }),
  );
}
if (nodeStage) secondPair.push(nodeStage);
if (secondPair.length > 0) await runTogether(secondPair);

if (want('e2e')) {
  const e2eTests = findFiles(join(root, 'test/e2e'), ['.e2e.ts']);
  if (e2eTests.length) {
    const distDir = shippedDist ?? mkdtempSync(join(tmpdir(), 'ec-e2e-dist-'));
    if (!shippedDist) {
      run('build for end-to-end tests', process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], {
        env: { EC_SKIP_TERSER: '1', EC_DIST_DIR: distDir },
      });
    }
    run('end-to-end tests (playwright-core against the reference server)', process.execPath, [
      '--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...e2eTests,
    ], { env: { CHROME_PATH: chrome, EC_DIST_DIR: distDir } });
    rmSync(distDir, { recursive: true, force: true });
  }
}
console.log('\nAll test stages passed.');
