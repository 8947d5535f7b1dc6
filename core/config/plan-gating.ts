/**
 * The one plan-gating helper (shell §6, rules §6): whether a feature is allowed by the plan's actions and package
 * options, and which notice to show when it is not: the upgrade page for online-edition users (flag 1), a work
 * order otherwise.
 */
import type { PackageAllow, PlanAction, PlanActionsAnswer, PlanLevel } from '../api/endpoints/platform.js';
import { PLAN_LEVELS } from '../api/endpoints/platform.js';

/** Where an unsupported feature's notice points. */
export type PlanNotice = { kind: 'upgrade'; route: string } | { kind: 'work-order'; route: string; params?: { feature: string } };

/** The verdict for one feature. */
export interface PlanGate {
  allowed: boolean;
  notice: PlanNotice | null;
}

/** Route names the notices ask the host for (sent as `ec-navigate` details): the packages page offers upgrades. */
export const UPGRADE_ROUTE = 'cloud-speed-new-domain-management-packages';
/**
 * Shell §6 names a work-order page but shell §2 gives it no route: the demo host's ticket form (`<ec-work-orders>`,
 * new layout); a host with its own ticket system maps this name to it.
 */
export const WORK_ORDER_ROUTE = 'cloud-speed-new-domain-management-work-order-create';
/** The same form prefilled with the feature a notice was about (`params.feature`, a row of plan-gates.ts). */
export const WORK_ORDER_FEATURE_ROUTE = 'cloud-speed-new-domain-management-work-order-create-feature';

/** What gating needs to know about the account. */
export interface PlanContext {
  actions: PlanActionsAnswer | null;
  /** Shell §3 flag: 1 is the online (public) edition. */
  flag: number | undefined;
  /** The plan level, for "business or above" rules (rules §6); defaults to the one `actions` names. */
  level?: PlanLevel;
}

/** The notice for a user who lacks a feature (shell §6: upgrade page for online users, flag 1; work order otherwise). */
export function noticeFor(flag: number | undefined, feature?: string): PlanNotice {
  if (flag === 1) return { kind: 'upgrade', route: UPGRADE_ROUTE };
  return feature ? { kind: 'work-order', route: WORK_ORDER_FEATURE_ROUTE, params: { feature } } : { kind: 'work-order', route: WORK_ORDER_ROUTE };
}

/** Whether `level` is at least `minimum` (rules §6: "business or above", "flagship or above"). */
export function isPlanAtLeast(level: PlanLevel | undefined, minimum: PlanLevel): boolean {
  if (!level) return false;
  return PLAN_LEVELS.indexOf(level) >= PLAN_LEVELS.indexOf(minimum);
}

/** A feature described by a plan action, a package option, a minimum level, or several of them (all must hold). */
export interface FeatureRequirement {
  action?: PlanAction;
  allow?: (allow: PackageAllow) => boolean;
  minimumLevel?: PlanLevel;
}

/** Decides one feature. Unknown plan data (not loaded yet, failed) denies, so nothing gated flashes open. */
export function planGate(requirement: FeatureRequirement, context: PlanContext): PlanGate {
  const { actions } = context;
  let allowed = actions !== null;
  if (allowed && requirement.action) allowed = actions!.actions.includes(requirement.action);
  if (allowed && requirement.allow) allowed = requirement.allow(actions!.package_allow);
  if (allowed && requirement.minimumLevel) allowed = isPlanAtLeast(context.level ?? actions!.level, requirement.minimumLevel);
  return { allowed, notice: allowed ? null : noticeFor(context.flag) };
}
