/**
 * Demo configuration methods (rules §4): blog.example.org follows the account's global policy, which turns on gzip
 * and WebP and allows 100 MB uploads, so the console shows a synchronized, view-only configuration and the
 * configuration view shows where each value comes from. Every other demo domain keeps its own configuration.
 */
import type { SettingsGroupName } from '../../../../core/settings/catalogue.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { scopeFor } from '../../platform/security/scope.js';
import type { SeedModule } from '../../platform/seed-module.js';
import { storeGroup } from './store.js';

const GLOBAL_POLICY: Partial<Record<SettingsGroupName, unknown>> = {
  page_gzip: { status: 'on' },
  Webp: { status: 'on' },
  upload_size: { megabytes: 100 },
};

export const configMethodSeed: SeedModule = {
  name: 'domain-config-method',
  run({ db, now }) {
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    for (const [name, value] of Object.entries(GLOBAL_POLICY)) storeGroup(tenant, { kind: 'global', id: 0 }, name as SettingsGroupName, value, now);
    tenant.update('domains', { config_source: 'global' }, 'domain = @domain', { domain: 'blog.example.org' });
  },
};
