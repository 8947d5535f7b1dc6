import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The views of `<ec-user-center>` (shell §2 user center route names, one element for all of them). */
export const USER_CENTER_VIEWS = ['account-safe', 'basic', 'password', 'safety', 'ip-list', 'login-log', 'authentication'] as const;

/** The attributes of `<ec-user-center>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(
    USER_CENTER_VIEWS,
    'account-safe',
    'Which page of account security to show: `account-safe` (all of a user\'s own settings on one page: what a sub-account sees, shell §4), `basic` (account and mailbox binding), `password` (change password), `safety` (login time control and secondary email verification), `ip-list` (login whitelist by IP/CIDR and region), `login-log` (sign-in attempts), `authentication` (identity verification of the main account).',
  ),
} satisfies AttributeSchema;
