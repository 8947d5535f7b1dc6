/**
 * custom-elements.json against the code (DESIGN §2, issue 17: "a test that fails when the manifest and the code
 * disagree"). Attributes are generated from the schemas the factory parses with, so they cannot drift; parts,
 * events and CSS properties are written in JSDoc, so each element's sources (its whole module graph, shared parts
 * included) are read for the ones they really use and compared both ways. The shipped typings are compiled.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import ts from 'typescript';
// @ts-expect-error -- a plain .mjs build helper without types
import { manifestText, typingsText } from '../../elements/custom-elements-manifest.mjs';
import { ELEMENT_ENTRIES, moduleGraph, partsIn, ROOT } from '../helpers/module-graph.js';

interface Named {
  name: string;
}
interface Declaration {
  tagName: string;
  name: string;
  events: Named[];
  cssParts: Named[];
  cssProperties: Named[];
  attributes: Named[];
  members: Named[];
}

const generated = await manifestText(ROOT);
const manifest = JSON.parse(generated) as { modules: { path: string; declarations: Declaration[] }[] };

/** What an element's sources use: literal parts, emitted events, --ec-* properties read with var(). */
function used(entry: string): { parts: Set<string>; events: Set<string>; cssProperties: Set<string> } {
  const parts = new Set<string>();
  const events = new Set<string>();
  const cssProperties = new Set<string>();
  const graph = moduleGraph(entry);
  // The `*_EVENT` constants of the events.ts files this element imports (two areas may use one constant name).
  const constants = new Map<string, string>();
  for (const file of graph.filter((path) => path.endsWith('events.ts'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+) = '(ec-[\w-]+)'/g)) constants.set(match[1]!, match[2]!);
  }
  for (const file of graph) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bvar\(\s*(--ec-[\w-]+)/g)) cssProperties.add(match[1]!);
    if (file.endsWith('.css')) continue;
    // The notice host's parts are on <ec-notice-host>, not on the element.
    if (!file.endsWith('notice-host.tsx')) for (const part of partsIn(source)) parts.add(part);
    // The event argument: everything between `emit(` and the detail (`created ? 'a' : 'b'` names two).
    for (const match of source.matchAll(/\bemit\(([^{]*?),\s*(?:\{|[a-z])/g)) {
      for (const name of match[1]!.matchAll(/'(ec-[\w-]+)'|\b([A-Z_]+_EVENT)\b/g)) {
        const event = name[1] ?? constants.get(name[2]!);
        if (event) events.add(event);
      }
    }
  }
  return { parts, events, cssProperties };
}

describe('custom-elements.json agrees with the code (DESIGN §2, issue 17)', () => {
  it('the committed manifest is what the sources generate (run `npm run build` to refresh it)', () => {
    assert.equal(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8'), generated);
  });

  for (const entry of ELEMENT_ENTRIES) {
    const path = relative(ROOT, entry);
    const declaration = manifest.modules.find((module) => module.path === path)?.declarations[0];
    it(`${path}: parts, events and CSS properties used are documented, and documented ones are used`, () => {
      assert.ok(declaration, `${path} has a manifest entry`);
      const names = (entries: Named[]) => new Set(entries.map((item) => item.name));
      const documentedParts = names(declaration.cssParts);
      const documentedEvents = names(declaration.events);
      const documentedProperties = names(declaration.cssProperties);
      const found = used(entry);
      assert.deepEqual([...found.parts].filter((part) => !documentedParts.has(part)), [], 'parts the element shows but the manifest leaves out');
      assert.deepEqual([...found.events].filter((event) => !documentedEvents.has(event)), [], 'events the element sends but the manifest leaves out');
      assert.deepEqual(
        [...found.cssProperties].filter((property) => !documentedProperties.has(property)),
        [],
        'CSS properties the element reads but the manifest leaves out',
      );
      const shared = new Set(['root', 'error', 'attribute-error', 'signed-out', 'catalogue-error', 'deferred-error', 'notice-fallback']);
      const staleParts = [...documentedParts].filter((part) => !shared.has(part) && !found.parts.has(part));
      assert.deepEqual(staleParts, [], 'parts documented but never shown');
      const commonEvents = new Set(['ec-error', 'ec-unauthorized', 'ec-forbidden', 'ec-navigate']);
      const staleEvents = [...documentedEvents].filter((event) => !commonEvents.has(event) && !found.events.has(event));
      assert.deepEqual(staleEvents, [], 'events documented but never sent');
      assert.ok(
        declaration.members.some((member) => member.name === 'token'),
        'the write-only token property is documented',
      );
      assert.equal(new Set(declaration.attributes.map((item) => item.name)).size, declaration.attributes.length, 'no attribute twice');
    });
  }

  describe('shipped typings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ec-typings-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('HTMLElementTagNameMap and React 19 JSX typings compile and type a page that uses them', () => {
      writeFileSync(join(dir, 'ec-elements.d.ts'), typingsText(manifest, 'dom'));
      writeFileSync(join(dir, 'ec-elements-react.d.ts'), typingsText(manifest, 'react'));
      writeFileSync(
        join(dir, 'page.tsx'),
        [
          "import './ec-elements-react.js';",
          "const list = document.createElement('ec-domain-list');",
          'list.pageSize = 20;',
          'list.pageSize = null;',
          "list.token = 'secret';",
          "export const view = <ec-domain-list page-size=\"20\" view=\"add\" onec-navigate={(event) => event.detail.route} />;",
          '// @ts-expect-error -- not one of the page sizes',
          'list.pageSize = 15;',
          '',
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'page.tsx')], {
        jsx: ts.JsxEmit.ReactJSX,
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        paths: { react: [join(ROOT, 'node_modules/@types/react')], 'react/jsx-runtime': [join(ROOT, 'node_modules/@types/react/jsx-runtime')] },
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      assert.deepEqual(problems, []);
    });
  });
});
