import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { UserCenter, type UserCenterProps } from './user-center.js';
import styles from './user-center.css';
import '../../core/i18n/namespaces/user-center.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/password-strength.js';

/**
 * Account security of the signed-in user (shell §2 user center; rules §5, §6, §8), one element for the user center's
 * pages, chosen by `view`: basic information with the mailbox binding (a mailed code, resend after a countdown),
 * change password (the current one required; the user's other sessions end), safety settings (login time control
 * 15-1440 minutes or 1-24 hours, secondary email verification at sign-in), the IP list (the account's login whitelist
 * by IPv4/IPv6/CIDR and region; read-only for sub-accounts, since it is account-level) and the login log. Sub-accounts
 * get the same pages for their own account (shell §6). The operation log is `<ec-operation-log>`.
 *
 * `view="authentication"` is identity verification (实名认证) of the main account: a person (real name, resident ID
 * number, GB 11643 check digit) or a company (name, unified social credit code, GB 32100 check character, legal
 * representative), reviewed by the server; the page follows the review live. The reference server approves every
 * valid submission after a few seconds, except one naming `驳回测试` (the documented test value), which it rejects so
 * the rejection and the resubmission can be tried. Sub-accounts are told the page is the main account's.
 *
 * @tag ec-user-center
 * @summary Account security: mailbox binding, password, login time, secondary verification, login whitelist, login log.
 * @fires ec-user-security-saved - A setting was saved; detail `{ setting }`: `mailbox`, `password`, `login-time`, `secondary-verification`, `whitelist` or `identity` (submitted for verification).
 * @csspart identity-status - The identity verification status card.
 * @csspart strength-meter - The new password's strength meter.
 * @csspart toolbar - The login log filter.
 * @csspart table - The login log table.
 * @csspart pagination - The login log pager.
 * @csspart empty-state - Shown when the login log has no entry.
 */
export const UserCenterElement = defineElement<UserCenterProps>('ec-user-center', UserCenter, {
  namespace: 'user-center',
  uses: ['rules', 'password-strength'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-user-center': EcElementOf<typeof attributes>;
  }
}
