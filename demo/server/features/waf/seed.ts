/**
 * Demo WAF data: the default and built-in sets, and two custom sets showing the group grants of rules §6. "Login
 * protection" is quoted by www.example.com and shop.example.com, the domains the "Operations" group manages, so the
 * demo child may edit it; "API hardening" is quoted by api.example.com, outside the grant, so the child does not see it.
 * The rules cover several match types, every status and the lasting actions (ban, whitelist).
 */
import type { PolicyCondition } from '../../../../core/api/endpoints/waf.js';
import type { WafRuleStatus } from '../../../../core/rules/waf.js';
import type { WafActionInput } from '../../../../core/rules/waf-actions.js';
import { scopeFor } from '../../platform/security/scope.js';
import { BINDINGS, insertRule, provisionWaf, SETS } from './store.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import type { SeedModule } from '../../platform/seed-module.js';

const DAY = 86_400_000;

interface SeedRule {
  status: WafRuleStatus;
  rules: PolicyCondition[];
  action: WafActionInput;
  remark: string;
}

const when = (rule_type: PolicyCondition['rule_type'], operator: string, value: string, extra: Partial<PolicyCondition['data']> = {}): PolicyCondition => ({
  rule_type,
  data: { operator, value, ...extra },
});

const SETS_TO_SEED: ReadonlyArray<{ name: string; description: string; ageDays: number; domains: readonly string[]; rules: readonly SeedRule[] }> = [
  {
    name: 'Login protection',
    description: 'Sign-in pages of the shop and the main site',
    ageDays: 40,
    domains: ['www.example.com', 'shop.example.com'],
    rules: [
      {
        status: 'enabled',
        rules: [when('url', 'prefix', '/login'), when('header', 'contains', 'python-requests|curl|go-http-client', { name: 'User-Agent' })],
        action: { type: 'block' },
        remark: 'Scripted sign-in attempts',
      },
      {
        status: 'enabled',
        rules: [when('url', 'prefix', '/login'), when('url-rate', 'greater-than', '20', { window: '10' })],
        action: { type: 'ban', duration: 600 },
        remark: 'More than 20 sign-in requests in 10 s from one address',
      },
      {
        status: 'observation',
        rules: [when('region', 'not-equals', 'CN'), when('url', 'prefix', '/login')],
        action: { type: 'verify-captcha' },
        remark: 'Captcha for sign-ins from abroad (observing first)',
      },
    ],
  },
  {
    name: 'API hardening',
    description: 'Partner access and method limits for the API',
    ageDays: 12,
    domains: ['api.example.com'],
    rules: [
      { status: 'enabled', rules: [when('ip', 'equals', '198.51.100.0/24')], action: { type: 'whitelist' }, remark: 'Partner network' },
      { status: 'enabled', rules: [when('method', 'not-equals', 'GET|POST|PUT|DELETE')], action: { type: 'block' }, remark: 'Only the methods the API serves' },
      { status: 'observation', rules: [when('header', 'not-exists', '', { name: 'X-Api-Key' }), when('url', 'prefix', '/v1/')], action: { type: 'block' }, remark: 'Calls without a key' },
      { status: 'closed', rules: [when('ja3', 'equals', 'e7d705a3286e19ea42f587b344ee6865')], action: { type: 'block' }, remark: 'Known scraper TLS fingerprint' },
    ],
  },
];

/** Seeds the WAF demo data. */
export const wafSeed: SeedModule = {
  name: 'waf',
  run({ db, now }) {
    provisionWaf(db, DEMO_MEMBER_ID, now);
    const target = scopeFor(db, DEMO_MEMBER_ID);
    const domainIds = new Map(target.all<{ id: number; domain: string }>('domains', { columns: 'id, domain' }).map((row) => [row.domain, row.id]));
    for (const set of SETS_TO_SEED) {
      const at = now - set.ageDays * DAY;
      const ruleSetId = target.insert(SETS, { name: set.name, description: set.description, attribution: 'custom', catalogue_key: null, created_by: null, created_at: at, updated_at: at });
      set.rules.forEach((rule, index) => insertRule(target, { ruleSetId, sort: index + 1, ...rule }, at + index * 3_600_000));
      for (const domain of set.domains) {
        const domainId = domainIds.get(domain);
        if (domainId !== undefined) target.insert(BINDINGS, { rule_set_id: ruleSetId, domain_id: domainId, created_at: at });
      }
    }
    const builtIn = target.get<{ id: number }>(SETS, { columns: 'id', where: "catalogue_key = 'web-common'" });
    const www = domainIds.get('www.example.com');
    if (builtIn && www !== undefined) target.insert(BINDINGS, { rule_set_id: builtIn.id, domain_id: www, created_at: now - 90 * DAY });
  },
};
