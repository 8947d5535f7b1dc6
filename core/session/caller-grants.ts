/**
 * The caller's module grants (rules §6), read once per page and session like the user info and shared by every
 * element (issue 19): an element shows what a sub-account may only look at as read-only before a save is refused.
 * The server stays the authority: it refuses what a grant does not allow whatever the UI shows.
 */
import type { ApiClient } from '../api/client.js';
import { getCallerGrants, type ModuleAccess, type ModuleGrant, type PermissionModule } from '../api/endpoints/platform.js';
import { readShared } from '../api/shared-reads.js';

/** What the caller may do with a module's objects: `none` when the module is not granted at all. */
export type ModuleAccessLevel = ModuleAccess | 'none';

/** The grants of the session; kept for the page (grants change only when an administrator edits the group). */
export function readCallerGrants(client: ApiClient): Promise<ModuleGrant[]> {
  return readShared(client, 'caller-grants', () => getCallerGrants(client, { notify: false }), 'page').then((answer) => answer.grants);
}

/** The access level a set of grants gives to one module. */
export function accessLevel(grants: readonly ModuleGrant[], module: PermissionModule): ModuleAccessLevel {
  return grants.find((grant) => grant.module === module)?.access ?? 'none';
}
