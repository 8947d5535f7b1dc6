/**
 * The condition builder's pure model (rules §5 Match rules and WAF): conditions as the form edits them, the
 * constraints the builder enforces while the user builds (at most 5 conditions, IP and region exclusive, the source
 * status code condition last, the domain match type only for wildcard domains), and the conversions to and from the
 * `MatchConditionInput` that `core/rules` checks and `core/match` evaluates. Shared by the WAF rule editor and the
 * cache rule editor's custom request expressions.
 */
import { joinMultiValue, splitMultiValue } from '../../../rules/multi-value.js';
import {
  ENGINE_MATCH_TYPES,
  isValuelessOperator,
  LIST_OPERATORS,
  matchTypeSpec,
  MATCH_TYPE_SPECS,
  type MatchOperator,
} from '../../../rules/match-catalogue.js';
import { MATCH_CONDITIONS_MAX, type MatchConditionInput, type MatchType } from '../../../rules/waf.js';

/** One condition being edited. `key` is stable across edits and reorders, for React and for drafts. */
export interface ConditionDraft {
  key: string;
  type: MatchType;
  operator: MatchOperator;
  /** Header or parameter name (named types). */
  name: string;
  /** Targets joined with `|` (the multi-value input's value). */
  value: string;
  /** Rate window in seconds, as typed (rate types). */
  window: string;
  /** The referenced IP list (list operators). */
  ipListId: number | null;
}

/** Why a match type cannot be chosen for a condition, as a `rules` message key; `null` when it can. */
export type TypeBlock = 'waf.ip-region-exclusive' | 'waf.domain-match-wildcard-only' | null;

/** A condition rule a `condition-rule` condition may reference (the conditions match engine). */
export interface ConditionRuleChoice {
  id: number;
  name: string;
  status: 'enabled' | 'suspended';
}

/** What the builder may offer. */
export interface BuilderScope {
  /** The match types offered (all by default; the cache rule editor offers fewer). */
  types?: readonly MatchType[];
  /** Whether the rule protects only wildcard domains, so the domain match type is allowed (rules §5). */
  wildcardDomain?: boolean;
  /**
   * The account's condition rules, given only where the conditions match engine is on (shell §4 condition_source):
   * the `condition-rule` match type is offered only then.
   */
  conditionRules?: readonly ConditionRuleChoice[];
}

let keyCounter = 0;

/** A fresh key for a new condition. */
export function conditionKey(): string {
  keyCounter += 1;
  return `c${Date.now().toString(36)}${keyCounter}`;
}

/** The default rate window: the shortest the spec allows is 1 s; 10 s is the middle of 1-20. */
const DEFAULT_WINDOW = '10';

/** A new condition of a type with its default operator and no targets. */
export function newCondition(type: MatchType, key: string = conditionKey()): ConditionDraft {
  const spec = matchTypeSpec(type);
  return { key, type, operator: spec.operators[0]!, name: '', value: '', window: spec.windowed ? DEFAULT_WINDOW : '', ipListId: null };
}

/**
 * Changes a condition's type: the operator goes back to the type's default unless the new type offers it too, and
 * targets are kept only when they are the same kind of value (a URL pattern means nothing as an IP).
 */
export function changeType(draft: ConditionDraft, type: MatchType): ConditionDraft {
  const before = matchTypeSpec(draft.type);
  const after = matchTypeSpec(type);
  const operator = after.operators.includes(draft.operator) ? draft.operator : after.operators[0]!;
  const sameKind = before.value === after.value && before.options === after.options;
  return { ...newCondition(type, draft.key), operator, value: sameKind ? draft.value : '', name: after.named ? draft.name : '' };
}

/** Changes the operator; a valueless operator drops the targets, a list operator keeps only the list. */
export function changeOperator(draft: ConditionDraft, operator: MatchOperator): ConditionDraft {
  if (isValuelessOperator(operator)) return { ...draft, operator, value: '', ipListId: LIST_OPERATORS.includes(operator) ? draft.ipListId : null };
  return { ...draft, operator, ipListId: null };
}

/** The types offered, in catalogue order. */
export function offeredTypes(scope: BuilderScope = {}): MatchType[] {
  return MATCH_TYPE_SPECS.map((spec) => spec.type)
    .filter((type) => !scope.types || scope.types.includes(type))
    .filter((type) => scope.conditionRules !== undefined || !ENGINE_MATCH_TYPES.includes(type));
}

/** Why `type` cannot be chosen for the condition at `index` given the others (rules §5), or `null`. */
export function typeBlock(conditions: readonly ConditionDraft[], index: number, type: MatchType, scope: BuilderScope = {}): TypeBlock {
  const others = conditions.filter((_, at) => at !== index).map((condition) => condition.type);
  if ((type === 'ip' && others.includes('region')) || (type === 'region' && others.includes('ip'))) return 'waf.ip-region-exclusive';
  if (type === 'domain' && !scope.wildcardDomain) return 'waf.domain-match-wildcard-only';
  return null;
}

/** The first type a new condition can take. */
function firstFreeType(conditions: readonly ConditionDraft[], scope: BuilderScope): MatchType {
  const offered = offeredTypes(scope);
  const free = offered.find((type) => type !== 'status-code' && typeBlock([...conditions, newCondition(type)], conditions.length, type, scope) === null);
  return free ?? offered[0]!;
}

/** Whether another condition may be added (rules §5: at most 5, combined by AND). */
export function canAddCondition(conditions: readonly ConditionDraft[]): boolean {
  return conditions.length < MATCH_CONDITIONS_MAX;
}

/**
 * Keeps the source status code condition last (rules §5): the builder moves it there whenever the list changes, so a
 * rule built here always has it last.
 */
export function statusCodeLast(conditions: readonly ConditionDraft[]): ConditionDraft[] {
  const statusCodes = conditions.filter((condition) => condition.type === 'status-code');
  return [...conditions.filter((condition) => condition.type !== 'status-code'), ...statusCodes];
}

/** Adds a condition of the first type allowed, before a status code condition. */
export function addCondition(conditions: readonly ConditionDraft[], scope: BuilderScope = {}): ConditionDraft[] {
  if (!canAddCondition(conditions)) return [...conditions];
  return statusCodeLast([...conditions, newCondition(firstFreeType(conditions, scope))]);
}

/** Replaces one condition, keeping the status code condition last. */
export function replaceCondition(conditions: readonly ConditionDraft[], key: string, next: ConditionDraft): ConditionDraft[] {
  return statusCodeLast(conditions.map((condition) => (condition.key === key ? next : condition)));
}

/** Removes one condition. */
export function removeCondition(conditions: readonly ConditionDraft[], key: string): ConditionDraft[] {
  return conditions.filter((condition) => condition.key !== key);
}

/** The condition as `core/rules` and `core/match` read it. */
export function toConditionInput(draft: ConditionDraft): MatchConditionInput {
  const spec = matchTypeSpec(draft.type);
  const input: MatchConditionInput = { type: draft.type, operator: draft.operator, value: isValuelessOperator(draft.operator) ? '' : joinMultiValue(splitMultiValue(draft.value)) };
  if (spec.named) input.name = draft.name.trim();
  if (spec.windowed) input.window = draft.window.trim();
  if (LIST_OPERATORS.includes(draft.operator)) input.ip_list_id = draft.ipListId;
  return input;
}

/** A stored condition back into the form. */
export function fromConditionInput(input: MatchConditionInput, key: string = conditionKey()): ConditionDraft {
  return {
    key,
    type: input.type,
    operator: input.operator as MatchOperator,
    name: input.name ?? '',
    value: typeof input.value === 'string' ? input.value : joinMultiValue(input.value),
    window: input.window === undefined || input.window === null ? '' : String(input.window),
    ipListId: input.ip_list_id ?? null,
  };
}
