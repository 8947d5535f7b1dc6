/**
 * Events of `<ec-user-center>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Sent after a security setting was saved; `setting` names which one. */
export const USER_SECURITY_SAVED_EVENT = 'ec-user-security-saved';

/** The settings the element saves. */
export type UserSecuritySetting = 'mailbox' | 'password' | 'login-time' | 'secondary-verification' | 'whitelist' | 'identity';

declare global {
  interface EcEventDetails {
    /** A setting of the account security was saved; after `password`, the user's other sessions have ended. */
    'ec-user-security-saved': { setting: UserSecuritySetting };
  }
  interface GlobalEventHandlersEventMap {
    'ec-user-security-saved': CustomEvent<EcEventDetails['ec-user-security-saved']>;
  }
}
