/**
 * Demo accounts: the parent, the "Operations" group and its child user. The group's grants show each object scope
 * of rules §6: domains limited to specified objects (manage, new ones auto-bound), certificates limited to in-group
 * objects (read only), dedicated IP resource packs not granted at all. The domains seed binds the specified domains.
 */
import { hashPasswordSync } from '../../platform/security/passwords.js';
import { createChildAccount, createParentAccount, createPermissionGroup } from './store.js';
import {
  DEMO_CHILD_PASSWORD,
  DEMO_CHILD_USER_NAME,
  DEMO_GROUP_NAME,
  DEMO_MEMBER_ID,
  DEMO_PARENT_EMAIL,
  DEMO_PARENT_PASSWORD,
} from '../../platform/demo-accounts.js';
import type { SeedModule } from '../../platform/seed-module.js';

/** Seeds the demo parent, group and child. */
export const accountsSeed: SeedModule = {
  name: 'accounts',
  run({ db, now }) {
    const { memberId } = createParentAccount(
      db,
      { memberId: DEMO_MEMBER_ID, email: DEMO_PARENT_EMAIL, name: 'Demo Owner', passwordHash: hashPasswordSync(DEMO_PARENT_PASSWORD) },
      now,
    );
    const groupId = createPermissionGroup(
      db,
      {
        memberId,
        name: DEMO_GROUP_NAME,
        remark: 'Day-to-day operations on selected websites',
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: true },
          { module: 'certificate', object_scope: 'group', access: 'read', auto_bind_new: false },
        ],
      },
      now,
    );
    createChildAccount(
      db,
      {
        memberId,
        userName: DEMO_CHILD_USER_NAME,
        passwordHash: hashPasswordSync(DEMO_CHILD_PASSWORD),
        groupId,
        email: 'operator@example.com',
        remark: 'Demo sub-account',
      },
      now,
    );
  },
};
