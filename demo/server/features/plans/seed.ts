/**
 * The demo account's plan: a business package valid for a year, so most features are on and a few (template copy,
 * bot analytics, non-standard ports) show the upgrade notice.
 */
import type { PlanLevel, PlanSetting } from '../../../../core/api/endpoints/platform.js';
import { PLAN_CATALOGUE } from './catalogue.js';
import type { Db } from '../../platform/database.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { DEFAULT_SEED_LANGUAGE, seedWording, type SeedLanguage, type SeedModule } from '../../platform/seed-module.js';

/** The package versions' display names; the plan stores the name, as a purchased plan keeps the name it was sold under. */
const PLAN_NAMES = seedWording<Record<PlanLevel, string>>({
  zh_CN: { trial: '体验版', business: '商务版', commercial: '企业版', flagship: '旗舰版', ultimate: '至尊版' },
  en_US: { trial: 'Trial Edition', business: 'Business Edition', commercial: 'Commercial Edition', flagship: 'Flagship Edition', ultimate: 'Ultimate Edition' },
});

const YEAR_MS = 365 * 24 * 3_600_000;

/** Gives an account a plan of a package version, named in `language` (default zh_CN); returns the plan id. */
export function insertPlan(
  db: Db,
  input: { memberId: number; level: PlanLevel; expireAt: number; expansionPacks?: number; setting?: Partial<PlanSetting>; language?: SeedLanguage },
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
        PLAN_NAMES[input.language ?? DEFAULT_SEED_LANGUAGE][input.level],
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
  run({ db, now, language }) {
    insertPlan(db, { memberId: DEMO_MEMBER_ID, level: 'business', expireAt: now + YEAR_MS, setting: { auto_renew: true }, language }, now);
  },
};

/**
 * Moves a plan to another package version with that version's features and domain total (the demo has no purchase
 * flow; tests and the packages e2e switch a plan through it). Keeps the plan's name, expiry and expansion packs.
 */
export function changePlanLevel(db: Db, planId: number, level: PlanLevel): void {
  const features = PLAN_CATALOGUE[level];
  db.prepare(
    `UPDATE plans SET meal_flag = ?, actions = ?, package_allow = ?, domain_total = ? + domain_packet_kurong_nums * 10 WHERE id = ?`,
  ).run(level, JSON.stringify(features.actions), JSON.stringify(features.allow), features.domains, planId);
}
