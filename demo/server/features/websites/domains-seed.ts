/**
 * Sample domains of the demo account. The "Operations" group is granted two of them as specified objects, so the
 * child sees those two and the parent sees all.
 */
import { bindGroupObjects } from '../account/index.js';
import { demoGroupId, DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import type { SeedModule } from '../../platform/seed-module.js';

/** The demo domains; the first two are granted to the demo group. */
export const DEMO_DOMAINS = [
  'www.example.com',
  'shop.example.com',
  'api.example.com',
  'static.example.net',
  'blog.example.org',
  'm.example.com',
] as const;

/** Seeds the domains and the group's domain grant. */
export const domainsSeed: SeedModule = {
  name: 'domains',
  run({ db, now }) {
    const insert = db.prepare('INSERT INTO domains (member_id, domain, created_at) VALUES (?, ?, ?)');
    const ids = DEMO_DOMAINS.map((domain) => Number(insert.run(DEMO_MEMBER_ID, domain, now).lastInsertRowid));
    const groupId = demoGroupId(db);
    if (groupId !== undefined) {
      // Logs and reports are granted per website too (issue 26): the same two.
      for (const module of ['domain', 'logs', 'reports'] as const) {
        bindGroupObjects(db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: ids.slice(0, 2) });
      }
    }
  },
};
