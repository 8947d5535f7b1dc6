/**
 * The plans that decide what an account may do (shell §3 plan info and plan config, rules §6 package gating): only
 * plans that have not expired count, and with several the newest one's actions and package options apply; their
 * domain totals add up to the account's quota.
 */
import type { PackageAllow, PlanAction, PlanActionsAnswer, PlanLevel, PlanSetting } from '../../../../core/api/endpoints/platform.js';
import type { Scope } from '../../platform/security/scope.js';

/** What an account without a live plan is allowed: nothing. */
export const NO_PACKAGE: PackageAllow = {
  https: false,
  domain_proxy_conf: false,
  cloud_waf: { waf_mode: [] },
  waf_block_diy_page: { type: [] },
};

/** A plan that has not expired, parsed. */
export interface LivePlan {
  id: number;
  meal_flag: PlanLevel;
  actions: PlanAction[];
  package_allow: PackageAllow;
  domain_total: number;
  expire_at: number;
  plan_setting: Partial<PlanSetting>;
}

interface PlanRow {
  id: number;
  meal_flag: PlanLevel;
  actions: string;
  package_allow: string;
  domain_total: number;
  expire_at: number;
  plan_setting: string;
}

/** The account's plans that have not expired at `now`, newest first. */
export function livePlans(tenant: Scope, now: number): LivePlan[] {
  return tenant
    .all<PlanRow>('plans', {
      columns: 'id, meal_flag, actions, package_allow, domain_total, expire_at, plan_setting',
      where: 'expire_at > @now',
      params: { now },
      orderBy: 'id DESC',
    })
    .map((row) => ({
      id: row.id,
      meal_flag: row.meal_flag,
      actions: JSON.parse(row.actions) as PlanAction[],
      package_allow: JSON.parse(row.package_allow) as PackageAllow,
      domain_total: row.domain_total,
      expire_at: row.expire_at,
      plan_setting: JSON.parse(row.plan_setting) as Partial<PlanSetting>,
    }));
}

/** The actions and package options in force: the newest live plan's, or none. */
export function planActionsOf(plans: readonly LivePlan[]): PlanActionsAnswer {
  const [newest] = plans;
  return newest ? { actions: newest.actions, package_allow: newest.package_allow, level: newest.meal_flag } : { actions: [], package_allow: NO_PACKAGE };
}
