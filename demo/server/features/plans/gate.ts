/**
 * Plan gating enforced (rules §6, shell §6): every route that performs a gated action asks {@link requirePlan} with a
 * row of core/config/plan-gates.ts, the same table the elements decide their notices with. A refusal is a
 * "Form verification failed" issue carrying the row's message and, in its values, the feature and the notice the
 * console shows (upgrade for the online edition, flag 1; a work order otherwise), so a form can offer the right way
 * out next to the field.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { featureGate, gateRow, GATED_FEATURES, type GateValue, type GatedFeature } from '../../../../core/config/plan-gates.js';
import { noticeFor, type PlanContext } from '../../../../core/config/plan-gating.js';
import { validated } from '../../platform/http/envelope.js';
import { prepare } from '../../platform/database.js';
import { requireSession } from '../../platform/security/session.js';
import { scope } from '../../platform/security/scope.js';
import { livePlans, planActionsOf } from './store.js';

/** What gating knows about the caller's account: the plan in force and the edition flag. */
export function planContextOf(request: FastifyRequest): PlanContext {
  const actions = planActionsOf(livePlans(scope(request), request.server.now()));
  const member = prepare(request.server.db, 'SELECT flag FROM members WHERE id = ?').get(requireSession(request).memberId) as { flag: number } | undefined;
  return { actions, flag: member?.flag, level: actions.level };
}

/** Whether the caller's plan allows a feature (for validators that word their own refusal, e.g. the cache rules). */
export function planAllows(request: FastifyRequest, feature: GatedFeature, value?: GateValue): boolean {
  return featureGate(feature, planContextOf(request), value).allowed;
}

/** Options of a gate check. */
export interface RequirePlanOptions {
  /** The value a value-dependent row is asked about. */
  value?: GateValue;
  /** The field the refusal is shown on; the feature's name by default. */
  field?: string;
  /** Values the row's message interpolates. */
  values?: Record<string, string | number>;
}

/**
 * The refusal issue for a feature the plan lacks, or null when it has it. Use it to collect issues of several
 * fields; {@link requirePlan} for a single check.
 */
export function planIssue(request: FastifyRequest, feature: GatedFeature, options: RequirePlanOptions = {}, context = planContextOf(request)): FieldIssue | null {
  const gate = featureGate(feature, context, options.value);
  if (gate.allowed) return null;
  return { field: options.field ?? feature, key: gateRow(feature).message, values: { ...options.values, feature, notice: gate.notice!.kind } };
}

/** True when the plan has the feature; otherwise answers the refusal ("Form verification failed") and returns false. */
export function requirePlan(request: FastifyRequest, reply: FastifyReply, feature: GatedFeature, options: RequirePlanOptions = {}): boolean {
  const found = planIssue(request, feature, options);
  return validated(reply, found ? [found] : []);
}

const MESSAGES = new Map(GATED_FEATURES.map((feature) => [gateRow(feature).message as string, feature]));

/**
 * Adds the feature and notice to issues a shared validator worded with a gate's message (the cache rules' regular
 * expressions, the add-website plan checks), so they read like every other refusal of the table.
 */
export function withPlanNotice(request: FastifyRequest, issues: FieldIssue[]): FieldIssue[] {
  if (!issues.some((entry) => MESSAGES.has(entry.key))) return issues;
  const notice = noticeFor(planContextOf(request).flag).kind;
  return issues.map((entry) => {
    const feature = MESSAGES.get(entry.key);
    // An issue planIssue already wrote names its own feature (several rows share the generic message).
    return feature && entry.values?.feature === undefined ? { ...entry, values: { ...entry.values, feature, notice } } : entry;
  });
}
