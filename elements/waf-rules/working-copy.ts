/**
 * The rule set being edited as a working copy (the "unsaved rule set" the tester runs against): rules as the editor
 * holds them, how they differ from what the server has, and moves in the order. Pure functions, tested in Node.
 */
import { fromPolicyConditions, type BuiltInAttributes, type FirewallPolicy } from '../../core/api/endpoints/waf.js';
import type { MatchRule } from '../../core/match/rule-set.js';
import type { MatchConditionInput, WafRuleStatus } from '../../core/rules/waf.js';
import type { WafActionInput } from '../../core/rules/waf-actions.js';

/** A rule in the editor: saved (with `id`) or new. */
export interface WorkingRule {
  /** Stable across edits and moves: `r<id>` for saved rules, generated for new ones. */
  key: string;
  id?: number;
  /** The rule ID, once saved. */
  code?: string;
  conditions: MatchConditionInput[];
  action: WafActionInput;
  status: WafRuleStatus;
  remark: string;
  builtIn: BuiltInAttributes | null;
  createdAt?: string;
}

/** What separates the working copy from the server's rules. */
export interface Changes {
  /** Saved rules removed from the working copy. */
  deleted: number[];
  /** New rules and saved rules whose conditions, action or remark changed (saved with `V4/firewall.policy.save`). */
  saved: WorkingRule[];
  /** Saved rules whose only change is the status, by the status they get. */
  status: Map<WafRuleStatus, number[]>;
  /** Whether the order of the saved rules differs. */
  reordered: boolean;
  /** How many things the user would save. */
  count: number;
}

/** A saved rule as the editor holds it. */
export function fromPolicy(policy: FirewallPolicy): WorkingRule {
  return {
    key: `r${policy.id}`,
    id: policy.id,
    code: policy.code,
    conditions: fromPolicyConditions(policy.rules),
    action: policy.action,
    status: policy.status,
    remark: policy.remark,
    builtIn: policy.built_in,
    createdAt: policy.created_at,
  };
}

/** A rule as the matcher reads it. */
export function toMatchRule(rule: WorkingRule): MatchRule {
  return { ...(rule.id === undefined ? {} : { id: rule.id }), conditions: rule.conditions, action: rule.action, status: rule.status };
}

function contentOf(rule: WorkingRule): string {
  return JSON.stringify([rule.conditions, rule.action, rule.remark]);
}

/** The changes to send, in the order the save applies them. */
export function diff(baseline: readonly WorkingRule[], working: readonly WorkingRule[]): Changes {
  const before = new Map(baseline.filter((rule) => rule.id !== undefined).map((rule) => [rule.id!, rule]));
  const keptIds = new Set(working.filter((rule) => rule.id !== undefined).map((rule) => rule.id!));
  const deleted = [...before.keys()].filter((id) => !keptIds.has(id));
  const saved: WorkingRule[] = [];
  const status = new Map<WafRuleStatus, number[]>();
  for (const rule of working) {
    const old = rule.id === undefined ? undefined : before.get(rule.id);
    if (!old || contentOf(old) !== contentOf(rule)) saved.push(rule);
    else if (old.status !== rule.status) status.set(rule.status, [...(status.get(rule.status) ?? []), rule.id!]);
  }
  const baselineOrder = baseline.filter((rule) => rule.id !== undefined && keptIds.has(rule.id)).map((rule) => rule.id);
  const workingOrder = working.filter((rule) => rule.id !== undefined).map((rule) => rule.id);
  // New rules are appended by the server; they change the order only if they are not last.
  const firstNew = working.findIndex((rule) => rule.id === undefined);
  const newInMiddle = firstNew >= 0 && working.slice(firstNew).some((rule) => rule.id !== undefined);
  const reordered = newInMiddle || baselineOrder.join() !== workingOrder.join();
  const statusCount = [...status.values()].reduce((total, ids) => total + ids.length, 0);
  return { deleted, saved, status, reordered, count: deleted.length + saved.length + statusCount + (reordered ? 1 : 0) };
}

/** Moves the rule at `from` to position `to` (both 0-based). */
export function moveRule<T>(rules: readonly T[], from: number, to: number): T[] {
  const next = [...rules];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}
