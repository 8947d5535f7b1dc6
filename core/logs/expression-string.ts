/**
 * Writing a text value into a log expression (core/logs/expression.ts), in a module of its own so a report that only
 * links to log retrieval does not download the parser.
 */

/**
 * A text value written in the language: double-quoted, with `\` and `"` escaped, so the parser reads back exactly
 * `value`. The one way every part of the console writes a value into an expression (drill-downs,
 * suggestions).
 */
export function expressionString(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}
