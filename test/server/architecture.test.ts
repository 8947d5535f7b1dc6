/**
 * The reference server's layering (README "Reference server"): imports only point downward.
 *
 * - `demo/server/platform/` knows no feature: it never imports `features/` or the app assembly.
 * - A feature area (`features/<area>/`) reaches another area only through that area's public surface,
 *   `features/<area>/index.ts`, never its store, routes or payloads.
 * - The registry (`features/index.ts`) is the one place that lists every area.
 * - No import cycles between server files.
 *
 * The graph is read from the sources (static and dynamic relative imports), so a new file is checked without being
 * listed anywhere.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = join(root, 'demo/server');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g;

/** Relative imports of a file, resolved to the .ts files they name. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const absolute = resolve(dirname(file), match[1]);
    const asTs = absolute.replace(/\.js$/, '.ts');
    targets.push(existsSync(asTs) ? asTs : absolute);
  }
  return targets;
}

/** The server's import graph: file -> relative imports (paths relative to demo/server, `/` separated). */
export function serverImportGraph(): Map<string, string[]> {
  const rel = (file: string) => relative(serverDir, file).split(sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(serverDir)) graph.set(rel(file), importsOf(file).map(rel));
  return graph;
}

/** Which layer a server path belongs to: `platform`, `feature:<area>`, `registry` or `app`. */
function layerOf(path: string): string {
  if (path.startsWith('platform/')) return 'platform';
  if (path.startsWith('features/')) {
    const parts = path.split('/');
    return parts.length === 2 ? 'registry' : `feature:${parts[1]}`;
  }
  if (path.startsWith('../')) return 'outside';
  return 'app';
}

/** The layering rule broken by one import, or null. */
export function layeringViolation(from: string, to: string): string | null {
  const source = layerOf(from);
  const target = layerOf(to);
  if (target === 'outside') return null; // core/ and other shared code: checked by core's own rules
  if (source === 'platform' && target !== 'platform') return `platform file ${from} imports ${to}`;
  if (source.startsWith('feature:')) {
    if (target === 'app' || target === 'registry') return `feature file ${from} imports ${to}`;
    if (target.startsWith('feature:') && target !== source && !to.endsWith('/index.ts')) {
      return `${from} reaches into another feature (${to}); import its index.ts instead`;
    }
  }
  return null;
}

/** Every import cycle, each as the list of files around it (empty when the graph is acyclic). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('reference server layering (README "Reference server")', () => {
  const graph = serverImportGraph();

  it('sees the server files', () => {
    assert.ok(graph.size > 50, `expected the server sources, found ${graph.size}`);
    assert.ok([...graph.keys()].some((path) => path.startsWith('platform/')));
    assert.ok([...graph.keys()].some((path) => path.startsWith('features/')));
  });

  it('the platform imports no feature, and features reach each other only through index.ts', () => {
    const violations: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const violation = layeringViolation(from, to);
        if (violation) violations.push(violation);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('has no import cycles', () => {
    assert.deepEqual(importCycles(graph).map((cycle) => cycle.join(' -> ')), []);
  });

  it('the rules catch what they are for', () => {
    assert.match(String(layeringViolation('platform/oplog.ts', 'features/websites/store.ts')), /platform file/);
    assert.match(String(layeringViolation('features/dns/routes.ts', 'features/websites/store.ts')), /index\.ts/);
    assert.equal(layeringViolation('features/dns/routes.ts', 'features/websites/index.ts'), null);
    assert.equal(layeringViolation('features/dns/routes.ts', 'platform/database.ts'), null);
    assert.equal(layeringViolation('app.ts', 'features/index.ts'), null);
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
    ]);
    assert.deepEqual(importCycles(cyclic), [['a.ts', 'b.ts', 'a.ts']]);
  });
});
