/**
 * The demo account's member console info (shell §4) and open apps: the new menu layout, and access management,
 * the conditions match engine and ban management switched on so every module is reachable.
 */
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import type { SeedModule } from '../../platform/seed-module.js';

/** Products open to the demo account (the embedded app-login check answers 604 for others). */
export const DEMO_APPS = ['cloud-speed', 'cloud-resolving', 'taichi-app'] as const;

/** Seeds console info and apps. */
export const consoleInfoSeed: SeedModule = {
  name: 'console-info',
  run({ db }) {
    db.prepare(
      `INSERT INTO member_console_info (member_id, version_gray_status, subacl_status, condition_source_view, ban_status)
       VALUES (?, 'done', 'on', 'on', 'on')`,
    ).run(DEMO_MEMBER_ID);
    const open = db.prepare('INSERT INTO member_apps (member_id, app) VALUES (?, ?)');
    for (const app of DEMO_APPS) open.run(DEMO_MEMBER_ID, app);
  },
};
