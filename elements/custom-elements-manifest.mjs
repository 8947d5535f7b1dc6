// Generates custom-elements.json (schema 2.0.0) and the TypeScript typings from the code. Attributes come from each
// element's schema (elements/<name>/attributes.ts, the objects the factory parses with; core/ui/attributes.ts for
// the common ones); the rest from the JSDoc block above `defineElement` in elements/<name>/element.ts: @tag,
// @summary, @fires name - text, @csspart name - text, @cssprop name - text. The shared events, parts and CSS
// properties are added to each element once. The build writes both; test/elements/manifest.test.ts regenerates the
// manifest and fails when the committed one disagrees, and checks the parts, events and CSS properties the sources
// use against it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { moduleGraph, partsIn } from './module-graph.mjs';

/** Shared events (DESIGN §2); detail types as core/ui/emit.ts declares them. */
export const COMMON_EVENTS = [
  {
    name: 'ec-error',
    type: { text: 'CustomEvent<{ source: string; message: string; code?: number; requestId?: string; kind?: string }>' },
    description: 'A failure the user sees: a call that failed (envelope code or HTTP status, Request-Id), a part that did not load, a bad attribute.',
  },
  {
    name: 'ec-unauthorized',
    type: { text: "CustomEvent<{ reason: 'expired' | 'signed-out'; returnPath?: string }>" },
    description: 'The session expired (16149). Cancelable: call preventDefault() and sign the user in; otherwise the element shows a signed-out notice and keeps what was typed.',
  },
  {
    name: 'ec-forbidden',
    type: { text: 'CustomEvent<{ source: string; code: number; message: string; requestId?: string }>' },
    description: 'The server refused access (142005); the host may show its access page.',
  },
  {
    name: 'ec-navigate',
    type: { text: 'CustomEvent<{ route: string; params?: Record<string, string | number>; query?: string; path?: string }>' },
    description: 'The element asks its host to go to a route; `query`, when present, is the target page view as URL query text. Cancelable: a host that routes calls preventDefault(), so a link is not followed as well.',
  },
];

/** Shared CSS custom properties: the complete theming surface (DESIGN §2). */
export const COMMON_CSS_PROPERTIES = [
  { name: '--ec-color-primary', default: '#2563eb', description: 'Primary (brand) colour of buttons, highlights and PrimeReact components.' },
  { name: '--ec-color-primary-strong', default: '#1d4ed8', description: 'Hover and active shade of the primary colour.' },
  { name: '--ec-color-primary-surface', default: '#eff6ff', description: 'Light primary background: selected rows, highlighted items, bulk action bars.' },
  { name: '--ec-color-link', default: 'var(--ec-color-primary)', description: 'Link colour.' },
  { name: '--ec-focus-ring-color', default: '#bfdbfe', description: 'Focus ring of inputs and buttons.' },
  { name: '--ec-color-text', default: '#1f2937', description: 'Body text colour.' },
  { name: '--ec-color-text-secondary', default: '#4b5563', description: 'Secondary text colour.' },
  { name: '--ec-color-heading', default: 'var(--ec-color-text)', description: 'Headings.' },
  { name: '--ec-color-danger', default: '#b91c1c', description: 'Error text and borders.' },
  { name: '--ec-color-danger-strong', default: '#991b1b', description: 'Hover shade of dangerous actions.' },
  { name: '--ec-color-danger-surface', default: '#fef2f2', description: 'Background of error panels and rows in error.' },
  { name: '--ec-color-warning', default: '#b45309', description: 'Warning text and borders.' },
  { name: '--ec-color-warning-surface', default: '#fffbeb', description: 'Background of warnings (the signed-out notice).' },
  { name: '--ec-color-surface', default: 'transparent', description: 'Element background.' },
  { name: '--ec-color-surface-raised', default: '#ffffff', description: 'Background of PrimeReact components: inputs, tables, dialogs, menus.' },
  { name: '--ec-color-card', default: '#ffffff', description: 'Background of cards and panels.' },
  { name: '--ec-color-muted-surface', default: '#f9fafb', description: 'Background of quiet areas (table headers, previews).' },
  { name: '--ec-color-border', default: '#d1d5db', description: 'Borders of inputs, tables, cards and panels.' },
  { name: '--ec-radius', default: '6px', description: 'Corner radius of inputs, buttons, cards and dialogs.' },
  { name: '--ec-font-family', default: 'system-ui stack', description: 'Font family of the element and its PrimeReact components.' },
  { name: '--ec-control-height', default: '2.5em', description: 'Height of every single-line input, dropdown and solid or outlined button (shell §9 small size).' },
  { name: '--ec-cell-max-width', default: '18rem', description: 'Widest a cut table value (a long domain, a remark) grows before its ellipsis.' },
  { name: '--ec-font-mono', default: 'ui-monospace stack', description: 'Font of code-like values (CNAMEs, patterns, certificates).' },
  { name: '--ec-font-size', default: '14px', description: 'Base font size; every length the theme writes in rem scales with it (the page\'s rem does not reach inside).' },
  { name: '--ec-line-height', default: '1.5', description: 'Line height.' },
  { name: '--ec-notice-offset-top', default: '20px', description: 'Set on :root: how far below the top of the window notices start (below the page\'s header).' },
  { name: '--ec-notice-offset-right', default: '20px', description: 'Set on :root: distance of notices from the right edge.' },
];

/** Shared CSS parts. */
export const COMMON_PARTS = [
  { name: 'root', description: 'The wrapper of everything the element shows.' },
  { name: 'error', description: 'The message shown when the element fails to render.' },
  { name: 'attribute-error', description: 'The message shown for an attribute whose value is not allowed (the default is used meanwhile).' },
  { name: 'signed-out', description: 'The notice shown when the session expired and the page did not take over `ec-unauthorized`.' },
  { name: 'catalogue-error', description: "The notice (with a retry button) shown when the element's texts could not be loaded." },
  { name: 'deferred-error', description: 'The notice (with a retry button) shown when a dialog, popover or chart could not be loaded.' },
];

/** Parts of the shared parts in core/ui/parts: an element's manifest lists those its sources show. */
export const SHARED_PARTS = [
  { name: 'back', description: 'The back link of a page.' },
  { name: 'link', description: 'A link to another page of the console: an anchor with `route-mode="hash"` or `"history"`, a button with `"none"`.' },
  { name: 'breadcrumb', description: 'The breadcrumb of a page.' },
  { name: 'title', description: 'The title of a page.' },
  { name: 'tabs', description: 'The tabs of a page.' },
  { name: 'table', description: 'A table.' },
  { name: 'pagination', description: 'The pager under a table.' },
  { name: 'empty-state', description: 'Shown when a table or list has nothing to show.' },
  { name: 'loading-state', description: 'Shown while data loads.' },
  { name: 'error-state', description: 'Shown when data could not be loaded, with a retry button.' },
  { name: 'search', description: 'A search field with its clear button.' },
  { name: 'filter', description: 'A labelled filter of a list toolbar (label and dropdown).' },
  { name: 'status', description: 'A coloured status tag.' },
  { name: 'read-only-notice', description: "The line above a page whose module the caller's group may only view." },
  { name: 'dialog', description: 'A dialog.' },
  { name: 'dialog-error', description: "A dialog's save failure message (the dialog stays open with what was typed)." },
  { name: 'confirm-popover', description: 'The confirmation popover of a dangerous action.' },
  { name: 'chart', description: 'A chart.' },
  { name: 'multi-value', description: 'An input of several values (tags).' },
  { name: 'checkbox-group', description: 'A group of checkboxes.' },
  { name: 'condition-builder', description: 'The editor of match conditions.' },
  { name: 'condition', description: 'One condition of the condition builder.' },
  { name: 'rule-preview', description: 'The plain-language preview of a rule.' },
  { name: 'time-ranges', description: 'The editor of time ranges.' },
  { name: 'preview', description: 'A per-line preview of a batch input.' },
  { name: 'preview-table', description: 'The table of a batch preview.' },
];

/** The session token property every element has. */
const TOKEN_FIELD = {
  kind: 'field',
  name: 'token',
  type: { text: 'string | null' },
  description: 'The session token, write-only, shared by every element on the page (never an attribute). Setting it after an expiry ends the signed-out state.',
};

const JSDOC = /\/\*\*([\s\S]*?)\*\/\s*(?:export\s+)?(?:const|class|function)\s+(\w+)/g;

function parseBlock(block) {
  const lines = block.split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  const description = [];
  const result = { events: [], cssParts: [], cssProperties: [] };
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (!tag) {
      if (!result.tagName && line.trim()) description.push(line.trim());
      continue;
    }
    const [, name, rest] = tag;
    const typed = /^\{([^}]*)\}\s+([\w-]+)\s*(?:-\s*(.*))?$/.exec(rest);
    const plain = /^([\w-]+)\s*(?:-\s*(.*))?$/.exec(rest);
    if (name === 'tag') result.tagName = rest.trim();
    else if (name === 'summary') result.summary = rest.trim();
    else if (name === 'attr') throw new Error(`@attr ${rest}: attributes are declared in the element's attributes.ts schema, not in JSDoc`);
    else if (name === 'fires' && plain) result.events.push({ name: plain[1], description: plain[2] ?? '' });
    else if (name === 'csspart' && plain) result.cssParts.push({ name: plain[1], description: plain[2] ?? '' });
    else if (name === 'cssprop' && plain) result.cssProperties.push({ name: plain[1], description: plain[2] ?? '' });
  }
  result.description = description.join(' ');
  return result;
}

/** The TypeScript type of an attribute spec (kept in step with core/ui/attributes.ts `typeText`). */
function specType(spec) {
  if (spec.kind === 'enum') return spec.values.map((value) => `'${value}'`).join(' | ');
  if (spec.kind === 'number') return spec.values ? spec.values.join(' | ') : 'number';
  if (spec.kind === 'boolean') return 'boolean';
  if (spec.kind === 'json') return spec.typeText;
  return 'string';
}

function attributeName(property) {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Manifest attributes and fields of a schema. */
function describeSchema(schema) {
  const attributes = [];
  const fields = [];
  for (const [property, spec] of Object.entries(schema)) {
    const type = { text: specType(spec) };
    const fallback = spec.default === undefined ? undefined : JSON.stringify(spec.default);
    const name = attributeName(property);
    attributes.push({ name, type, ...(fallback === undefined ? {} : { default: fallback }), description: spec.description, fieldName: property });
    fields.push({ kind: 'field', name: property, type: { text: `${type.text} | null` }, ...(fallback === undefined ? {} : { default: fallback }), description: `${spec.description} Null restores the default.`, attribute: name });
  }
  return { attributes, fields };
}

async function importTs(root, path) {
  return tsImport(pathToFileURL(join(root, path)).href, import.meta.url);
}

/**
 * Detail types of the events every events.ts declares (`interface EcEventDetails { 'ec-x': { ... }; }`), by name,
 * read with a brace count so multi-line details are whole.
 */
function eventDetailTypes(root) {
  const types = new Map();
  const dir = join(root, 'elements');
  for (const name of readdirSync(dir)) {
    const path = join(dir, name, 'events.ts');
    if (!existsSync(path)) continue;
    const source = readFileSync(path, 'utf8');
    const start = source.indexOf('interface EcEventDetails {');
    if (start < 0) continue;
    let index = start + 'interface EcEventDetails {'.length;
    const entry = /\s*'(ec-[\w-]+)':\s*/y;
    for (;;) {
      entry.lastIndex = index;
      const found = entry.exec(source);
      if (!found) break;
      let depth = 0;
      let end = entry.lastIndex;
      for (; end < source.length; end++) {
        const char = source[end];
        if (char === '{' || char === '(' || char === '<') depth++;
        else if (char === '}' || char === ')' || char === '>') depth--;
        else if (char === ';' && depth === 0) break;
      }
      types.set(found[1], source.slice(entry.lastIndex, end).replace(/\s+/g, ' ').trim());
      index = end + 1;
    }
  }
  return types;
}

/** The shared parts an element's module graph shows. */
function sharedPartsShown(entry) {
  const shown = new Set(moduleGraph(entry).filter((file) => /[\\/]core[\\/]ui[\\/]parts[\\/]/.test(file)).flatMap((file) => partsIn(readFileSync(file, 'utf8'))));
  return SHARED_PARTS.filter((part) => shown.has(part.name));
}

function uniqueByName(entries) {
  const seen = new Set();
  return entries.filter((entry) => !seen.has(entry.name) && seen.add(entry.name));
}

/** Builds the manifest object from the element sources under `root`. */
export async function buildManifest(root = process.cwd()) {
  const { COMMON_ATTRIBUTES } = await importTs(root, 'core/ui/attributes.ts');
  const common = describeSchema(COMMON_ATTRIBUTES);
  const details = eventDetailTypes(root);
  const typed = (event) => (details.has(event.name) ? { ...event, type: { text: `CustomEvent<${details.get(event.name)}>` } } : event);
  const modules = [];
  const dir = join(root, 'elements');
  const names = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort() : [];
  for (const name of names) {
    const path = `elements/${name}/element.ts`;
    if (!existsSync(join(root, path))) continue;
    const source = readFileSync(join(root, path), 'utf8');
    const own = existsSync(join(root, `elements/${name}/attributes.ts`))
      ? describeSchema((await importTs(root, `elements/${name}/attributes.ts`)).attributes)
      : { attributes: [], fields: [] };
    for (const match of source.matchAll(JSDOC)) {
      const parsed = parseBlock(match[1]);
      if (!parsed.tagName) continue;
      modules.push({
        kind: 'javascript-module',
        path,
        declarations: [
          {
            kind: 'class',
            name: match[2],
            tagName: parsed.tagName,
            customElement: true,
            summary: parsed.summary ?? '',
            description: parsed.description,
            attributes: [...common.attributes, ...own.attributes],
            members: [...common.fields, ...own.fields, TOKEN_FIELD],
            events: uniqueByName([...COMMON_EVENTS, ...parsed.events.map(typed)]),
            cssParts: uniqueByName([...COMMON_PARTS, ...sharedPartsShown(join(root, path)), ...parsed.cssParts]),
            cssProperties: uniqueByName([...COMMON_CSS_PROPERTIES, ...parsed.cssProperties]),
          },
        ],
        exports: [
          { kind: 'js', name: match[2], declaration: { name: match[2], module: path } },
          { kind: 'custom-element-definition', name: parsed.tagName, declaration: { name: match[2], module: path } },
        ],
      });
    }
  }
  return { schemaVersion: '2.0.0', readme: 'README.md', modules };
}

/** The manifest as the text written to disk. */
export async function manifestText(root = process.cwd()) {
  return `${JSON.stringify(await buildManifest(root), null, 2)}\n`;
}

/**
 * TypeScript typings for pages that use the elements. `ec-elements.d.ts`: each element's properties and events and
 * `HTMLElementTagNameMap` (document.createElement, querySelector), for any page. `ec-elements-react.d.ts`: React 19's
 * `JSX.IntrinsicElements`, where properties are set as properties and `on<event-name>` props (`onec-navigate`, the
 * event name as written) add listeners, as React 19 does for custom elements.
 */
function pageVisibleType(text) {
  // A detail naming one of the console's own types (IpListInfo...) is typed loosely: the page cannot import it.
  if (!text || /\b(?!Record\b|CustomEvent\b)[A-Z]\w*/.test(text)) return 'CustomEvent<Record<string, unknown>>';
  return text;
}

export function typingsText(manifest, flavour = 'dom') {
  const declarations = manifest.modules.flatMap((module) => module.declarations);
  const lines = ['// Generated by elements/custom-elements-manifest.mjs from custom-elements.json: do not edit.'];
  if (flavour === 'react') {
    lines.push("import type { DetailedHTMLProps, HTMLAttributes } from 'react';");
    lines.push(`import type { ${declarations.flatMap((d) => [`${d.name}`, `${d.name}Properties`, `${d.name}Events`]).join(', ')} } from './ec-elements.js';`, '');
    lines.push('/** React 19 props of an element: HTML attributes, kebab-case attributes, properties and on<event-name> listeners. */');
    lines.push('type ReactElementProps<Element, Properties, Events> = DetailedHTMLProps<HTMLAttributes<Element>, Element> &');
    lines.push('  Properties & { [Name in keyof Events as `on${Name & string}`]?: (event: Events[Name]) => void } & { [attribute: `${string}-${string}`]: unknown };', '');
    lines.push("declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {');
    for (const declaration of declarations) {
      lines.push(`      '${declaration.tagName}': ReactElementProps<${declaration.name}, ${declaration.name}Properties, ${declaration.name}Events>;`);
    }
    lines.push('    }', '  }', '}', '');
    return lines.join('\n');
  }
  lines.push('');
  for (const declaration of declarations) {
    const properties = declaration.members.filter((member) => member.kind === 'field' && member.name !== 'token');
    lines.push(`/** \`<${declaration.tagName}>\`: ${declaration.summary.replace(/\*\//g, '*\\/')} */`);
    lines.push(`export interface ${declaration.name}Properties {`);
    for (const property of properties) lines.push(`  ${property.name}?: ${property.type.text};`);
    lines.push('  /** The session token: write-only, never an attribute. */', '  token?: string | null;', '}');
    lines.push(`export type ${declaration.name} = HTMLElement & ${declaration.name}Properties;`);
    lines.push(`export interface ${declaration.name}Events {`);
    for (const event of declaration.events) lines.push(`  '${event.name}': ${pageVisibleType(event.type?.text)};`);
    lines.push('}', '');
  }
  lines.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const declaration of declarations) lines.push(`    '${declaration.tagName}': ${declaration.name};`);
  lines.push('  }', '}', '');
  return lines.join('\n');
}

/** Writes custom-elements.json at the project root and, when given, the typings into `typingsDir`. */
export async function writeManifest(root = process.cwd(), typingsDir) {
  const manifest = await buildManifest(root);
  writeFileSync(join(root, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (typingsDir) {
    writeFileSync(join(typingsDir, 'ec-elements.d.ts'), typingsText(manifest, 'dom'));
    writeFileSync(join(typingsDir, 'ec-elements-react.d.ts'), typingsText(manifest, 'react'));
  }
}
