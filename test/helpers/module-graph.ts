/** The element module graph of elements/module-graph.mjs, typed for the tests. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- a plain .mjs build helper without types
import { elementEntries, moduleGraph as graph, partsIn as parts } from '../../elements/module-graph.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Every source and CSS file in the module graph of `entry`. */
export const moduleGraph = graph as (entry: string) => string[];
/** Literal part names in a source. */
export const partsIn = parts as (source: string) => string[];
/** elements/<name>/element.ts of every element. */
export const ELEMENT_ENTRIES = (elementEntries as (root: string) => string[])(ROOT);
