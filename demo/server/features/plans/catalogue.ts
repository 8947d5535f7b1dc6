/**
 * What each package version unlocks (rules §6 package gating): business or above for the full WAF and CC features,
 * cache rules with regular expressions for business and flagship and above, configuration template copy and bot
 * analytics for flagship and above, no renewal or expansion for trial packages, ban mode and non-standard ports
 * only where noted.
 */
import type { PackageAllow, PlanAction, PlanLevel } from '../../../../core/api/endpoints/platform.js';

/** The features of one package version. */
export interface PlanFeatures {
  /** Domains included. */
  domains: number;
  actions: PlanAction[];
  allow: PackageAllow;
}

const BASE_ACTIONS: PlanAction[] = ['domain_add', 'https', 'websocket'];
const PAID_ACTIONS: PlanAction[] = [...BASE_ACTIONS, 'domain_expand', 'plan_renew', 'waf_custom_rule', 'cc_protection', 'attack_full_report', 'cache_regex'];
const FLAGSHIP_ACTIONS: PlanAction[] = [...PAID_ACTIONS, 'template_copy', 'bot_analytics', 'live_streaming'];

/** Every package version's features. */
export const PLAN_CATALOGUE: Record<PlanLevel, PlanFeatures> = {
  trial: {
    domains: 1,
    actions: BASE_ACTIONS,
    allow: { https: true, domain_proxy_conf: false, cloud_waf: { waf_mode: ['observe'] }, waf_block_diy_page: { type: ['default'] } },
  },
  business: {
    domains: 20,
    actions: PAID_ACTIONS,
    allow: {
      https: true,
      domain_proxy_conf: true,
      cloud_waf: { waf_mode: ['observe', 'block'] },
      waf_block_diy_page: { type: ['default', 'html'] },
    },
  },
  commercial: {
    domains: 50,
    actions: PAID_ACTIONS,
    allow: {
      https: true,
      domain_proxy_conf: true,
      cloud_waf: { waf_mode: ['observe', 'block', 'ban'] },
      waf_block_diy_page: { type: ['default', 'html', 'url'] },
    },
  },
  flagship: {
    domains: 100,
    actions: FLAGSHIP_ACTIONS,
    allow: {
      https: true,
      domain_proxy_conf: true,
      cloud_waf: { waf_mode: ['observe', 'block', 'ban'] },
      waf_block_diy_page: { type: ['default', 'html', 'url'] },
    },
  },
  ultimate: {
    domains: 500,
    actions: [...FLAGSHIP_ACTIONS, 'non_standard_port'],
    allow: {
      https: true,
      domain_proxy_conf: true,
      cloud_waf: { waf_mode: ['observe', 'block', 'ban'] },
      waf_block_diy_page: { type: ['default', 'html', 'url'] },
    },
  },
};
