/**
 * Every element loads its texts before it renders (core/ui/catalogue-loading.tsx): its own namespace, `common` and
 * the ones it names in `defineElement(…, { uses })`. This walks each element's sources (its imports, transitively,
 * including lazy parts) for the namespaces they translate with and fails when one is missing from the list, so no
 * part shows keys while a forgotten namespace loads. It also fails on a namespace listed but never used, which
 * would be downloaded for nothing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { NAMESPACES } from '../../../core/i18n/namespaces/all.js';
import { ELEMENT_ENTRIES, moduleGraph, ROOT } from '../../helpers/module-graph.js';

const USES = /(?:useT\(\s*'([a-z0-9-]+)'\s*\)|translator\([^(),]+,\s*'([a-z0-9-]+)'\s*\))/g;

/** Namespaces translated with anywhere in the module graph of `entry`. */
function namespacesUsed(entry: string): Set<string> {
  const used = new Set<string>();
  for (const file of moduleGraph(entry)) {
    if (file.endsWith('.css')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(USES)) used.add((match[1] ?? match[2])!);
  }
  return used;
}

/**
 * Namespaces a lazily loaded module loads itself before it renders: a domain console tab names them in
 * `export const namespaces = [...]` and the shell loads them with the tab (so they are not in `uses`, which every
 * page showing the element would download).
 */
function namespacesLoadedLazily(entry: string): Set<string> {
  const loaded = new Set<string>();
  for (const file of moduleGraph(entry)) {
    if (file.endsWith('.css')) continue;
    const list = /export const namespaces\s*=\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    for (const match of list.matchAll(/'([a-z0-9-]+)'/g)) loaded.add(match[1]!);
  }
  return loaded;
}

/** `namespace` and `uses` of the `defineElement` call in a file. */
function declared(file: string): { namespace: string; uses: string[] } {
  const source = readFileSync(file, 'utf8');
  const namespace = /namespace:\s*'([a-z0-9-]+)'/.exec(source)?.[1];
  assert.ok(namespace, `${relative(ROOT, file)} names its namespace`);
  const uses = [...(/uses:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'([a-z0-9-]+)'/g)].map((match) => match[1]);
  return { namespace, uses };
}

describe('issue 15: each element names the i18n namespaces it loads', () => {
  for (const file of [...ELEMENT_ENTRIES, join(ROOT, 'demo/host/console-app.tsx')]) {
    it(relative(ROOT, file), () => {
      const { namespace, uses } = declared(file);
      for (const name of [namespace, ...uses]) assert.ok((NAMESPACES as string[]).includes(name), `${name} is a namespace`);
      const loaded = new Set([namespace, 'common', ...uses, ...namespacesLoadedLazily(file)]);
      const used = namespacesUsed(file);
      const missing = [...used].filter((name) => !loaded.has(name));
      assert.deepEqual(missing, [], `add ${JSON.stringify(missing)} to uses`);
      const unused = uses.filter((name) => !used.has(name));
      assert.deepEqual(unused, [], `${JSON.stringify(unused)} is loaded but never translated with`);
      // A namespace is loaded through its registration (core/i18n/namespaces/<name>.ts); one listed but never
      // registered leaves the element on its catalogue failure screen.
      // (Side-effect imports are not in the module graph, so the sources are searched for the registration's import.)
      const sources = moduleGraph(file).filter((path) => !path.endsWith('.css')).map((path) => readFileSync(path, 'utf8')).join('\n');
      const unregistered = [namespace, ...uses].filter((name) => name !== 'common' && !sources.includes(`/namespaces/${name}.js'`));
      assert.deepEqual(unregistered, [], `import core/i18n/namespaces/${unregistered[0]}.js in the element`);
    });
  }
});
