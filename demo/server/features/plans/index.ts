/**
 * What other feature areas may use of plans: the plans in force and the actions they allow (plan gating, shell §6).
 * Everything else in this folder is the area's own.
 */
export { domainUsage, livePlans, planActionsOf, toPlanInfo, type LivePlan, type PlanInfoRow } from './store.js';
export { planAllows, planContextOf, planIssue, requirePlan, withPlanNotice, type RequirePlanOptions } from './gate.js';
