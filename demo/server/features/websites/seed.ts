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
import type { SeedModule } from '../../platform/seed-module.js';

const DAY_MS = 86_400_000;

/** The demo templates: name, remark, the settings a site starts with. */
export const DEMO_TEMPLATES: ReadonlyArray<{ name: string; remark: string; settings: Partial<WebsiteSettings> }> = [
  { name: 'Standard website', remark: 'Compression on, default caching', settings: { page_gzip: 'on' } },
  { name: 'Static assets', remark: 'Compression and WebP for images', settings: { page_gzip: 'on', Webp: 'on' } },
  { name: 'API and WebSocket', remark: 'Long-lived connections, longer origin timeout', settings: { websocket: 'on', origin_timeout: 120 } },
];

/** The demo website groups. */
export const DEMO_WEBSITE_GROUPS = ['Production', 'API', 'Static'] as const;

const origin = (address: string, port: number, line: WebsiteOrigin['line'] = 'primary', weight = 10): WebsiteOrigin => ({ address, port, line, weight });

/** The demo sites by domain, each with its group. */
function demoSites(now: number): Array<{ site: NewWebsite; group: (typeof DEMO_WEBSITE_GROUPS)[number] | null }> {
  const year = now + 365 * DAY_MS;
  return [
    {
      group: 'Production',
      site: {
        domain: 'www.example.com',
        status: 'serving',
        remark: 'Main website',
        accessStatus: 'connected',
        expireAt: year,
        autoRenew: true,
        https: true,
        certificateName: 'www.example.com 2026',
        origins: [origin('203.0.113.10', 80), origin('203.0.113.11', 80, 'backup', 5)],
      },
    },
    {
      group: 'Production',
      site: {
        domain: 'shop.example.com',
        status: 'serving',
        remark: 'Online shop',
        accessStatus: 'connected',
        trafficMode: 'dedicated',
        expireAt: now + 20 * DAY_MS,
        https: true,
        certificateName: 'shop.example.com wildcard',
        originProtocol: 1,
        loadBalancing: 2,
        origins: [origin('origin-shop.example.net', 443), origin('origin-shop-2.example.net', 443, 'primary', 20)],
      },
    },
    {
      group: 'API',
      site: {
        domain: 'api.example.com',
        status: 'returned_to_origin',
        remark: 'Public API',
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
      group: 'Static',
      site: {
        domain: 'static.example.net',
        status: 'suspended',
        remark: 'Old assets',
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
        remark: 'Team blog',
        origins: [origin('198.51.100.30', 80)],
      },
    },
    {
      group: null,
      site: { domain: 'm.example.com', type: 'live', status: 'no_origin', accessMode: 'ns', remark: 'Mobile live streams', expireAt: year },
    },
  ];
}

/** Seeds the website fields, groups and templates of the demo account. */
export const websitesSeed: SeedModule = {
  name: 'websites',
  run({ db, now }) {
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    for (const template of DEMO_TEMPLATES) {
      tenant.insert('website_templates', { name: template.name, remark: template.remark, settings: JSON.stringify(template.settings), created_at: now });
    }
    const groups = new Map(
      DEMO_WEBSITE_GROUPS.map((name) => [name, tenant.insert('website_groups', { name, remark: '', created_at: now, updated_at: now })]),
    );
    for (const { site, group } of demoSites(now)) {
      const row = tenant.get<{ id: number }>('domains', { columns: 'id', where: 'domain = @domain', params: { domain: site.domain } });
      if (!row) continue;
      tenant.update('domains', websiteColumns({ ...site, groupId: group ? groups.get(group) : null }, now), 'id = @id', { id: row.id });
      replaceOrigins(tenant, row.id, site.origins ?? []);
    }
  },
};
