/**
 * The website fields of the six demo domains (rules §3 "Website/domain"), with the settled service statuses of rules
 * §4 spread across them: serving (two, one with HTTPS and a certificate), returned to origin (and bound to a TCP
 * package, so its delete is refused), suspended, approval failed with its reason, and origin not set. The passing
 * statuses (approval pending, being issued, update in progress) appear as the job runner moves new sites along. Also
 * three website groups and three templates for the add-domain wizard.
 */
import type { WebsiteOrigin, WebsiteSettings } from '../../../../core/api/endpoints/websites.js';
import { validateDomainOwnership } from '../../../../core/rules/websites.js';
import { scopeFor } from '../../platform/security/scope.js';
import { replaceOrigins, websiteColumns, type NewWebsite } from './store.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The templates' and groups' names, the sites' remarks and certificate names, by key. */
const TEXT = seedWording({
  zh_CN: {
    templates: {
      standard: { name: '标准网站', remark: '开启压缩，默认缓存' },
      statics: { name: '静态资源', remark: '开启压缩和图片 WebP' },
      api: { name: '接口与 WebSocket', remark: '长连接，更长的回源超时' },
    },
    groups: { production: '生产环境', api: '接口服务', statics: '静态资源' },
    remarks: { www: '官网', shop: '网上商城', api: '开放接口', statics: '旧的静态资源', blog: '团队博客', live: '移动端直播' },
    certificates: { www: 'www.example.com 2026 年证书', shop: 'shop.example.com 通配符证书' },
  },
  en_US: {
    templates: {
      standard: { name: 'Standard website', remark: 'Compression on, default caching' },
      statics: { name: 'Static assets', remark: 'Compression and WebP for images' },
      api: { name: 'API and WebSocket', remark: 'Long-lived connections, longer origin timeout' },
    },
    groups: { production: 'Production', api: 'API', statics: 'Static' },
    remarks: { www: 'Main website', shop: 'Online shop', api: 'Public API', statics: 'Old assets', blog: 'Team blog', live: 'Mobile live streams' },
    certificates: { www: 'www.example.com 2026', shop: 'shop.example.com wildcard' },
  },
});
type Texts = (typeof TEXT)['zh_CN'];
type GroupKey = keyof Texts['groups'];

const DAY_MS = 86_400_000;

/** The demo templates: the settings a site starts with; name and remark in {@link TEXT}. */
export const DEMO_TEMPLATES: ReadonlyArray<{ key: keyof Texts['templates']; settings: Partial<WebsiteSettings> }> = [
  { key: 'standard', settings: { page_gzip: 'on' } },
  { key: 'statics', settings: { page_gzip: 'on', Webp: 'on' } },
  { key: 'api', settings: { websocket: 'on', origin_timeout: 120 } },
];

/** The demo website groups, in creation order. */
export const DEMO_WEBSITE_GROUPS: readonly GroupKey[] = ['production', 'api', 'statics'];

const origin = (address: string, port: number, line: WebsiteOrigin['line'] = 'primary', weight = 10): WebsiteOrigin => ({ address, port, line, weight });

/** The demo sites by domain, each with its group. */
function demoSites(now: number, text: Texts): Array<{ site: NewWebsite; group: GroupKey | null }> {
  const year = now + 365 * DAY_MS;
  return [
    {
      group: 'production',
      site: {
        domain: 'www.example.com',
        status: 'serving',
        remark: text.remarks.www,
        accessStatus: 'connected',
        expireAt: year,
        autoRenew: true,
        https: true,
        certificateName: text.certificates.www,
        origins: [origin('203.0.113.10', 80), origin('203.0.113.11', 80, 'backup', 5)],
      },
    },
    {
      group: 'production',
      site: {
        domain: 'shop.example.com',
        status: 'serving',
        remark: text.remarks.shop,
        accessStatus: 'connected',
        trafficMode: 'dedicated',
        expireAt: now + 20 * DAY_MS,
        https: true,
        certificateName: text.certificates.shop,
        originProtocol: 1,
        loadBalancing: 2,
        origins: [origin('origin-shop.example.net', 443), origin('origin-shop-2.example.net', 443, 'primary', 20)],
      },
    },
    {
      group: 'api',
      site: {
        domain: 'api.example.com',
        status: 'returned_to_origin',
        remark: text.remarks.api,
        accessStatus: 'connected',
        trafficMode: 'origin',
        expireAt: year,
        originProtocol: 2,
        loadBalancing: 0,
        tcpPackage: 'TCP Pro 01',
        settings: { websocket: 'on', origin_timeout: 120 },
        origins: [origin('2001:db8::10', 8080)],
      },
    },
    {
      group: 'statics',
      site: {
        domain: 'static.example.net',
        status: 'suspended',
        remark: text.remarks.statics,
        accessStatus: 'connected',
        expireAt: year,
        settings: { Webp: 'on' },
        origins: [origin('198.51.100.20', 80)],
      },
    },
    {
      group: null,
      site: {
        domain: 'blog.example.org',
        status: 'approval_failed',
        statusReason: validateDomainOwnership(true),
        remark: text.remarks.blog,
        origins: [origin('198.51.100.30', 80)],
      },
    },
    {
      group: null,
      site: { domain: 'm.example.com', type: 'live', status: 'no_origin', accessMode: 'ns', remark: text.remarks.live, expireAt: year },
    },
  ];
}

/** Seeds the website fields, groups and templates of the demo account. */
export const websitesSeed: SeedModule = {
  name: 'websites',
  run({ db, now, language }) {
    const text = TEXT[language];
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    for (const template of DEMO_TEMPLATES) {
      const { name, remark } = text.templates[template.key];
      tenant.insert('website_templates', { name, remark, settings: JSON.stringify(template.settings), created_at: now });
    }
    const groups = new Map(
      DEMO_WEBSITE_GROUPS.map((key) => [key, tenant.insert('website_groups', { name: text.groups[key], remark: '', created_at: now, updated_at: now })]),
    );
    for (const { site, group } of demoSites(now, text)) {
      const row = tenant.get<{ id: number }>('domains', { columns: 'id', where: 'domain = @domain', params: { domain: site.domain } });
      if (!row) continue;
      tenant.update('domains', websiteColumns({ ...site, groupId: group ? groups.get(group) : null }, now), 'id = @id', { id: row.id });
      replaceOrigins(tenant, row.id, site.origins ?? []);
    }
  },
};
