/**
 * The plans that decide what an account may do (shell §3 plan info and plan config, rules §6 package gating): only
 * plans that have not expired count, and with several the newest one's actions and package options apply; their
 * domain totals add up to the account's quota.
 */
import type { FastifyRequest } from 'fastify';
import type { PackageAllow, PlanAction, PlanActionsAnswer, PlanInfo, PlanLevel, PlanSetting } from '../../../../core/api/endpoints/platform.js';
import { isoTime } from '../../platform/database.js';
import { permissions } from '../../platform/security/permissions.js';
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

/** The columns of a stored plan that {@link toPlanInfo} shows. */
export interface PlanInfoRow {
  id: number;
  meal_flag: PlanLevel;
  plan_name: string;
  expire_at: number;
  domain_packet_kurong_nums: number;
  domain_total: number;
  plan_setting: string;
}

/**
 * The domain usage figure every plan shows (shell §3 plan info): an aggregate of websites, a "reports" figure
 * (issue 26), so it counts only the websites the caller's reports grant covers and a sub-account cannot learn how
 * many websites lie outside its grant. The one query behind `V4/member.product.plan` and the packages page.
 */
export function domainUsage(request: FastifyRequest, tenant: Scope): number {
  const reported = permissions(request).visible('reports', 'id');
  return tenant.count('domains', { where: reported.where, params: reported.params });
}

/** A stored plan as shell §3 "Plan info" shows it, with the account's domain usage. */
export function toPlanInfo(row: PlanInfoRow, used: number): PlanInfo {
  return {
    id: row.id,
    meal_flag: row.meal_flag,
    plan_name: row.plan_name,
    expire_time: isoTime(row.expire_at),
    domain_packet_kurong_nums: row.domain_packet_kurong_nums,
    domain_usage: { total: row.domain_total, used },
    plan_setting: JSON.parse(row.plan_setting) as PlanSetting,
  };
}
