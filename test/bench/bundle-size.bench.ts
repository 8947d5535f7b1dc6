// Builds the library and host with rollup (terser on, as shipped) and prints the gzip size of every entry and
// chunk; the rollup config's size report does the printing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the production build and lets it print its size table. */
export async function run(): Promise<void> {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
  console.log(`Build time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
