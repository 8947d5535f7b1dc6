/**
 * The demo accounts every seed module hangs its data on, and the sign-ins the start-up log prints. The passwords are
 * public by design: the server listens on 127.0.0.1 unless HOST says otherwise (see config.ts).
 */
import type { Db } from './database.js';
import type { SeedLanguage } from './seed-module.js';

/** The demo parent's member id; child accounts sign in with it (shell §2 /login-child/). */
export const DEMO_MEMBER_ID = 100001;
/** The demo parent's e-mail. */
export const DEMO_PARENT_EMAIL = 'admin@example.com';
/** The demo parent's password (rules §5: 8-20 characters, three of four classes). */
export const DEMO_PARENT_PASSWORD = 'Console#2026';
/** The demo child's user name. */
export const DEMO_CHILD_USER_NAME = 'operator';
/** The demo child's password. */
export const DEMO_CHILD_PASSWORD = 'Operator#2026';
/**
 * The demo child's permission group, in each seed language. Its name is a seeded text like any other; seeds find the
 * group through the child's user name (a language-independent identifier), never by this name.
 */
export const DEMO_GROUP_NAMES: Readonly<Record<SeedLanguage, string>> = { zh_CN: '运维组', en_US: 'Operations' };

/** The demo child's permission group, found through the child (the same in every seed language); none before it exists. */
export function demoGroupId(db: Db): number | undefined {
  const row = db
    .prepare('SELECT group_id FROM users WHERE member_id = ? AND account_type = 2 AND user_name = ?')
    .get(DEMO_MEMBER_ID, DEMO_CHILD_USER_NAME) as { group_id: number | null } | undefined;
  return row?.group_id ?? undefined;
}

/**
 * The lines the start-up log prints about signing in, and how to get the demo in the other language: "both seeds
 * available" (issue 19) means either wording is one command away.
 */
export function demoSignInLines(consoleUrl: string, language: SeedLanguage): string[] {
  const other: SeedLanguage = language === 'zh_CN' ? 'en_US' : 'zh_CN';
  return [
    `Parent sign-in: ${consoleUrl}login  e-mail ${DEMO_PARENT_EMAIL}  password ${DEMO_PARENT_PASSWORD}`,
    `Child sign-in:  ${consoleUrl}login-child/#/?member_id=${DEMO_MEMBER_ID}  user_name ${DEMO_CHILD_USER_NAME}  ` +
      `password ${DEMO_CHILD_PASSWORD}  (group "${DEMO_GROUP_NAMES[language]}")`,
    `Read-only child: same page  user_name ${DEMO_VIEWER_USER_NAME}  password ${DEMO_VIEWER_PASSWORD}  ` +
      `(group "${DEMO_VIEWER_GROUP_NAMES[language]}", views ${DEMO_VIEWER_WEBSITE} only)`,
    `Demo data in ${language}; for ${other}, start on a fresh database: ` +
      (other === 'en_US' ? 'npm run start:en' : 'EC_SEED_LANGUAGE=zh_CN DB_PATH=./data/console-zh.db npm start'),
  ];
}

/** A second demo child whose group may only look at one website (issue 19: read-only UI, tested and shown). */
export const DEMO_VIEWER_USER_NAME = 'viewer';
/** The viewer's password. */
export const DEMO_VIEWER_PASSWORD = 'Viewer#2026';
/** The viewer's permission group, in each seed language: a seeded text, like {@link DEMO_GROUP_NAMES}. */
export const DEMO_VIEWER_GROUP_NAMES: Readonly<Record<SeedLanguage, string>> = { zh_CN: '只读组', en_US: 'Viewers' };
/** The one website the viewer's group may read. */
export const DEMO_VIEWER_WEBSITE = 'www.example.com';
