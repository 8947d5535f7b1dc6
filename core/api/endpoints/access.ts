/**
 * Access management (issue 26; shell §2 "Access management", rules §3 access key / sub-account / group, rules §4, §6):
 * sub-accounts, permission groups with per-module grants, access keys and the permission simulator. The spec shows
 * no calls for this area, so they follow DESIGN §3: `V4/access.<object>.<verb>`, lists answering `{ list, total }`.
 * Only a main account may call them; the reference server imports these types.
 */
import type { ApiClient } from '../client.js';
import type { ListAnswer, ModuleAccess, ModuleGrant, ObjectScope, PageQuery, PermissionModule } from './platform.js';

/** Rules §4: a sub-account or an access key is enabled or disabled. */
export type AccessStatus = 'enabled' | 'disabled';

/** One sub-account (rules §3: name, mail, remark, group, status, recent login, creation time). */
export interface SubAccount {
  id: number;
  name: string;
  email: string;
  remark: string;
  group_id: number | null;
  group_name: string;
  status: AccessStatus;
  /** ISO 8601, UTC; null before the first sign-in. */
  last_login_at: string | null;
  created_at: string;
}

/** Query of the sub-account list. */
export interface SubAccountListQuery extends PageQuery {
  search?: string;
  group_id?: number;
}

/** Body of `V4/access.subaccount.create` (rules §5 Accounts and groups). */
export interface SubAccountCreateRequest {
  name: string;
  password: string;
  confirm_password: string;
  email?: string;
  remark?: string;
  group_id: number | null;
}

/** Body of `V4/access.subaccount.update`; the password changes only through {@link SubAccountPasswordRequest}. */
export interface SubAccountUpdateRequest {
  id: number;
  name: string;
  email?: string;
  remark?: string;
  group_id: number | null;
}

/** Body of `V4/access.subaccount.password` (reset by the main account). */
export interface SubAccountPasswordRequest {
  id: number;
  password: string;
  confirm_password: string;
}

/** Body of the enable/disable calls of sub-accounts and access keys. */
export interface StatusRequest {
  id: number;
  status: AccessStatus;
}

/** One module grant as the group editor sends and reads it: the grant plus its objects. */
export interface GroupGrant extends ModuleGrant {
  /** In-group objects (`object_scope` 'group') or specified objects ('specified'); empty for 'all'. */
  object_ids: number[];
}

/** A permission group (rules §3: name, remark, bound strategy, accounts, sub-account count, authorization). */
export interface PermissionGroup {
  id: number;
  name: string;
  remark: string;
  /** The bound strategy (rules §3): one grant per granted module; a module absent here is not granted. */
  grants: GroupGrant[];
  sub_account_count: number;
  /** Names of the group's sub-accounts (the "accounts" column). */
  accounts: string[];
  created_at: string;
}

/** Body of `V4/access.group.create` and (with id) `V4/access.group.update`. */
export interface GroupSaveRequest {
  id?: number;
  name: string;
  remark?: string;
  grants: GroupGrant[];
}

/** Answer of the group list: the groups and the most the account may have (rules §8 "has reached the maximum"). */
export interface GroupListAnswer extends ListAnswer<PermissionGroup> {
  max: number;
}

/** An object of the account the grant editor can pick (a website, a certificate, a DNS zone, a rule set). */
export interface GrantableObject {
  id: number;
  label: string;
}

/** An access key as listed (rules §3: status, creation time, last use time; the secret is never listed). */
export interface AccessKey {
  id: number;
  /** The public key id sent in `X-EC-Key`. */
  key_id: string;
  remark: string;
  status: AccessStatus;
  /** The user the key acts as: the main account or one sub-account. */
  user_id: number;
  user_name: string;
  created_at: string;
  last_used_at: string | null;
  /** When the secret was last replaced. */
  rotated_at: string | null;
}

/** Body of `V4/access.key.create`. */
export interface AccessKeyCreateRequest {
  /** The sub-account the key acts as; omitted or null for the main account. */
  user_id?: number | null;
  remark?: string;
}

/** Answer of key creation and rotation: the only time the secret is ever sent (rules §3 "shown once"). */
export interface AccessKeySecret {
  key: AccessKey;
  secret: string;
}

/** The main account's own security state on the overview. */
export interface AccountSecurity {
  email: string;
  email_bound: boolean;
  login_minutes: number;
  last_login_at: string | null;
  enabled_keys: number;
}

/** A recent sign-in of a sub-account. */
export interface RecentSignIn {
  user_id: number;
  name: string;
  at: string;
}

/** Answer of `V4/access.overview`. */
export interface AccessOverview {
  sub_accounts: number;
  groups: number;
  access_keys: number;
  recent_sign_ins: RecentSignIn[];
  security: AccountSecurity;
}

/** Body of `V4/access.simulate`: may this sub-account do this to this object? */
export interface SimulationRequest {
  user_id: number;
  module: PermissionModule;
  access: ModuleAccess;
  /** Omitted: the module as a whole (a list, a create). */
  object_id?: number | null;
}

/** Why the server's authorization answered as it did. */
export type SimulationReason =
  | 'account-disabled'
  | 'no-group'
  | 'no-grant'
  | 'read-only'
  | 'all-objects'
  | 'object-granted'
  | 'object-not-granted'
  | 'module-granted';

/** Answer of the simulator, computed by the server's own permissions code. */
export interface SimulationAnswer {
  allowed: boolean;
  reason: SimulationReason;
  /** The grant that decided; null when the group holds none for the module. */
  grant: ModuleGrant | null;
  group: { id: number; name: string } | null;
  object_scope: ObjectScope | null;
}

/** The account's access-management counts and security state. */
export function getAccessOverview(client: ApiClient): Promise<AccessOverview> {
  return client.get('V4/access.overview');
}

/** One page of sub-accounts. */
export function listSubAccounts(client: ApiClient, query: SubAccountListQuery = {}): Promise<ListAnswer<SubAccount>> {
  return client.get('V4/access.subaccount.list', { ...query });
}

/** Creates a sub-account in one group. */
export function createSubAccount(client: ApiClient, body: SubAccountCreateRequest): Promise<SubAccount> {
  return client.post('V4/access.subaccount.create', body);
}

/** Changes a sub-account's name, mail, remark or group. */
export function updateSubAccount(client: ApiClient, body: SubAccountUpdateRequest): Promise<SubAccount> {
  return client.post('V4/access.subaccount.update', body);
}

/** Enables or disables a sub-account; disabling ends its sessions. */
export function setSubAccountStatus(client: ApiClient, body: StatusRequest): Promise<SubAccount> {
  return client.post('V4/access.subaccount.status', body);
}

/** Sets a new password for a sub-account; its sessions end. */
export function resetSubAccountPassword(client: ApiClient, body: SubAccountPasswordRequest): Promise<null> {
  return client.post('V4/access.subaccount.password', body);
}

/** Deletes a sub-account, its sessions and its access keys. */
export function deleteSubAccount(client: ApiClient, id: number): Promise<null> {
  return client.post('V4/access.subaccount.delete', { id });
}

/** Every permission group with its grants. */
export function listGroups(client: ApiClient, query: PageQuery & { search?: string } = {}): Promise<GroupListAnswer> {
  return client.get('V4/access.group.list', { ...query });
}

/** One group with its grants and objects. */
export function getGroup(client: ApiClient, id: number): Promise<PermissionGroup> {
  return client.get('V4/access.group.get', { id });
}

/** Creates a group (refused past the maximum, rules §8). */
export function createGroup(client: ApiClient, body: GroupSaveRequest): Promise<PermissionGroup> {
  return client.post('V4/access.group.create', body);
}

/** Saves a group's name, remark and grants. */
export function updateGroup(client: ApiClient, body: GroupSaveRequest & { id: number }): Promise<PermissionGroup> {
  return client.post('V4/access.group.update', body);
}

/** Deletes a group that holds no sub-account. */
export function deleteGroup(client: ApiClient, id: number): Promise<null> {
  return client.post('V4/access.group.delete', { id });
}

/** The account's objects of a module, for the grant editor's picker. */
export function listGrantableObjects(client: ApiClient, module: PermissionModule): Promise<ListAnswer<GrantableObject>> {
  return client.get('V4/access.object.list', { module });
}

/** The account's access keys, or those of one user. */
export function listAccessKeys(client: ApiClient, query: PageQuery & { user_id?: number } = {}): Promise<ListAnswer<AccessKey>> {
  return client.get('V4/access.key.list', { ...query });
}

/** Creates a key; the answer holds the secret, which is never sent again. */
export function createAccessKey(client: ApiClient, body: AccessKeyCreateRequest): Promise<AccessKeySecret> {
  return client.post('V4/access.key.create', body);
}

/** Enables or disables a key. */
export function setAccessKeyStatus(client: ApiClient, body: StatusRequest): Promise<AccessKey> {
  return client.post('V4/access.key.status', body);
}

/** Replaces a key's secret; the old one stops working at once. */
export function rotateAccessKey(client: ApiClient, id: number): Promise<AccessKeySecret> {
  return client.post('V4/access.key.rotate', { id });
}

/** Deletes a key. */
export function deleteAccessKey(client: ApiClient, id: number): Promise<null> {
  return client.post('V4/access.key.delete', { id });
}

/** Asks the server's authorization code whether a sub-account may act on an object. */
export function simulatePermission(client: ApiClient, body: SimulationRequest): Promise<SimulationAnswer> {
  return client.post('V4/access.simulate', body);
}
