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
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The custom sets' names and descriptions and the rules' remarks, by key. */
const TEXT = seedWording({
  zh_CN: {
    sets: {
      login: { name: '登录防护', description: '商城和主站的登录页面' },
      api: { name: '接口加固', description: '接口的合作方访问和请求方法限制' },
    },
    remarks: {
      scripted: '脚本化的登录尝试',
      burst: '同一地址 10 秒内登录请求超过 20 次',
      abroad: '境外登录需通过验证码（先观察）',
      partner: '合作方网络',
      methods: '只允许接口提供的请求方法',
      keyless: '未带密钥的调用',
      scraper: '已知爬虫的 TLS 指纹',
    },
  },
  en_US: {
    sets: {
      login: { name: 'Login protection', description: 'Sign-in pages of the shop and the main site' },
      api: { name: 'API hardening', description: 'Partner access and method limits for the API' },
    },
    remarks: {
      scripted: 'Scripted sign-in attempts',
      burst: 'More than 20 sign-in requests in 10 s from one address',
      abroad: 'Captcha for sign-ins from abroad (observing first)',
      partner: 'Partner network',
      methods: 'Only the methods the API serves',
      keyless: 'Calls without a key',
      scraper: 'Known scraper TLS fingerprint',
    },
  },
});
type Remark = keyof (typeof TEXT)['zh_CN']['remarks'];

const DAY = 86_400_000;

interface SeedRule {
  status: WafRuleStatus;
  rules: PolicyCondition[];
  action: WafActionInput;
  remark: Remark;
}

const when = (rule_type: PolicyCondition['rule_type'], operator: string, value: string, extra: Partial<PolicyCondition['data']> = {}): PolicyCondition => ({
  rule_type,
  data: { operator, value, ...extra },
});

const SETS_TO_SEED: ReadonlyArray<{ key: keyof (typeof TEXT)['zh_CN']['sets']; ageDays: number; domains: readonly string[]; rules: readonly SeedRule[] }> = [
  {
    key: 'login',
    ageDays: 40,
    domains: ['www.example.com', 'shop.example.com'],
    rules: [
      {
        status: 'enabled',
        rules: [when('url', 'prefix', '/login'), when('header', 'contains', 'python-requests|curl|go-http-client', { name: 'User-Agent' })],
        action: { type: 'block' },
        remark: 'scripted',
      },
      {
        status: 'enabled',
        rules: [when('url', 'prefix', '/login'), when('url-rate', 'greater-than', '20', { window: '10' })],
        action: { type: 'ban', duration: 600 },
        remark: 'burst',
      },
      {
        status: 'observation',
        rules: [when('region', 'not-equals', 'CN'), when('url', 'prefix', '/login')],
        action: { type: 'verify-captcha' },
        remark: 'abroad',
      },
    ],
  },
  {
    key: 'api',
    ageDays: 12,
    domains: ['api.example.com'],
    rules: [
      { status: 'enabled', rules: [when('ip', 'equals', '198.51.100.0/24')], action: { type: 'whitelist' }, remark: 'partner' },
      { status: 'enabled', rules: [when('method', 'not-equals', 'GET|POST|PUT|DELETE')], action: { type: 'block' }, remark: 'methods' },
      { status: 'observation', rules: [when('header', 'not-exists', '', { name: 'X-Api-Key' }), when('url', 'prefix', '/v1/')], action: { type: 'block' }, remark: 'keyless' },
      { status: 'closed', rules: [when('ja3', 'equals', 'e7d705a3286e19ea42f587b344ee6865')], action: { type: 'block' }, remark: 'scraper' },
    ],
  },
];

/** Seeds the WAF demo data. */
export const wafSeed: SeedModule = {
  name: 'waf',
  run({ db, now, language }) {
    const text = TEXT[language];
    provisionWaf(db, DEMO_MEMBER_ID, now, language);
    const target = scopeFor(db, DEMO_MEMBER_ID);
    const domainIds = new Map(target.all<{ id: number; domain: string }>('domains', { columns: 'id, domain' }).map((row) => [row.domain, row.id]));
    for (const set of SETS_TO_SEED) {
      const at = now - set.ageDays * DAY;
      const { name, description } = text.sets[set.key];
      const ruleSetId = target.insert(SETS, { name, description, attribution: 'custom', catalogue_key: null, created_by: null, created_at: at, updated_at: at });
      set.rules.forEach((rule, index) => insertRule(target, { ruleSetId, sort: index + 1, ...rule, remark: text.remarks[rule.remark] }, at + index * 3_600_000));
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
