/**
 * The rule form's draft: a cache rule with numbers as typed and the custom expression as the condition builder edits
 * it, and its conversions to and from the rule `core/rules/cache.ts` checks and the API saves. Pure, so the form keeps
 * it in `useDraft` (sessionStorage) and a restored draft is the same object.
 */
import type { CacheRuleInfo } from '../../core/api/endpoints/domain-settings.js';
import { newCacheRule, type CacheRuleInput } from '../../core/rules/cache.js';
import { parseInteger } from '../../core/rules/common.js';
import type { CacheTimeUnit } from '../../core/rules/origin.js';
import { fromConditionInput, toConditionInput, type ConditionDraft } from '../../core/ui/parts/condition-builder/model.js';

/** One error-cache row as typed; `key` keeps React rows stable while rows are removed. */
export interface ErrorRowDraft {
  key: string;
  code: string;
  ttl: string;
  unit: CacheTimeUnit;
}

/** The form's state. */
export interface RuleDraft extends Omit<CacheRuleInput, 'conditions' | 'edge_ttl' | 'browser_ttl' | 'error_cache'> {
  conditions: ConditionDraft[];
  edge_ttl: string;
  browser_ttl: string;
  error_cache: ErrorRowDraft[];
}

let rowCounter = 0;

/** A fresh key for an error-cache row. */
export function rowKey(): string {
  rowCounter += 1;
  return `e${Date.now().toString(36)}${rowCounter}`;
}

/** The draft of a saved rule, or of a new one. */
export function toDraft(rule: CacheRuleInfo | null): RuleDraft {
  const source: CacheRuleInput = rule ?? newCacheRule();
  return {
    ...source,
    conditions: source.conditions.map((condition) => fromConditionInput(condition)),
    edge_ttl: String(source.edge_ttl),
    browser_ttl: String(source.browser_ttl),
    error_cache: source.error_cache.map((row) => ({ key: rowKey(), code: String(row.code), ttl: String(row.ttl), unit: row.unit })),
  };
}

/** A typed number as the API takes it: the number when it is one, the text otherwise (so the rules can refuse it). */
function amount(typed: string): number | string {
  const parsed = parseInteger(typed);
  return parsed === null ? typed : parsed;
}

/** The rule the draft describes. */
export function fromDraft(draft: RuleDraft): CacheRuleInput {
  return {
    ...draft,
    conditions: draft.request_rule === 'custom' ? draft.conditions.map(toConditionInput) : [],
    edge_ttl: amount(draft.edge_ttl),
    browser_ttl: amount(draft.browser_ttl),
    error_cache: draft.error_cache.map((row) => ({ code: amount(row.code), ttl: amount(row.ttl), unit: row.unit })),
  };
}
