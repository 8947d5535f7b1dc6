/**
 * For every row of the plan-gating table (core/config/plan-gates.ts): a package version without it (optionally with
 * the row's action taken away from an otherwise complete plan) and the value a value-dependent row is asked about.
 * The server test (test/server/plan-gates.test.ts) and the browser test (test/core/config/plan-gates.web.test.ts)
 * share these cases, so both sides are held to the same verdict per row.
 */
import type { PlanLevel } from '../../core/api/endpoints/platform.js';
import type { GatedFeature } from '../../core/config/plan-gates.js';

/** A plan state: a package version, optionally with one row's requirement taken away. */
export interface PlanState {
  level: PlanLevel;
  strip?: GatedFeature;
}

/** The plan without each row; `ultimate` has every row. */
export const PLAN_WITHOUT: Record<GatedFeature, PlanState> = {
  domain_add: { level: 'ultimate', strip: 'domain_add' },
  https: { level: 'ultimate', strip: 'https' },
  websocket: { level: 'ultimate', strip: 'websocket' },
  live_streaming: { level: 'business' },
  waf_custom_rule: { level: 'trial' },
  waf_mode: { level: 'business' },
  waf_block_diy_page: { level: 'business' },
  non_standard_port: { level: 'flagship' },
  cache_regex: { level: 'trial' },
  cc_protection: { level: 'trial' },
  attack_full_report: { level: 'trial' },
  template_copy: { level: 'commercial' },
  bot_analytics: { level: 'commercial' },
  domain_expand: { level: 'trial' },
  plan_renew: { level: 'trial' },
  domain_proxy_conf: { level: 'trial' },
};
