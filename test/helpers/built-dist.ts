/**
 * The production build a benchmark measures: EC_DIST_DIR when set, else dist/ when it holds the element asked for
 * (`npm run bench` builds it first), else a fresh build in a temporary folder, removed by `cleanup`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DIST_DIR } from '../../demo/server/platform/config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The build folder holding `requiredFile` (a path inside the build, e.g. `elements/domain-list.js`). */
export function builtDist(requiredFile: string): { distDir: string; cleanup: () => void } {
  if (process.env.EC_DIST_DIR) return { distDir: process.env.EC_DIST_DIR, cleanup: () => undefined };
  if (existsSync(join(DEFAULT_DIST_DIR, requiredFile))) return { distDir: DEFAULT_DIST_DIR, cleanup: () => undefined };
  const distDir = mkdtempSync(join(tmpdir(), 'ec-bench-dist-'));
  console.log('  building the console (no dist/ build found) …');
  const result = spawnSync(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, EC_DIST_DIR: distDir },
  });
  if (result.status !== 0) throw new Error('the build failed');
  return { distDir, cleanup: () => rmSync(distDir, { recursive: true, force: true }) };
}
