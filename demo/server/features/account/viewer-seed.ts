/**
 * The read-only demo sub-account (issue 19): the "Viewers" group may read one website and the certificates bound to
 * it, and change nothing, so the console's read-only state can be seen (sign in as `viewer`) and is tested against
 * real grants. Seeded after the websites and certificates it names.
 */
import {
  DEMO_MEMBER_ID,
  DEMO_VIEWER_GROUP_NAMES,
  DEMO_VIEWER_PASSWORD,
  DEMO_VIEWER_USER_NAME,
  DEMO_VIEWER_WEBSITE,
} from '../../platform/demo-accounts.js';
import { hashPasswordSync } from '../../platform/security/passwords.js';
import type { SeedModule } from '../../platform/seed-module.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from './store.js';

/**
 * The one DNS zone the viewer may read (a specified object of its `dns` grant): a zone no other group holds, in a
 * group of zones, so the read-only DNS pages have a zone, its records and a group to show.
 */
export const DEMO_VIEWER_DNS_ZONE = 'legacy-brand.com';

/** Seeds the Viewers group and its child. */
export const viewerAccountSeed: SeedModule = {
  name: 'viewer-account',
  run({ db, now, language }) {
    const website = db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, DEMO_VIEWER_WEBSITE) as { id: number } | undefined;
    if (!website) return;
    const groupId = createPermissionGroup(
      db,
      {
        memberId: DEMO_MEMBER_ID,
        name: DEMO_VIEWER_GROUP_NAMES[language],
        remark: DEMO_VIEWER_WEBSITE,
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'read', auto_bind_new: false },
          { module: 'certificate', object_scope: 'specified', access: 'read', auto_bind_new: false },
          // Read-only in every module issue 26 enforces, over the same website and zone.
          { module: 'dns', object_scope: 'specified', access: 'read', auto_bind_new: false },
          { module: 'security_policy', object_scope: 'all', access: 'read', auto_bind_new: false },
          { module: 'logs', object_scope: 'specified', access: 'read', auto_bind_new: false },
          { module: 'reports', object_scope: 'specified', access: 'read', auto_bind_new: false },
          // Issue 28: reads every layer-4 rule (the console's read-only state).
          { module: 'layer4', object_scope: 'all', access: 'read', auto_bind_new: false },
        ],
      },
      now,
    );
    for (const module of ['domain', 'logs', 'reports'] as const) {
      bindGroupObjects(db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: [website.id] });
    }
    const zone = db.prepare('SELECT id FROM dns_domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, DEMO_VIEWER_DNS_ZONE) as { id: number } | undefined;
    if (zone) bindGroupObjects(db, { memberId: DEMO_MEMBER_ID, groupId, module: 'dns', kind: 'specified', objectIds: [zone.id] });
    const certificates = db
      .prepare('SELECT DISTINCT certificate_id AS id FROM certificate_bindings WHERE member_id = ? AND domain_id = ?')
      .all(DEMO_MEMBER_ID, website.id) as { id: number }[];
    bindGroupObjects(db, { memberId: DEMO_MEMBER_ID, groupId, module: 'certificate', kind: 'specified', objectIds: certificates.map((row) => row.id) });
    createChildAccount(
      db,
      { memberId: DEMO_MEMBER_ID, userName: DEMO_VIEWER_USER_NAME, passwordHash: hashPasswordSync(DEMO_VIEWER_PASSWORD), groupId, email: '', remark: DEMO_VIEWER_GROUP_NAMES[language] },
      now,
    );
  },
};
