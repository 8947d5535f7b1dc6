/**
 * The packages page (shell §2 `packages`, `domain-management/packages`; shell §3 plan info; rules §4 billing method
 * change and trial packages; rules §9 increase packages). The spec shows no calls for it, so they follow the house
 * style `V4/<area>.<object>.<verb>`:
 * - `GET V4/member.package.list`: the account's plans with domain usage, increase packages and billing method;
 * - `POST V4/member.package.renew {plan_id, months}`, `POST V4/member.package.expand {plan_id, packs}` and
 *   `POST V4/member.package.billing {plan_id, method}`: each answers the job that applies it (job runner, progress
 *   pushed on the job stream).
 */
import type { ApiClient } from '../client.js';
import type { PlanInfo } from './platform.js';

/** Billing methods of a package: by traffic volume or by peak bandwidth. */
export const BILLING_METHODS = ['traffic', 'bandwidth'] as const;
/** A billing method. */
export type BillingMethod = (typeof BILLING_METHODS)[number];

/** Months a renewal may add at once. */
export const RENEW_MONTHS = { min: 1, max: 36 } as const;
/** Increase packages bought at once; each adds {@link DOMAINS_PER_INCREASE_PACKAGE} businesses (rules §9). */
export const EXPAND_PACKS = { min: 1, max: 100 } as const;
/** Rules §9: "Each business increase package: 10 businesses". */
export const DOMAINS_PER_INCREASE_PACKAGE = 10;
/** Rules §4: a billing method change takes effect at 00:00 on the 1st of next month; log times are UTC+8 (shell §9). */
export const BILLING_ZONE_OFFSET_MS = 8 * 3_600_000;

/** One plan as the packages page shows it. */
export interface PackageInfo extends PlanInfo {
  billing: {
    method: BillingMethod;
    /** The method taking effect at `effective_at`; null when no change waits. */
    pending_method: BillingMethod | null;
    /** ISO 8601; null when no change waits. */
    effective_at: string | null;
  };
  /** Whether the caller may renew, expand or change billing (sub-accounts see the page read-only). */
  editable: boolean;
  /**
   * Whether this plan is the one in force: the newest plan that has not expired decides what the account may do
   * (`V4/member.plan.actions`), so the account's websites (its businesses, shell §2 security module `meal/{id}`) are
   * served under it. Every other plan covers no business now.
   */
  in_force: boolean;
}

/** Answer of `V4/member.package.list`. */
export interface PackageListAnswer {
  list: PackageInfo[];
}

/** What one package change asks for. */
export type PackageChange =
  | { kind: 'renew'; plan_id: number; months: number }
  | { kind: 'expand'; plan_id: number; packs: number }
  | { kind: 'billing'; plan_id: number; method: BillingMethod };

/** Answer of a package change: the job that applies it. */
export interface PackageChangeAnswer {
  job_id: number;
}

/** The job type that applies package changes. */
export const PACKAGE_CHANGE_JOB = 'package.change';

/** 00:00 (UTC+8) on the 1st of the month after `now`, in epoch milliseconds (rules §4 billing method change). */
export function nextBillingStart(now: number): number {
  const local = new Date(now + BILLING_ZONE_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - BILLING_ZONE_OFFSET_MS;
}

/** The account's plans for the packages page. */
export function listPackages(client: ApiClient): Promise<PackageListAnswer> {
  return client.get('V4/member.package.list');
}

/** Starts a renewal, an expansion or a billing method change; answers its job. The page's dialog shows a refusal itself. */
export function changePackage(client: ApiClient, change: PackageChange): Promise<PackageChangeAnswer> {
  const { kind, ...body } = change;
  return client.post(`V4/member.package.${kind}`, body, { notify: false });
}
