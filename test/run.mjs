#!/usr/bin/env node
// `npm test`: every suite a clean machine needs, in order: type check, node tests (core, rules, server), the production
// build within its size budgets, browser tests in headless Debian Chromium, end-to-end flows against the real
// reference server. Stops at the first red.
import { spawnSync } from 'node:child_process';
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

if (want('types')) run('type check (tsc --noEmit)', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);

if (want('node')) {
  ensureSqliteBinding();
  // Node tests are every *.test.ts that is not a browser test (*.web.test.ts) or an end-to-end flow.
  const nodeTests = ['test/core', 'test/server', 'test/elements']
    .flatMap((dir) => findFiles(join(root, dir), ['.test.ts']))
    .filter((file) => !file.endsWith('.web.test.ts'));
  if (nodeTests.length) {
    run('node tests (core, rules, elements, server)', process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests]);
  }
}

// The shipped build (minified, precompressed) into a temporary folder: it fails when a route or an element passes
// its size budget (elements/size-budgets.json), so a change that makes a page heavier does not land.
// The shipped (minified) build of the budgets stage is also what the end-to-end tests run against when both stages
// run: one build instead of two, and the e2e tests then see exactly what ships.
let shippedDist = null;
if (want('budgets')) {
  shippedDist = mkdtempSync(join(tmpdir(), 'ec-budget-dist-'));
  run('production build within the size budgets', process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], {
    env: { EC_DIST_DIR: shippedDist },
  });
  if (!want('e2e')) rmSync(shippedDist, { recursive: true, force: true });
}

if (want('browser') || want('e2e')) {
  const chrome = ensureChromium();
  if (want('browser')) {
    run('browser tests (web-test-runner, headless Chromium)', process.execPath, [
      '--import',
      'tsx',
      'node_modules/@web/test-runner/dist/bin.js',
      '--config',
      'test/web-test-runner.config.mjs',
    ], { env: { CHROME_PATH: chrome } });
  }
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
}
console.log('\nAll test stages passed.');
