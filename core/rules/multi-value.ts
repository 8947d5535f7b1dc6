/**
 * The multi-value input's pure rules (shell §5): items are joined with '|' by default, the separator is stripped from
 * each typed item, empty items are dropped, a new row may be added only once the current rows validate, and at least
 * one (empty) row is always kept. WAF condition targets use the same form (rules §5: "multiple targets are separated
 * by |").
 */
import type { RuleIssue } from './types.js';

/** The default separator between items (shell §5). */
export const MULTI_VALUE_SEPARATOR = '|';

/** One typed item with every occurrence of the separator removed and surrounding whitespace trimmed (shell §5). */
export function cleanMultiValueItem(item: string, separator: string = MULTI_VALUE_SEPARATOR): string {
  return item.split(separator).join('').trim();
}

/** The items joined into one value: separators stripped from each, empty items dropped (shell §5). */
export function joinMultiValue(items: readonly string[], separator: string = MULTI_VALUE_SEPARATOR): string {
  const kept: string[] = [];
  for (const item of items) {
    const cleaned = cleanMultiValueItem(item, separator);
    if (cleaned.length > 0) kept.push(cleaned);
  }
  return kept.join(separator);
}

/** A joined value back into its items, trimmed, empty items dropped. */
export function splitMultiValue(value: string, separator: string = MULTI_VALUE_SEPARATOR): string[] {
  const items: string[] = [];
  for (const part of value.split(separator)) {
    const trimmed = part.trim();
    if (trimmed.length > 0) items.push(trimmed);
  }
  return items;
}

/** Each row's issue (or `null`), for showing messages inline beside the rows; an empty row has no issue. */
export function validateMultiValueRows(
  rows: readonly string[],
  rule: (item: string) => RuleIssue | null,
  separator: string = MULTI_VALUE_SEPARATOR,
): Array<RuleIssue | null> {
  return rows.map((row) => {
    const cleaned = cleanMultiValueItem(row, separator);
    return cleaned.length === 0 ? null : rule(cleaned);
  });
}

/** A new row may be added only when every current row is filled in and valid (shell §5). */
export function canAddMultiValueRow(
  rows: readonly string[],
  rule: (item: string) => RuleIssue | null,
  separator: string = MULTI_VALUE_SEPARATOR,
): boolean {
  return rows.every((row) => {
    const cleaned = cleanMultiValueItem(row, separator);
    return cleaned.length > 0 && rule(cleaned) === null;
  });
}

/** The rows to show: the same rows, or one empty row when none are left (shell §5: "at least one empty row is kept"). */
export function keepOneRow(rows: readonly string[]): string[] {
  return rows.length === 0 ? [''] : [...rows];
}
