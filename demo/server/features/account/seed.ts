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
  DEMO_GROUP_NAMES,
  DEMO_MEMBER_ID,
  DEMO_PARENT_EMAIL,
  DEMO_PARENT_PASSWORD,
} from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

const TEXT = seedWording({
  zh_CN: { ownerName: '演示主账号', groupRemark: '日常运维指定的网站', childRemark: '演示子账号' },
  en_US: { ownerName: 'Demo Owner', groupRemark: 'Day-to-day operations on selected websites', childRemark: 'Demo sub-account' },
});

/** Seeds the demo parent, group and child. */
export const accountsSeed: SeedModule = {
  name: 'accounts',
  run({ db, now, language }) {
    const text = TEXT[language];
    const { memberId } = createParentAccount(
      db,
      { memberId: DEMO_MEMBER_ID, email: DEMO_PARENT_EMAIL, name: text.ownerName, passwordHash: hashPasswordSync(DEMO_PARENT_PASSWORD) },
      now,
    );
    const groupId = createPermissionGroup(
      db,
      {
        memberId,
        name: DEMO_GROUP_NAMES[language],
        remark: text.groupRemark,
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: true },
          { module: 'certificate', object_scope: 'group', access: 'read', auto_bind_new: false },
          // The modules issue 26 enforces, as the operator's group had them through its website grant before.
          { module: 'dns', object_scope: 'group', access: 'manage', auto_bind_new: true },
          { module: 'security_policy', object_scope: 'all', access: 'manage', auto_bind_new: false },
          { module: 'logs', object_scope: 'specified', access: 'manage', auto_bind_new: true },
          { module: 'reports', object_scope: 'specified', access: 'read', auto_bind_new: true },
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
        remark: text.childRemark,
      },
      now,
    );
  },
};
