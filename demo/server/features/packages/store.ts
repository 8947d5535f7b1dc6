/**
 * The account's plans as the packages page reads and changes them. A waiting billing method change is applied when
 * read after its effective time, so no timer has to run at midnight.
 */
import type { PlanLevel } from '../../../../core/api/endpoints/platform.js';
import { DOMAINS_PER_INCREASE_PACKAGE, type BillingMethod, type PackageInfo } from '../../../../core/api/endpoints/packages.js';
import type { PackageAllow, PlanAction, PlanActionsAnswer } from '../../../../core/api/endpoints/platform.js';
import { isoTime } from '../../platform/database.js';
import type { Scope } from '../../platform/security/scope.js';
import { toPlanInfo } from '../plans/index.js';

/** A stored plan with its billing columns. */
export interface PackageRow {
  id: number;
  meal_flag: PlanLevel;
  plan_name: string;
  expire_at: number;
  domain_packet_kurong_nums: number;
  domain_total: number;
  plan_setting: string;
  actions: string;
  package_allow: string;
  billing_method: BillingMethod;
  billing_pending: BillingMethod | null;
  billing_effective_at: number | null;
}

/** Applies a billing change whose time has come (rules §4), then answers the row as it now stands. */
function settle(tenant: Scope, row: PackageRow, now: number): PackageRow {
  if (row.billing_pending === null || row.billing_effective_at === null || row.billing_effective_at > now) return row;
  tenant.update('plans', { billing_method: row.billing_pending, billing_pending: null, billing_effective_at: null }, 'id = @id', { id: row.id });
  return { ...row, billing_method: row.billing_pending, billing_pending: null, billing_effective_at: null };
}

/** Every plan of the account, oldest first, with pending billing changes that are due applied. */
export function packageRows(tenant: Scope, now: number): PackageRow[] {
  return tenant.all<PackageRow>('plans', { orderBy: 'id' }).map((row) => settle(tenant, row, now));
}

/** One plan of the account, or undefined. */
export function packageRow(tenant: Scope, id: number, now: number): PackageRow | undefined {
  const row = tenant.get<PackageRow>('plans', { where: 'id = @id', params: { id } });
  return row ? settle(tenant, row, now) : undefined;
}

/** What the plan itself unlocks (renewal and expansion are decided by the plan asked about, not the newest one). */
export function actionsOfRow(row: PackageRow): PlanActionsAnswer {
  return { actions: JSON.parse(row.actions) as PlanAction[], package_allow: JSON.parse(row.package_allow) as PackageAllow, level: row.meal_flag };
}

/** A row as the page shows it: the plan info of `V4/member.product.plan` (the plans area's) with its billing. */
export function toPackageInfo(row: PackageRow, used: number, editable: boolean, inForce: boolean): PackageInfo {
  return {
    ...toPlanInfo(row, used),
    billing: {
      method: row.billing_method,
      pending_method: row.billing_pending,
      effective_at: row.billing_effective_at === null ? null : isoTime(row.billing_effective_at),
    },
    editable,
    in_force: inForce,
  };
}

/** Adds months to an expiry; an expired plan is renewed from now (a renewal never buys time already past). */
export function renewedExpiry(expireAt: number, months: number, now: number): number {
  const start = new Date(Math.max(expireAt, now));
  start.setUTCMonth(start.getUTCMonth() + months);
  return start.getTime();
}

/** Domains that `packs` increase packages add (rules §9). */
export function domainsOf(packs: number): number {
  return packs * DOMAINS_PER_INCREASE_PACKAGE;
}
