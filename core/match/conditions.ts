/**
 * One condition against a sample request, in three-valued logic: `match`, `no-match`, or `unknown` when the outcome
 * cannot be known here (a pattern JavaScript cannot evaluate, an IP list whose entries are elsewhere, a request field
 * the tester left out). String comparisons are case-insensitive (rules §5).
 */
import { isNegatedOperator, parseTimeRange, type MatchOperator } from '../rules/match-catalogue.js';
import { conditionTargets, type MatchConditionInput } from '../rules/waf.js';
import { compilePcre, type UntranslatableConstruct } from './pcre-to-js.js';
import type { RequestView, SampleField } from './request.js';
import { domainMatches, ipInBlock, regionMatches, type RegionNode } from './values.js';

/** A three-valued outcome. */
export type Outcome = 'match' | 'no-match' | 'unknown';

/** Why an outcome is unknown. */
export type UnknownReason =
  | { kind: 'regex'; pattern: string; construct: UntranslatableConstruct; offset: number }
  | { kind: 'ip-list'; listId: number }
  | { kind: 'missing'; field: SampleField }
  | { kind: 'region-detail'; target: string }
  | { kind: 'condition-rule'; ruleId: number };

/** What evaluation may use besides the request. */
export interface MatchContext {
  /** The IP region tree, to place a request's country or province under region targets. */
  regions?: readonly RegionNode[];
  /** Entries of an IP list by id, when this side knows them. */
  ipListEntries?: (listId: number) => readonly string[] | undefined;
  /** Evaluate nested unbounded repetition (only under a time limit: the server). */
  allowNestedQuantifiers?: boolean;
  /**
   * Told the position of the rule whose patterns are about to run, so a caller that stops a run that takes too long
   * (the server's evaluation worker) can name the rule responsible.
   */
  onRule?: (index: number) => void;
}

/** A condition's outcome, the values it looked at, and why it is unknown when it is. */
export interface ConditionEvaluation {
  outcome: Outcome;
  /** What the request held for this condition (lower case), empty when absent. */
  observed: string[];
  reasons: UnknownReason[];
}

/** AND of outcomes: no-match wins, then unknown. */
export function allOf(outcomes: readonly Outcome[]): Outcome {
  if (outcomes.includes('no-match')) return 'no-match';
  return outcomes.includes('unknown') ? 'unknown' : 'match';
}

/** OR of outcomes: match wins, then unknown. */
export function anyOf(outcomes: readonly Outcome[]): Outcome {
  if (outcomes.includes('match')) return 'match';
  return outcomes.includes('unknown') ? 'unknown' : 'no-match';
}

function negate(outcome: Outcome): Outcome {
  return outcome === 'unknown' ? 'unknown' : outcome === 'match' ? 'no-match' : 'match';
}

/** The positive form of an operator (`not-contains` compares like `contains`). */
export function positiveOperator(operator: string): MatchOperator {
  return (isNegatedOperator(operator) ? operator.slice(4) : operator) as MatchOperator;
}

const bool = (value: boolean): Outcome => (value ? 'match' : 'no-match');

/** One observed value against one target under a positive operator. */
function compare(
  condition: MatchConditionInput,
  operator: MatchOperator,
  value: string,
  target: string,
  context: MatchContext,
  reasons: UnknownReason[],
): Outcome {
  const wanted = target.trim().toLowerCase();
  switch (operator) {
    case 'regex': {
      const compiled = compilePcre(target, { allowNestedQuantifiers: context.allowNestedQuantifiers });
      if ('construct' in compiled) {
        reasons.push({ kind: 'regex', pattern: target, construct: compiled.construct, offset: compiled.offset });
        return 'unknown';
      }
      return bool(compiled.regex.test(value));
    }
    case 'contains':
      return bool(value.includes(wanted));
    case 'prefix':
      return bool(value.startsWith(wanted));
    case 'suffix':
      return bool(value.endsWith(wanted));
    case 'in-range': {
      const range = parseTimeRange(target);
      const at = Number(value);
      return range === null ? 'no-match' : bool(at >= range.start && at < range.end);
    }
    case 'greater-than': {
      const window = Number(condition.window);
      return bool(Number(value) * window > Number(target));
    }
    default:
      break;
  }
  switch (condition.type) {
    case 'ip':
      return bool(ipInBlock(value, target) === true);
    case 'domain':
    case 'referer-domain':
      return bool(domainMatches(value, wanted));
    case 'region': {
      const outcome = regionMatches(value, target.trim().toUpperCase(), context.regions ?? []);
      if (outcome === 'unknown') reasons.push({ kind: 'region-detail', target });
      return outcome;
    }
    case 'status-code':
    case 'server-port':
      return bool(Number(value) === Number(wanted));
    default:
      return bool(value === wanted);
  }
}

/**
 * A `condition-rule` condition: the AND of the referenced rule's conditions as the server expanded them; a suspended
 * rule (`expanded: null`) never matches (rules §4 "a suspended rule has no effect"), so `matches` fails and
 * `not-matches` holds; without expansion (the browser alone) the outcome is unknown.
 */
function evaluateReference(condition: MatchConditionInput, view: RequestView, context: MatchContext): ConditionEvaluation {
  const negated = isNegatedOperator(condition.operator);
  if (condition.expanded === undefined) {
    const ruleId = Number(conditionTargets(condition.value)[0] ?? 0);
    return { outcome: 'unknown', observed: [], reasons: [{ kind: 'condition-rule', ruleId }] };
  }
  const inner = (condition.expanded ?? []).map((part) => evaluateCondition(part, view, context));
  const positive: Outcome = condition.expanded === null ? 'no-match' : allOf(inner.map((part) => part.outcome));
  const outcome = negated ? negate(positive) : positive;
  return { outcome, observed: [], reasons: outcome === 'unknown' ? inner.flatMap((part) => part.reasons) : [] };
}

/** Evaluates one condition against the request. */
export function evaluateCondition(condition: MatchConditionInput, view: RequestView, context: MatchContext = {}): ConditionEvaluation {
  if (condition.type === 'condition-rule') return evaluateReference(condition, view, context);
  const observed = view.observe(condition.type, condition.name);
  if ('missing' in observed) return { outcome: 'unknown', observed: [], reasons: [{ kind: 'missing', field: observed.missing }] };
  const values = observed.values;
  const operator = positiveOperator(condition.operator);
  const negated = isNegatedOperator(condition.operator);
  const reasons: UnknownReason[] = [];
  let positive: Outcome;
  if (operator === 'exists') {
    positive = bool(values.length > 0);
  } else if (operator === 'in-list') {
    const listId = condition.ip_list_id ?? 0;
    const entries = context.ipListEntries?.(listId);
    if (entries === undefined) {
      reasons.push({ kind: 'ip-list', listId });
      positive = 'unknown';
    } else {
      positive = anyOf(values.flatMap((value) => entries.map((entry) => bool(ipInBlock(value, entry) === true))));
    }
  } else {
    const targets = conditionTargets(condition.value);
    positive = anyOf(values.flatMap((value) => targets.map((target) => compare(condition, operator, value, target, context, reasons))));
  }
  const outcome = negated ? negate(positive) : positive;
  return { outcome, observed: values, reasons: outcome === 'unknown' ? reasons : [] };
}
