/**
 * The shapes every rule shares. A rule answers `null` when the value is acceptable, or one {@link RuleIssue} naming a
 * message of the `rules` i18n namespace; form-level validators answer a list of {@link FieldIssue}s, the same shape
 * the reference server sends back with "Form verification failed" (rules §8), so a form shows the browser's and the
 * server's findings the same way.
 */
import type { FieldIssue } from '../api/catalogue.js';
import type rulesCatalogue from '../i18n/locales/en_US/rules.json';

export type { FieldIssue };

/** What a rule found wrong: a message key of the `rules` namespace and the values it interpolates. */
export interface RuleIssue {
  /** A key of the `rules` namespace, e.g. `dns.mx-priority-range`. */
  key: string;
  /** Values for the message's `{{name}}` placeholders. */
  values?: Record<string, unknown>;
}

/** A single-value rule: `null` when valid. */
export type Rule<T> = (value: T) => RuleIssue | null;

type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

/**
 * Every message key of the `rules` namespace, derived from the catalogue itself so that a rule naming a key that has
 * no message fails the type check instead of showing a raw key to the user.
 */
export type RuleKey = LeafKeys<typeof rulesCatalogue>;

/** Builds an issue; the only way rules create one, so the key is checked against the catalogue at compile time. */
export function issue(key: RuleKey, values?: Record<string, unknown>): RuleIssue {
  return values === undefined ? { key } : { key, values };
}

/** Turns a rule's answer into field issues for a form-level validator (none when the rule passed). */
export function onField(field: string, found: RuleIssue | null): FieldIssue[] {
  return found === null ? [] : [found.values === undefined ? { field, key: found.key } : { field, ...found }];
}

/** Runs rules in order and keeps the first issue: a field shows one message at a time. */
export function firstIssue(...checks: Array<() => RuleIssue | null>): RuleIssue | null {
  for (const check of checks) {
    const found = check();
    if (found !== null) return found;
  }
  return null;
}
