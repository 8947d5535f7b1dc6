// `npm run bench`: runs every test/bench/*.bench.ts (each exports `run()` that prints its figures), then the
// bundle sizes. Figures, not pass/fail: speed is measured here, never in a timed test that can flake.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

for (const file of files) {
  console.log(`\n═══ ${file} ═══`);
  const module = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<void> };
  if (typeof module.run !== 'function') throw new Error(`${file} does not export run()`);
  await module.run();
}
