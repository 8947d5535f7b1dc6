import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { AccessManagement, type AccessManagementProps } from './access-management.js';
import { attributes } from './attributes.js';
import styles from './access-management.css';
import './events.js';
import '../../core/i18n/namespaces/access-management.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/password-strength.js';

/**
 * Access management (issue 26; shell §2 "Access management" and "Access key"; rules §3-§6, §8), for main accounts
 * with access management switched on (shell §4 `subacl`); a sub-account is refused by the server and sees why.
 * One element, several pages by `view`:
 *
 * - `overview`: counts of sub-accounts, groups and access keys, recent sign-ins, the main account's security state;
 * - `accounts`: sub-accounts (name, mail, remark, group, status, recent sign-in, creation time) with create and edit
 *   (rules §5: name 1-40, password rules with a strength meter, the repeated password, mail format, one group),
 *   enable/disable (confirmed; disabling ends its sessions), reset password and delete (confirmed);
 * - `keys` (of one sub-account with `account-id`; `account` is the same for a sub-account's page): access keys with
 *   status, creation and last use; create, enable, disable, rotate and delete (each confirmed); a secret is shown
 *   once, with copy and download as a file, and never again;
 * - `groups`, `group`, `group-setting` (with `group-id`): groups with their bound strategy, accounts and sub-account
 *   count; the grant editor per module (domain, certificate, dedicated IP resource pack, DNS, security policy, logs,
 *   reports): all resources, in-group or specified objects picked from the account's objects, read-only or manage,
 *   objects added later; the maximum number of groups with rules §8's message;
 * - `privileges-system`, `privileges-custom`, `privilege` (with `privilege`): the built-in and the groups' own
 *   privileges, and which groups hold one;
 * - `simulator`: may this sub-account do this to this object? Answered by the server's own authorization code.
 *
 * @tag ec-access-management
 * @summary Access management: sub-accounts, groups and grants, access keys, privileges and the permission simulator.
 * @fires ec-sub-account-saved - A sub-account was created or changed; detail `{ id, name, created }`.
 * @fires ec-sub-account-deleted - A sub-account was deleted; detail `{ id, name }`.
 * @fires ec-permission-group-saved - A group was created or saved; detail `{ id, name, created }`.
 * @fires ec-permission-group-deleted - A group was deleted; detail `{ id, name }`.
 * @fires ec-access-key-changed - A key was created, enabled, disabled, rotated or deleted; detail `{ id, keyId, change }` (never the secret).
 * @csspart toolbar - Search and the create button of a list.
 * @csspart form - The sub-account form.
 * @csspart strength-meter - The password strength meter.
 * @csspart group-editor - The group form with its grants.
 * @csspart grant - One module's grant in the group form.
 * @csspart object-picker - The object checklist of a grant.
 * @csspart secret - The key id and secret shown once.
 * @csspart overview - The overview page.
 * @csspart simulator - The permission simulator.
 * @csspart verdict - The simulator's answer.
 * @cssprop --ec-color-border-strong - Border of the choice lists (group, owner, simulator fields).
 * @cssprop --ec-color-success - Border of an "allowed" simulator answer.
 * @cssprop --ec-color-success-surface - Background of an "allowed" simulator answer.
 */
export const AccessManagementElement = defineElement<AccessManagementProps>('ec-access-management', AccessManagement, {
  namespace: 'access-management',
  uses: ['rules', 'password-strength'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-access-management': EcElementOf<typeof attributes>;
  }
}
