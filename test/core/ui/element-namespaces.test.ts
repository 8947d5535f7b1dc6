/**
 * Every element loads its texts before it renders (core/ui/catalogue-loading.tsx): its own namespace, `common` and
 * the ones it names in `defineElement(…, { uses })`. This walks each element's sources (its imports, transitively,
 * including lazy parts) for the namespaces they translate with and fails when one is missing from the list, so no
 * part shows keys while a forgotten namespace loads. It also fails on a namespace listed but never used, which
 * would be downloaded for nothing.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { NAMESPACES } from '../../../core/i18n/catalogues.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;
const ELEMENT_ENTRY = /[\\/]elements[\\/][^\\/]+[\\/]element\.ts$/;
const USES = /(?:useT\(\s*'([a-z-]+)'\s*\)|translator\([^(),]+,\s*'([a-z-]+)'\s*\))/g;

/** The .ts/.tsx file an import of `x.js` names, or null for other files (CSS, JSON, workers). */
function sourceOf(from: string, specifier: string): string | null {
  const target = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Namespaces translated with anywhere in the module graph of `entry`, skipping other elements' entry points. */
function namespacesUsed(entry: string): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(USES)) used.add(match[1] ?? match[2]);
    for (const match of source.matchAll(IMPORT)) {
      const next = sourceOf(file, match[1]);
      // The host loads elements on demand, and each element loads its own texts.
      if (next && !ELEMENT_ENTRY.test(next)) queue.push(next);
    }
  }
  return used;
}

/** `namespace` and `uses` of the `defineElement` call in a file. */
function declared(file: string): { namespace: string; uses: string[] } {
  const source = readFileSync(file, 'utf8');
  const namespace = /namespace:\s*'([a-z-]+)'/.exec(source)?.[1];
  assert.ok(namespace, `${relative(ROOT, file)} names its namespace`);
  const uses = [...(/uses:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
  return { namespace, uses };
}

const ELEMENT_FILES = readdirSync(join(ROOT, 'elements'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'elements', entry.name, 'element.ts')))
  .map((entry) => join(ROOT, 'elements', entry.name, 'element.ts'));

describe('issue 15: each element names the i18n namespaces it loads', () => {
  for (const file of [...ELEMENT_FILES, join(ROOT, 'demo/host/console-app.tsx')]) {
    it(relative(ROOT, file), () => {
      const { namespace, uses } = declared(file);
      for (const name of [namespace, ...uses]) assert.ok((NAMESPACES as string[]).includes(name), `${name} is a namespace`);
      const loaded = new Set([namespace, 'common', ...uses]);
      const used = namespacesUsed(file);
      const missing = [...used].filter((name) => !loaded.has(name));
      assert.deepEqual(missing, [], `add ${JSON.stringify(missing)} to uses`);
      const unused = uses.filter((name) => !used.has(name));
      assert.deepEqual(unused, [], `${JSON.stringify(unused)} is loaded but never translated with`);
    });
  }
});
