/**
 * Sample domains of the demo account. The "Operations" group is granted two of them as specified objects, so the
 * child sees those two and the parent sees all.
 */
import { bindGroupObjects } from '../account/index.js';
import { DEMO_GROUP_NAME, DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
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
    const group = db
      .prepare('SELECT id FROM permission_groups WHERE member_id = ? AND name = ?')
      .get(DEMO_MEMBER_ID, DEMO_GROUP_NAME) as { id: number } | undefined;
    if (group) {
      bindGroupObjects(db, { memberId: DEMO_MEMBER_ID, groupId: group.id, module: 'domain', kind: 'specified', objectIds: ids.slice(0, 2) });
    }
  },
};
