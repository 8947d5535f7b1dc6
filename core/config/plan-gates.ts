/**
 * The plan-gating table (rules §6 package gating, shell §3 "Plan config" allow, shell §6 notices): every feature a
 * package decides, what the plan must have for it, and the `rules` message a refusal shows. The reference server
 * refuses with it (demo/server/features/plans/gate.ts `requirePlan`) and the elements decide their notices with it
 * ({@link featureGate}), so the browser never offers what the server refuses, nor the reverse.
 */
import type { BlockPageType, PackageAllow, PlanAction, PlanLevel, WafMode } from '../api/endpoints/platform.js';
import type { RuleKey } from '../rules/types.js';
import { noticeFor, planGate, type PlanContext, type PlanGate } from './plan-gating.js';

/** The value a value-dependent feature is asked about (a WAF mode, a block page type); none for the others. */
export type GateValue = WafMode | BlockPageType | undefined;

/** One row of the table. Every requirement given must hold. */
export interface PlanGateRow {
  /** The plan action the feature needs. */
  action?: PlanAction;
  /** The package option (shell §3 allow) the feature, or the value asked about, needs. */
  allow?: (allow: PackageAllow, value: GateValue) => boolean;
  /** The lowest package version that has it (rules §6 "flagship or above"). */
  minimumLevel?: PlanLevel;
  /** The `rules` message of a refusal. */
  message: RuleKey;
  /** For a value-dependent row: a value that needs the gate, and one every live plan allows (the row tests use them). */
  values?: { gated: Exclude<GateValue, undefined>; free: Exclude<GateValue, undefined> };
}

/**
 * Every gated feature. Rows that an existing rule already words (websites, cache, origin) keep that message, so a
 * refusal reads the same whether the browser or the server found it; rows the spec gives no wording use the generic
 * "not in your package" message (every element downloads the rules catalogue, so it stays small).
 */
export const PLAN_GATES = {
  domain_add: { action: 'domain_add', message: 'websites.add-not-in-plan' },
  https: { action: 'https', allow: (allow) => allow.https, message: 'websites.https-not-in-plan' },
  websocket: { action: 'websocket', message: 'websites.websocket-not-in-plan' },
  live_streaming: { action: 'live_streaming', message: 'domain-settings.plan-locked' },
  /** Creating custom WAF rule sets and rules (rules §6: business or above). */
  waf_custom_rule: { action: 'waf_custom_rule', message: 'domain-settings.plan-locked' },
  /** A WAF protection mode (rules §4: observation, blocking, ban) must be among the package's `cloud_waf.waf_mode`. */
  waf_mode: {
    allow: (allow, mode) => allow.cloud_waf.waf_mode.includes(mode as WafMode),
    message: 'domain-settings.plan-locked',
    values: { gated: 'ban', free: 'observe' },
  },
  /** A custom block/error page type must be among the package's `waf_block_diy_page.type`. */
  waf_block_diy_page: {
    allow: (allow, type) => allow.waf_block_diy_page.type.includes(type as BlockPageType),
    message: 'domain-settings.plan-locked',
    values: { gated: 'url', free: 'default' },
  },
  /**
   * Listening ports outside the standard ones (rules §6: an exclusive IP network or a dedicated resource package).
   * The network type belongs to the domain, so the caller skips the gate for a domain on the exclusive IP network.
   */
  non_standard_port: { action: 'non_standard_port', message: 'origin-tab.non-standard-port' },
  cache_regex: { action: 'cache_regex', message: 'cache.regex-plan' },
  cc_protection: { action: 'cc_protection', message: 'domain-settings.plan-locked' },
  /** Rules §6: "the free version cannot see full attack features". */
  attack_full_report: { action: 'attack_full_report', message: 'domain-settings.plan-locked' },
  /** Rules §6: flagship or above; the action alone could be granted by hand to a lower plan, so both must hold. */
  template_copy: { action: 'template_copy', minimumLevel: 'flagship', message: 'plans.template-copy' },
  /** Rules §6 "ultimate/flagship or above": the stricter reading is flagship or above, with the action. */
  bot_analytics: { action: 'bot_analytics', minimumLevel: 'flagship', message: 'plans.bot-analytics' },
  /** Rules §4, §8: "The trial package does not support increase or renewal". */
  domain_expand: { action: 'domain_expand', message: 'plans.trial-no-increase' },
  plan_renew: { action: 'plan_renew', message: 'plans.trial-no-increase' },
  domain_proxy_conf: { allow: (allow) => allow.domain_proxy_conf, message: 'domain-settings.plan-locked' },
} as const satisfies Record<string, PlanGateRow>;

/** A gated feature: a row of {@link PLAN_GATES}. */
export type GatedFeature = keyof typeof PLAN_GATES;

/** The features in table order. */
export const GATED_FEATURES = Object.keys(PLAN_GATES) as GatedFeature[];

/** The row of a feature. */
export function gateRow(feature: GatedFeature): PlanGateRow {
  return PLAN_GATES[feature];
}

/** The feature a plan action unlocks (the settings groups name their gate by action). */
export function featureOfAction(action: PlanAction): GatedFeature {
  return GATED_FEATURES.find((feature) => gateRow(feature).action === action)!;
}

/** The verdict for one feature (and, for a value-dependent one, the value asked about). */
export function featureGate(feature: GatedFeature, context: PlanContext, value?: GateValue): PlanGate {
  const row = gateRow(feature);
  const gate = planGate(
    {
      action: row.action,
      allow: row.allow ? (allow) => row.allow!(allow, value) : undefined,
      minimumLevel: row.minimumLevel,
    },
    context,
  );
  // The work-order notice opens the ticket form already about this feature.
  return gate.allowed ? gate : { allowed: false, notice: noticeFor(context.flag, feature) };
}
