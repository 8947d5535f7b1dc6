/**
 * Condition rules as other areas read them: the shell §4 gate (`condition_source.condition_source_view`), the
 * choices a WAF rule's `condition-rule` condition offers, the check that a reference names one of the caller's own
 * rules, and the expansion of references before any matcher runs, so the matcher stays a pure function of expanded
 * conditions (core/match/conditions.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { PolicyCondition } from '../../../../core/api/endpoints/waf.js';
import type { ConditionRuleStatus } from '../../../../core/rules/condition-rules.js';
import type { Db } from '../../platform/database.js';
import { fail } from '../../platform/http/envelope.js';
import { mayReachObject, visibleObjects } from '../../platform/security/object-reach.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, scopeFor, type Scope } from '../../platform/security/scope.js';

/** The table. */
export const CONDITION_RULES = 'condition_rules';

/** A stored condition rule. */
export interface ConditionRuleRow {
  id: number;
  name: string;
  description: string;
  conditions: string;
  status: ConditionRuleStatus;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** Whether the account's conditions match engine is on (shell §4: the menu entry is hidden otherwise). */
export function conditionEngineOn(tenant: Scope): boolean {
  return tenant.get<{ condition_source_view: string }>('member_console_info', { columns: 'condition_source_view' })?.condition_source_view === 'on';
}

/**
 * Shell §4 condition_source gate, then the module grant: every condition rule route answers PERMISSION_DENIED with
 * "the conditions match engine is not enabled" while the engine is off, and PERMISSION_DENIED without the
 * `security_policy` grant (read to look, manage to change): condition rules are firewall material, like IP lists.
 */
export function requireConditionEngine(request: FastifyRequest, reply: FastifyReply, access: 'read' | 'manage'): boolean {
  if (!conditionEngineOn(scope(request))) {
    fail(reply, PERMISSION_DENIED_CODE, { key: 'condition-engine-off' });
    return false;
  }
  if (permissions(request).can('security_policy', access)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/**
 * The condition rules a WAF rule of the caller may reference (the rule dialog's choices), or `null` while the engine
 * is off so the dialog does not offer the match type. Only rules the caller may read (rules §6 per object).
 */
export function conditionRuleChoices(request: FastifyRequest): { id: number; name: string; status: ConditionRuleStatus }[] | null {
  const tenant = scope(request);
  if (!conditionEngineOn(tenant) || !permissions(request).can('security_policy', 'read')) return null;
  const visible = visibleObjects(request, 'condition_rule', 'condition_rules.id');
  return tenant.all<{ id: number; name: string; status: ConditionRuleStatus }>(CONDITION_RULES, {
    columns: 'id, name, status',
    where: visible.where,
    params: visible.params,
    orderBy: 'name COLLATE NOCASE, id',
  });
}

/**
 * Whether a WAF rule of the caller may reference the condition rule `id`: the engine is on, the rule is the account's
 * own, and the caller may read it (rules §6 per object). A sub-account cannot reach another group's rules by id.
 */
export function mayReferenceConditionRule(request: FastifyRequest, id: number): boolean {
  const tenant = scope(request);
  if (!conditionEngineOn(tenant)) return false;
  if (tenant.count(CONDITION_RULES, { where: 'id = @id', params: { id } }) === 0) return false;
  return mayReachObject(request, 'condition_rule', 'read', id);
}

/** The account's condition rules by id, as the expansion reads them. */
export type ConditionRuleLookup = ReadonlyMap<number, { status: ConditionRuleStatus; rules: PolicyCondition[] }>;

/** Loads every condition rule of an account once (a request or a simulator pass expands many rules with it). */
export function conditionRuleLookup(db: Db, memberId: number): ConditionRuleLookup {
  const rows = scopeFor(db, memberId).all<Pick<ConditionRuleRow, 'id' | 'status' | 'conditions'>>(CONDITION_RULES, { columns: 'id, status, conditions' });
  return new Map(rows.map((row) => [row.id, { status: row.status, rules: JSON.parse(row.conditions) as PolicyCondition[] }]));
}

/**
 * A WAF rule's conditions with every `condition-rule` reference expanded: `data.expanded` holds the referenced rule's
 * conditions, or `null` when it is suspended or gone (rules §4 "a suspended rule has no effect": it never matches).
 * Condition rules never reference one another (core/rules/condition-rules.ts), so one level is all there is.
 */
export function expandConditionReferences(rules: readonly PolicyCondition[], lookup: ConditionRuleLookup): PolicyCondition[] {
  return rules.map((condition) => {
    if (condition.rule_type !== 'condition-rule') return condition;
    const found = lookup.get(Number(condition.data.value));
    const expanded = found === undefined || found.status === 'suspended' ? null : found.rules;
    return { ...condition, data: { ...condition.data, expanded } };
  });
}
