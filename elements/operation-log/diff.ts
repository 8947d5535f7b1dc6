/**
 * The before/after diff of an operation log entry. Both sides are JSON values recorded by the server; nested
 * objects and arrays are flattened to paths (`origins[0].port`, `cache.rules[2].ttl`) so a change deep inside a
 * configuration reads as one line instead of two large JSON blobs. Pure and framework-free, so it is tested in Node.
 */

/** How a path differs between the two sides. */
export type DiffKind = 'added' | 'removed' | 'changed' | 'unchanged';

/** Every kind, in the order a summary lists them. */
export const DIFF_KINDS: readonly DiffKind[] = ['changed', 'added', 'removed', 'unchanged'];

/** One flattened path and its values on each side (a side is absent when the path exists only on the other). */
export interface DiffEntry {
  /** Dotted path; '' when a side is a plain value rather than an object or array. */
  path: string;
  kind: DiffKind;
  /** The leaf value before; `undefined` when the path is new. */
  before?: unknown;
  /** The leaf value after; `undefined` when the path was removed. */
  after?: unknown;
}

/** Keys that would make a dotted path ambiguous are written in brackets, quoted like JSON. */
const PLAIN_KEY = /^[^.[\]"'\s]+$/;

function childPath(prefix: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${prefix}[${JSON.stringify(key)}]`;
  return prefix === '' ? key : `${prefix}.${key}`;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function visit(value: unknown, path: string, into: Map<string, unknown>): void {
  if (!isContainer(value)) {
    into.set(path, value);
    return;
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [childPath(path, key), item]);
  // An empty object or list below the root is still a value someone set, so it stays visible as a leaf.
  if (entries.length === 0) {
    if (path !== '') into.set(path, value);
    return;
  }
  for (const [itemPath, item] of entries) visit(item, itemPath, into);
}

/**
 * Flattens a JSON value to leaf paths, in document order. `null` or `undefined` at the root means "nothing
 * recorded" (the before side of a creation, the after side of a deletion) and gives no paths.
 */
export function flattenJson(value: unknown): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (value === null || value === undefined) return leaves;
  visit(value, '', leaves);
  return leaves;
}

/** Deep equality of two JSON leaves; only empty objects and lists reach here as containers. */
function sameLeaf(left: unknown, right: unknown): boolean {
  if (isContainer(left) && isContainer(right)) return Array.isArray(left) === Array.isArray(right) && JSON.stringify(left) === JSON.stringify(right);
  return Object.is(left, right);
}

/**
 * Compares two recorded values path by path. Paths keep the order of the before side; a path only the after side
 * has is placed after the path that precedes it there (and after fields removed at that spot), so an added field
 * shows next to its siblings instead of at the end.
 */
export function diffValues(before: unknown, after: unknown): DiffEntry[] {
  const old = flattenJson(before);
  const next = flattenJson(after);

  // Paths new in `after`, grouped under the nearest preceding path both sides share (null: before any of them).
  const addedAfter = new Map<string | null, string[]>();
  let anchor: string | null = null;
  for (const path of next.keys()) {
    if (old.has(path)) {
      anchor = path;
      continue;
    }
    const group = addedAfter.get(anchor) ?? [];
    group.push(path);
    addedAfter.set(anchor, group);
  }

  const entries: DiffEntry[] = [];
  // Added paths go after the removed ones that follow the same anchor, so a replaced field reads old, then new.
  let pending: string | null = null;
  const flushAdded = () => {
    for (const path of addedAfter.get(pending) ?? []) entries.push({ path, kind: 'added', after: next.get(path) });
  };
  for (const [path, value] of old) {
    if (!next.has(path)) {
      entries.push({ path, kind: 'removed', before: value });
      continue;
    }
    flushAdded();
    const nextValue = next.get(path);
    entries.push({ path, kind: sameLeaf(value, nextValue) ? 'unchanged' : 'changed', before: value, after: nextValue });
    pending = path;
  }
  flushAdded();
  return entries;
}

/** How many paths of each kind a diff has. */
export function countDiff(entries: readonly DiffEntry[]): Record<DiffKind, number> {
  const counts: Record<DiffKind, number> = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const entry of entries) counts[entry.kind]++;
  return counts;
}

/**
 * A leaf as text: JSON, so a string `"80"` and a number `80` look different and `null` reads as null. Absent
 * (`undefined`) gives '' because the cell has nothing to show.
 */
export function formatDiffValue(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

/** One step of a path: a field name, or a position in a list (0-based). */
export type PathStep = { field: string } | { index: number };

/** The steps of a path made by {@link flattenJson}: `origins[0].port` -> origins, 0, port; quoted keys unquoted. */
export function pathSteps(path: string): PathStep[] {
  const steps: PathStep[] = [];
  const pattern = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|([^.[\]]+)/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) steps.push({ index: Number(match[1]) });
    else if (match[2] !== undefined) steps.push({ field: JSON.parse(match[2]) as string });
    else if (match[3] !== undefined) steps.push({ field: match[3] });
  }
  return steps;
}
