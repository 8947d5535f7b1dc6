// The source files an element's entry reaches (its imports, transitively, lazy parts included), skipping other
// elements' entry points (the host loads elements on demand). Used by the manifest generator (which shared parts an
// element shows) and by the tests that compare what an element's sources use with what it declares.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;
const ELEMENT_ENTRY = /[\\/]elements[\\/][^\\/]+[\\/]element\.ts$/;

/** The file an import names: .ts/.tsx for `x.js`, the file itself for CSS; null for JSON, workers and the rest. */
function fileOf(from, specifier) {
  const target = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  if (target.endsWith('.css')) return existsSync(target) ? target : null;
  for (const candidate of [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source and CSS file in the module graph of `entry` (an absolute path). */
export function moduleGraph(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.css')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const next = fileOf(file, match[1]);
      if (next && !ELEMENT_ENTRY.test(next)) queue.push(next);
    }
  }
  return [...seen];
}

/** elements/<name>/element.ts of every element under `root`. */
export function elementEntries(root) {
  return readdirSync(join(root, 'elements'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'elements', entry.name, 'element.ts')))
    .map((entry) => join(root, 'elements', entry.name, 'element.ts'));
}

/** Literal part names a source file shows (`part="x"`, `part: 'x'`). */
export function partsIn(source) {
  return [...source.matchAll(/\bpart(?:=|:\s*)["'{`]*['"]?([a-z][\w-]*)['"]/g)].map((match) => match[1]);
}
