/**
 * The demo account's plan: a business package valid for a year, so most features are on and a few (template copy,
 * bot analytics, non-standard ports) show the upgrade notice.
 */
import type { PlanLevel, PlanSetting } from '../../../../core/api/endpoints/platform.js';
import { PLAN_CATALOGUE } from './catalogue.js';
import type { Db } from '../../platform/database.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import type { SeedModule } from '../../platform/seed-module.js';

const YEAR_MS = 365 * 24 * 3_600_000;

/** Gives an account a plan of a package version; returns the plan id. */
export function insertPlan(
  db: Db,
  input: { memberId: number; level: PlanLevel; expireAt: number; expansionPacks?: number; setting?: Partial<PlanSetting> },
  now: number,
): number {
  const features = PLAN_CATALOGUE[input.level];
  const setting: PlanSetting = { auto_renew: false, network_type: 'standard', business_packages: 0, ...input.setting };
  return Number(
    db
      .prepare(
        `INSERT INTO plans (member_id, meal_flag, plan_name, expire_at, domain_packet_kurong_nums, domain_total,
                            plan_setting, actions, package_allow, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.memberId,
        input.level,
        features.name,
        input.expireAt,
        input.expansionPacks ?? 0,
        features.domains + (input.expansionPacks ?? 0) * 10,
        JSON.stringify(setting),
        JSON.stringify(features.actions),
        JSON.stringify(features.allow),
        now,
      ).lastInsertRowid,
  );
}

/** Seeds the demo plan. */
export const plansSeed: SeedModule = {
  name: 'plans',
  run({ db, now }) {
    insertPlan(db, { memberId: DEMO_MEMBER_ID, level: 'business', expireAt: now + YEAR_MS, setting: { auto_renew: true } }, now);
  },
};
