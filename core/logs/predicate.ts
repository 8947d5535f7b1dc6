/**
 * What a log search asks for, as a tree: the conditional filters of the log retrieval form and the advanced search
 * expression (expression.ts) both become a {@link LogPredicate}, and the stores turn the tree into parameterised SQL
 * (every value a bound parameter, every field name checked against the catalogue: nothing the user typed is ever
 * pasted into a statement).
 */
import type { LogRow } from './fields.js';

/** A searchable field name. */
export type LogFieldName = Exclude<keyof LogRow, 'member_id' | 'log_type'>;

/** The comparison operators of the expression language. */
export const COMPARE_OPERATORS = ['=', '!=', '>', '>=', '<', '<='] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

/** A search condition. Values are already typed: numbers for number and time fields (time in ms, UTC). */
export type LogPredicate =
  | { op: 'and' | 'or'; items: LogPredicate[] }
  | { op: 'not'; item: LogPredicate }
  /** `status >= 500`, `country = "CN"`, `ts < "2026-11-26 08:00"` (the time already converted from UTC+8). */
  | { op: 'compare'; field: LogFieldName; operator: CompareOperator; value: string | number }
  /** `method in ("GET", "HEAD")`. */
  | { op: 'in'; field: LogFieldName; values: (string | number)[] }
  /** `uri ~ "^/api/v[12]/"`: a regular expression (RE2 syntax, the subset DuckDB and ClickHouse share). */
  | { op: 'regex'; field: LogFieldName; pattern: string }
  /** `uri ~ "^/api"` with a literal prefix, and the form's URL filter: answered with an index-friendly prefix test. */
  | { op: 'prefix'; field: LogFieldName; value: string }
  /** `user_agent contains "curl"`: a literal substring, case-sensitive. */
  | { op: 'contains'; field: LogFieldName; value: string }
  /** `client_ip = "10.0.0.0/8"` or `client_ip in (...)` with blocks: IPv4 or IPv6 CIDR blocks, canonical. */
  | { op: 'cidr'; field: 'client_ip'; blocks: string[] }
  /**
   * Lines whose value of a text field satisfies `item`, which reads that field only: true exactly when `item` is. The
   * stores test `item` once per distinct value of the searched range instead of once per line (issue 25: the bot rules
   * are some sixty substring tests of the user agent; a range of 2 million lines holds a few thousand user agents).
   */
  | { op: 'per-value'; field: LogFieldName; item: LogPredicate };

/** Both sides must hold; drops empty conjunctions so a search without conditions is `null`. */
export function allOf(items: readonly (LogPredicate | null | undefined)[]): LogPredicate | null {
  const present = items.filter((item): item is LogPredicate => item != null);
  if (present.length === 0) return null;
  return present.length === 1 ? present[0]! : { op: 'and', items: present };
}
