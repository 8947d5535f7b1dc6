/**
 * The demo accounts every seed module hangs its data on, and the sign-ins the start-up log prints. The passwords are
 * public by design: the server listens on 127.0.0.1 unless HOST says otherwise (see config.ts).
 */

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
/** The demo child's permission group. */
export const DEMO_GROUP_NAME = 'Operations';

/** The lines the start-up log prints about signing in. */
export function demoSignInLines(consoleUrl: string): string[] {
  return [
    `Parent sign-in: ${consoleUrl}login  e-mail ${DEMO_PARENT_EMAIL}  password ${DEMO_PARENT_PASSWORD}`,
    `Child sign-in:  ${consoleUrl}login-child/#/?member_id=${DEMO_MEMBER_ID}  user_name ${DEMO_CHILD_USER_NAME}  ` +
      `password ${DEMO_CHILD_PASSWORD}  (group "${DEMO_GROUP_NAME}")`,
    `Read-only child: same page  user_name ${DEMO_VIEWER_USER_NAME}  password ${DEMO_VIEWER_PASSWORD}  (group "${DEMO_VIEWER_GROUP_NAME}", views ${DEMO_VIEWER_WEBSITE} only)`,
  ];
}

/** A second demo child whose group may only look at one website (issue 19: read-only UI, tested and shown). */
export const DEMO_VIEWER_USER_NAME = 'viewer';
/** The viewer's password. */
export const DEMO_VIEWER_PASSWORD = 'Viewer#2026';
/** The viewer's permission group. */
export const DEMO_VIEWER_GROUP_NAME = 'Viewers';
/** The one website the viewer's group may read. */
export const DEMO_VIEWER_WEBSITE = 'www.example.com';
