// Build step (issue "every page loads only what it shows"): the PrimeReact Lara theme styles all ~90 components,
// and every element adopts it in its shadow root, so every page paid for the calendar, the editor, the galleria...
// `trimTheme` keeps the rules of the components the console can render: those our sources import from primereact,
// those components' own primereact imports (a DataTable brings its paginator, a paginator its dropdown), and the
// components whose classes our own markup or CSS names. Everything else (variables, `.p-component`, `.p-link`,
// icons, animations) is kept: only a selector that names a class of an unused component is dropped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PRIMEREACT = 'node_modules/primereact';

/**
 * Class roots of a component, where they are not `p-<folder name>`. A class belongs to a component when it is the
 * root or starts with the root and a dash (`p-datepicker-header` is the calendar's).
 */
const CLASS_ROOTS = {
  calendar: ['p-calendar', 'p-datepicker', 'p-monthpicker', 'p-yearpicker'],
  confirmdialog: ['p-confirm-dialog'],
  confirmpopup: ['p-confirm-popup'],
  progressspinner: ['p-progress-spinner'],
  organizationchart: ['p-organizationchart'],
  message: ['p-inline-message'],
  messages: ['p-message'],
  tabview: ['p-tabview'],
  inputotp: ['p-inputotp'],
};

const classRootsOf = (component) => CLASS_ROOTS[component] ?? [`p-${component}`];

/**
 * Primereact component folders a source file imports (`from 'primereact/datatable'`, `import('primereact/dialog')`,
 * `from '../paginator/...'`).
 */
function primereactImports(source) {
  const found = new Set();
  // Static imports and dynamic ones (a dialog's component is loaded when it first opens, but its styles must be there).
  for (const match of source.matchAll(/(?:from\s*|import\s*\(\s*)['"](?:primereact\/|\.\.\/)([a-z]+)[/'"]/g)) found.add(match[1]);
  return found;
}

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(tsx?|css)$/.test(entry)) yield path;
  }
}

/** Every primereact component folder the given source folders can render, following primereact's own imports. */
export function usedComponents(sourceDirectories) {
  const components = new Set(readdirSync(PRIMEREACT).filter((name) => existsSync(join(PRIMEREACT, name, `${name}.esm.js`))));
  const used = new Set();
  const classNames = new Set();
  for (const directory of sourceDirectories) {
    for (const file of sourceFiles(directory)) {
      const source = readFileSync(file, 'utf8');
      for (const name of primereactImports(source)) if (components.has(name)) used.add(name);
      for (const match of source.matchAll(/\bp-[a-z][a-z-]*/g)) classNames.add(match[0]);
    }
  }
  // Components our own markup styles by class (a `p-badge-danger` span needs the badge's rules).
  for (const component of components) {
    if ([...classNames].some((name) => classRootsOf(component).some((root) => name === root || name.startsWith(`${root}-`)))) {
      used.add(component);
    }
  }
  const pending = [...used];
  while (pending.length) {
    const component = pending.pop();
    for (const name of primereactImports(readFileSync(join(PRIMEREACT, component, `${component}.esm.js`), 'utf8'))) {
      if (components.has(name) && !used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  return { used, unused: [...components].filter((name) => !used.has(name)) };
}

/** Splits at top-level commas (not those inside `:not(...)` or `[...]`). */
function splitSelectors(selectorList) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < selectorList.length; index++) {
    const character = selectorList[index];
    if (character === '(' || character === '[') depth++;
    else if (character === ')' || character === ']') depth--;
    else if (character === ',' && depth === 0) {
      parts.push(selectorList.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

/** Top-level `prelude{body}` blocks of a minified stylesheet (comments already removed by the minifier). */
function blocks(css) {
  const result = [];
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open === -1) break;
    let depth = 1;
    let close = open + 1;
    while (depth > 0 && close < css.length) {
      if (css[close] === '{') depth++;
      else if (css[close] === '}') depth--;
      close++;
    }
    result.push({ prelude: css.slice(index, open).trim(), body: css.slice(open + 1, close - 1) });
    index = close;
  }
  return result;
}

/** Drops from a minified stylesheet every selector naming a class of an unused component, and rules left empty. */
export function trimTheme(css, unusedComponents) {
  const deadRoots = unusedComponents.flatMap(classRootsOf);
  const isDead = (selector) =>
    [...selector.matchAll(/\.(p-[a-zA-Z0-9_-]+)/g)].some(([, name]) => deadRoots.some((root) => name === root || name.startsWith(`${root}-`)));
  const trim = (stylesheet) => {
    let out = '';
    for (const { prelude, body } of blocks(stylesheet)) {
      if (/^@(media|supports|layer)\b/.test(prelude)) {
        const inner = trim(body);
        if (inner) out += `${prelude}{${inner}}`;
      } else if (prelude.startsWith('@')) {
        out += `${prelude}{${body}}`;
      } else {
        const alive = splitSelectors(prelude).filter((selector) => !isDead(selector));
        if (alive.length) out += `${alive.join(',')}{${body}}`;
      }
    }
    return out;
  };
  // @import/@charset lines before the first block are kept as they are.
  const head = css.match(/^(\s*@(charset|import)[^;]*;)*/)[0];
  return head + trim(css.slice(head.length));
}
