/**
 * A rule set against a sample request (the rule tester): every rule's outcome and each condition's, which rule fires
 * first, where matching stops, and which rules can never fire because an earlier terminating rule always matches
 * first (see `shadowing.ts`). Rules run in order (priority 1 first); a closed rule never fires; a rule in observation
 * only logs, so matching goes on after it whatever its action (rules §4).
 */
import { ACTION_FLOW, type MatchingFlow, type WafActionInput } from '../rules/waf-actions.js';
import type { MatchConditionInput, WafRuleStatus } from '../rules/waf.js';
import { allOf, evaluateCondition, type ConditionEvaluation, type MatchContext, type Outcome } from './conditions.js';
import { viewRequest, type SampleRequest } from './request.js';
import { findUnreachableRules, type UnreachableRule } from './shadowing.js';

/** A rule as the matcher reads it: saved or still a draft. */
export interface MatchRule {
  /** The saved rule's id; absent for a draft. */
  id?: number;
  /** Conditions combined by AND. */
  conditions: readonly MatchConditionInput[];
  /** What it does when it fires. */
  action: WafActionInput;
  /** Enabled, observation or closed. */
  status: WafRuleStatus;
}

/** How matching goes on after a rule fires, given its status: observation and closed rules never stop it. */
export function effectiveFlow(rule: Pick<MatchRule, 'action' | 'status'>): MatchingFlow {
  return rule.status === 'enabled' ? ACTION_FLOW[rule.action.type] : 'continue';
}

/** Whether matching reaches a rule: surely, surely not (an earlier terminating rule fired), or it depends. */
export type Reach = 'yes' | 'no' | 'maybe';

/** One rule's result. */
export interface RuleEvaluation {
  /** Position in the set, 0-based (priority − 1). */
  index: number;
  id?: number;
  /** Whether its conditions all hold; `closed` rules are never applied (their conditions are still shown). */
  outcome: Outcome | 'closed';
  conditions: ConditionEvaluation[];
  /** What matching does after it when it fires. */
  flow: MatchingFlow;
  reach: Reach;
}

/** The whole result. */
export interface RuleSetEvaluation {
  rules: RuleEvaluation[];
  /** The first rule that surely fires and is surely reached; `null` when none. */
  firstFiring: number | null;
  /** Rules before {@link firstFiring} (or anywhere, when none fires surely) whose outcome is unknown. */
  undecided: number[];
  /** The rule where matching stops in this set (a terminating rule that fires), or `null` when it runs to the end. */
  stoppedAt: number | null;
  /** How matching leaves the set: stopped by a rule, sent on to the next set, or at the end of the rules. */
  exit: 'stop' | 'next-set' | 'end';
  /** Rules that can never fire, whatever the request. */
  unreachable: UnreachableRule[];
}

/** Evaluates the rules, in order, against the request. */
export function evaluateRuleSet(rules: readonly MatchRule[], request: SampleRequest, context: MatchContext = {}): RuleSetEvaluation {
  const view = viewRequest(request);
  const results: RuleEvaluation[] = [];
  let reach: Reach = 'yes';
  let firstFiring: number | null = null;
  let stoppedAt: number | null = null;
  const undecided: number[] = [];
  rules.forEach((rule, index) => {
    context.onRule?.(index);
    const conditions = rule.conditions.map((condition) => evaluateCondition(condition, view, context));
    const flow = effectiveFlow(rule);
    const outcome: Outcome | 'closed' = rule.status === 'closed' ? 'closed' : allOf(conditions.map((condition) => condition.outcome));
    results.push({ index, id: rule.id, outcome, conditions, flow, reach });
    if (outcome === 'closed' || reach === 'no') return;
    if (outcome === 'unknown' && firstFiring === null) undecided.push(index);
    if (outcome === 'match' && reach === 'yes' && firstFiring === null) firstFiring = index;
    if (flow === 'continue') return;
    if (outcome === 'match' && reach === 'yes') {
      stoppedAt = index;
      reach = 'no';
    } else if (outcome === 'match' || outcome === 'unknown') {
      reach = 'maybe';
    }
  });
  const stopped = stoppedAt === null ? null : rules[stoppedAt];
  let unreachable: UnreachableRule[] | undefined;
  return {
    rules: results,
    firstFiring,
    undecided,
    stoppedAt,
    exit: stopped ? (effectiveFlow(stopped) === 'next-set' ? 'next-set' : 'stop') : 'end',
    // Worked out on first read: it does not depend on the request, costs more than the evaluation itself, and a
    // caller evaluating every request of the traffic simulator never reads it. A getter is still copied by JSON and
    // by structured clone (the evaluation worker's answer).
    get unreachable() {
      return (unreachable ??= findUnreachableRules(rules, context));
    },
  };
}
