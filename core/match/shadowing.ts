/**
 * Rules that can never fire: a later rule is unreachable when an earlier enabled rule that stops matching (any action
 * but observation, basic CC and vulnerability protection) matches every request the later rule matches. The earlier
 * rule "covers" the later one when each of its conditions is always true, or holds whenever one of the later rule's
 * conditions holds (the later rule's conditions are ANDed, so any one of them implying it is enough).
 *
 * The analysis is sound, not complete: it names a rule only when it can prove the cover from the condition data
 * (equal or narrower targets, CIDR containment, wildcard domains, region ancestry, time ranges inside time ranges,
 * prefixes and substrings, a literal a pattern matches, stricter rates). A rule it cannot prove covered is left out.
 */
import { isNegatedOperator, matchTypeSpec, parseTimeRange } from '../rules/match-catalogue.js';
import { ACTION_FLOW } from '../rules/waf-actions.js';
import { conditionTargets, type MatchConditionInput } from '../rules/waf.js';
import { positiveOperator } from './conditions.js';
import { compilePcre, translatePcre } from './pcre-to-js.js';
import type { MatchRule } from './rule-set.js';
import { blocksDisjoint, blockWithin, domainMatches, parseBlock, regionPath, type RegionNode } from './values.js';

/** A rule that can never fire, and the earlier rule that always fires first. */
export interface UnreachableRule {
  /** The unreachable rule's position, 0-based. */
  index: number;
  /** The covering rule's position, 0-based. */
  coveredBy: number;
}

interface Normalized {
  condition: MatchConditionInput;
  operator: string;
  name: string;
  rows: string[];
  /** Type and name: two conditions can imply one another only when these are equal. */
  field: string;
  /** Holds for every request (worked out once per condition, not once per pair of rules). */
  tautology: boolean;
}

function normalize(condition: MatchConditionInput): Normalized {
  const name = (condition.name ?? '').trim().toLowerCase();
  const normalized: Normalized = {
    condition,
    operator: condition.operator,
    name,
    rows: conditionTargets(condition.value).map((row) => row.trim().toLowerCase()),
    field: `${condition.type}\u0000${name}`,
    tautology: false,
  };
  normalized.tautology = isTautology(normalized);
  return normalized;
}

/** Types whose value is always present in a request (a pattern matching the empty string holds for all of them). */
const ALWAYS_PRESENT = new Set(['url', 'query-string', 'method', 'protocol']);

/** True when the condition holds for every request. */
function isTautology(a: Normalized): boolean {
  const { type } = a.condition;
  if (a.operator === 'equals' && type === 'ip') {
    const blocks = a.rows.map(parseBlock);
    return [4, 6].every((version) => blocks.some((block) => block?.version === version && block.prefix === 0));
  }
  const spec = matchTypeSpec(type);
  if (a.operator === 'equals' && spec.options && ALWAYS_PRESENT.has(type)) {
    return spec.options.every((option) => a.rows.includes(option.toLowerCase()));
  }
  if (a.operator === 'regex' && ALWAYS_PRESENT.has(type)) {
    // A pattern without anchors, boundaries or lookarounds that matches the empty string matches at the start of
    // every subject.
    return conditionTargets(a.condition.value).some((pattern) => {
      const translation = translatePcre(pattern);
      return translation.ok && !translation.assertions && new RegExp(translation.source, translation.flags).test('');
    });
  }
  return false;
}

/** Whether a value that satisfies `(op, row)` of the later rule surely satisfies `(aOp, aRow)` of the earlier one. */
function rowImplies(type: MatchConditionInput['type'], op: string, row: string, aOp: string, aRow: string, regions: readonly RegionNode[]): boolean {
  if (aOp === 'regex') {
    if (op === 'regex') return row === aRow;
    if (op !== 'equals') return false;
    const compiled = compilePcre(aRow);
    return 'regex' in compiled && compiled.regex.test(row);
  }
  switch (type) {
    case 'ip': {
      const inner = parseBlock(row);
      const outer = parseBlock(aRow);
      return op === 'equals' && aOp === 'equals' && inner !== null && outer !== null && blockWithin(inner, outer);
    }
    case 'domain':
    case 'referer-domain':
      if (op !== 'equals' || aOp !== 'equals') return false;
      return row === aRow || (aRow.startsWith('*.') && domainMatches(row.startsWith('*.') ? row.slice(2) : row, aRow));
    case 'region':
      return op === 'equals' && aOp === 'equals' && (row === aRow || regionPath(row.toUpperCase(), regions).includes(aRow.toUpperCase()));
    case 'time': {
      const inner = parseTimeRange(row);
      const outer = parseTimeRange(aRow);
      return op === 'in-range' && aOp === 'in-range' && inner !== null && outer !== null && inner.start >= outer.start && inner.end <= outer.end;
    }
    default:
      break;
  }
  switch (aOp) {
    case 'equals':
      return op === 'equals' && row === aRow;
    case 'contains':
      return ['equals', 'contains', 'prefix', 'suffix'].includes(op) && row.includes(aRow);
    case 'prefix':
      return (op === 'equals' || op === 'prefix') && row.startsWith(aRow);
    case 'suffix':
      return (op === 'equals' || op === 'suffix') && row.endsWith(aRow);
    default:
      return false;
  }
}

/** Whether two domain targets (either may be a wildcard) can name the same host. */
function domainsOverlap(x: string, y: string): boolean {
  if (!x.startsWith('*.')) return domainMatches(x, y);
  if (!y.startsWith('*.')) return domainMatches(y, x);
  return x.endsWith(y.slice(1)) || y.endsWith(x.slice(1));
}

/** Whether a value equal to `value` (of the later rule) surely avoids every target of a negated earlier condition. */
function avoids(a: Normalized, value: string, regions: readonly RegionNode[]): boolean {
  const op = positiveOperator(a.operator);
  const { type } = a.condition;
  return a.rows.every((target) => {
    if (op === 'regex') {
      const compiled = compilePcre(target);
      return 'regex' in compiled && !compiled.regex.test(value);
    }
    if (type === 'ip') {
      const inner = parseBlock(value);
      const outer = parseBlock(target);
      return inner !== null && outer !== null && blocksDisjoint(inner, outer);
    }
    if (type === 'domain' || type === 'referer-domain') return !domainsOverlap(value, target);
    if (type === 'region') {
      const up = (key: string) => key.toUpperCase();
      const valuePath = regionPath(up(value), regions);
      const targetPath = regionPath(up(target), regions);
      // Without the tree nothing proves two keys apart (one may hold the other).
      return valuePath.length > 0 && targetPath.length > 0 && !valuePath.includes(up(target)) && !targetPath.includes(up(value));
    }
    if (op === 'contains') return !value.includes(target);
    if (op === 'prefix') return !value.startsWith(target);
    if (op === 'suffix') return !value.endsWith(target);
    return op === 'equals' && value !== target;
  });
}

/** Whether `b` (a condition of the later rule) holding implies `a` (of the earlier rule) holding. */
function implies(b: Normalized, a: Normalized, regions: readonly RegionNode[]): boolean {
  if (a.field !== b.field) return false;
  const spec = matchTypeSpec(a.condition.type);
  if (spec.windowed) {
    const rate = (n: Normalized) => Number(n.rows[0]) / Number(n.condition.window);
    return b.operator === 'greater-than' && a.operator === 'greater-than' && rate(b) >= rate(a);
  }
  if (a.operator === 'exists') return !isNegatedOperator(b.operator) && b.operator !== 'in-list';
  if (a.operator === 'not-exists') return b.operator === 'not-exists';
  if (a.operator === 'in-list' || a.operator === 'not-in-list') {
    return b.operator === a.operator && b.condition.ip_list_id === a.condition.ip_list_id;
  }
  if (isNegatedOperator(a.operator)) {
    if (b.operator === 'equals') return b.rows.every((value) => avoids(a, value, regions));
    if (b.operator !== a.operator) return false;
    // Avoiding all of b's targets avoids all of a's when each of a's targets is caught by one of b's.
    if (a.operator === 'not-contains') return a.rows.every((target) => b.rows.some((row) => target.includes(row)));
    return a.rows.every((target) => b.rows.includes(target));
  }
  if (isNegatedOperator(b.operator) || b.operator === 'exists') return false;
  return b.rows.every((row) => a.rows.some((aRow) => rowImplies(a.condition.type, b.operator, row, a.operator, aRow, regions)));
}

/** A rule's conditions, and the fields they look at (most pairs of rules are told apart by these alone). */
interface RuleShape {
  conditions: Normalized[];
  fields: Set<string>;
}

/** Whether every request matching `later` also matches `earlier`. */
function covers(earlier: RuleShape, later: RuleShape, regions: readonly RegionNode[]): boolean {
  if (earlier.conditions.some((a) => !a.tautology && !later.fields.has(a.field))) return false;
  return earlier.conditions.every((a) => a.tautology || later.conditions.some((b) => implies(b, a, regions)));
}

/** Every rule that an earlier enabled, terminating rule always pre-empts. Closed rules are left out: they never fire anyway. */
export function findUnreachableRules(
  rules: readonly MatchRule[],
  context: { regions?: readonly RegionNode[]; onRule?: (index: number) => void } = {},
): UnreachableRule[] {
  const regions = context.regions ?? [];
  const normalized: RuleShape[] = rules.map((rule, index) => {
    context.onRule?.(index);
    const conditions = rule.conditions.map(normalize);
    return { conditions, fields: new Set(conditions.map((condition) => condition.field)) };
  });
  const unreachable: UnreachableRule[] = [];
  rules.forEach((rule, index) => {
    if (rule.status === 'closed' || rule.conditions.length === 0) return;
    for (let earlier = 0; earlier < index; earlier++) {
      const candidate = rules[earlier]!;
      if (candidate.status !== 'enabled' || ACTION_FLOW[candidate.action.type] === 'continue') continue;
      if (candidate.conditions.length === 0) continue;
      // The patterns tried here are the earlier rule's, run against the later rule's literal targets.
      context.onRule?.(earlier);
      if (covers(normalized[earlier]!, normalized[index]!, regions)) {
        unreachable.push({ index, coveredBy: earlier });
        return;
      }
    }
  });
  return unreachable;
}
