// Generates custom-elements.json (schema 2.0.0) from the JSDoc block above `defineElement` in each
// elements/<name>/element.ts. Tags read: @tag, @summary, @attr {type} name - text, @fires name - text,
// @csspart name - text, @cssprop name - text. The attributes, events and CSS properties every element shares are
// added to each. The build writes the file; a test regenerates it and fails when the committed one disagrees.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Shared attributes (DESIGN §2). */
export const COMMON_ATTRIBUTES = [
  { name: 'api-base', type: { text: 'string' }, default: '"/api"', description: 'API base URL (shell §7 `{host}/api`).' },
  { name: 'lang', type: { text: "'zh-CN' | 'en-US' | 'zh_CN' | 'en_US'" }, default: 'the page language', description: 'Display language; changing it re-renders the element. Prefer the BCP 47 form (valid HTML).' },
  { name: 'route-mode', type: { text: "'hash' | 'history'" }, default: '"history"', description: 'How links the element builds are routed: hash when embedded, history when standalone (shell §1).' },
];

/** Shared events (DESIGN §2). */
export const COMMON_EVENTS = [
  { name: 'ec-error', type: { text: 'CustomEvent<{ source: string; message: string; code?: number }>' }, description: 'Something failed that the host may want to report.' },
  { name: 'ec-unauthorized', type: { text: "CustomEvent<{ reason: 'expired' | 'signed-out' }>" }, description: 'The session is gone; the host decides where to go.' },
  { name: 'ec-navigate', type: { text: 'CustomEvent<{ route: string; params?: Record<string, string | number> }>' }, description: 'The element asks its host to go to a route.' },
];

/** Shared CSS custom properties (OEM theming). */
export const COMMON_CSS_PROPERTIES = [
  { name: '--ec-color-primary', default: '#2563eb', description: 'Primary (brand) colour of buttons, links, highlights.' },
  { name: '--ec-color-primary-strong', default: '#1d4ed8', description: 'Hover and active shade of the primary colour.' },
  { name: '--ec-color-text', default: '#1f2937', description: 'Body text colour.' },
  { name: '--ec-color-text-secondary', default: '#4b5563', description: 'Secondary text colour.' },
  { name: '--ec-color-danger', default: '#b91c1c', description: 'Error text and borders.' },
  { name: '--ec-color-surface', default: 'transparent', description: 'Element background.' },
  { name: '--ec-font-family', default: 'system-ui stack', description: 'Font family.' },
  { name: '--ec-font-size', default: '14px', description: 'Base font size.' },
];

/** Shared CSS parts. */
export const COMMON_PARTS = [
  { name: 'error', description: 'The message shown when the element fails to render.' },
  { name: 'attribute-error', description: 'The message shown for an attribute with invalid JSON.' },
  { name: 'catalogue-error', description: "The notice (with a retry button) shown when the element's texts could not be loaded." },
  { name: 'deferred-error', description: 'The notice (with a retry button) shown when a dialog, popover or chart could not be loaded.' },
  { name: 'notice-fallback', description: 'Notices shown as plain text when the toast component could not be loaded.' },
];

const JSDOC = /\/\*\*([\s\S]*?)\*\/\s*(?:export\s+)?(?:const|class|function)\s+(\w+)/g;

function parseBlock(block) {
  const lines = block.split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  const description = [];
  const result = { attributes: [], events: [], cssParts: [], cssProperties: [] };
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
    else if (name === 'attr' && typed) result.attributes.push({ name: typed[2], type: { text: typed[1] }, description: typed[3] ?? '' });
    else if (name === 'fires' && plain) result.events.push({ name: plain[1], description: plain[2] ?? '' });
    else if (name === 'csspart' && plain) result.cssParts.push({ name: plain[1], description: plain[2] ?? '' });
    else if (name === 'cssprop' && plain) result.cssProperties.push({ name: plain[1], description: plain[2] ?? '' });
  }
  result.description = description.join(' ');
  return result;
}

/** Builds the manifest object from the element sources under `root`. */
export function buildManifest(root = process.cwd()) {
  const modules = [];
  const dir = join(root, 'elements');
  const names = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort() : [];
  for (const name of names) {
    const path = `elements/${name}/element.ts`;
    if (!existsSync(join(root, path))) continue;
    const source = readFileSync(join(root, path), 'utf8');
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
            attributes: [...COMMON_ATTRIBUTES, ...parsed.attributes],
            events: [...COMMON_EVENTS, ...parsed.events],
            cssParts: [...COMMON_PARTS, ...parsed.cssParts],
            cssProperties: [...COMMON_CSS_PROPERTIES, ...parsed.cssProperties],
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
export function manifestText(root = process.cwd()) {
  return `${JSON.stringify(buildManifest(root), null, 2)}\n`;
}

/** Writes custom-elements.json at the project root. */
export function writeManifest(root = process.cwd()) {
  writeFileSync(join(root, 'custom-elements.json'), manifestText(root));
}
