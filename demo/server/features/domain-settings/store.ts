/**
 * The stored generic settings groups (migration 260), through the caller's tenant scope. A domain-specific group is
 * owned by its domain; templates and the global policy own theirs under their own kind (rules §4).
 */
import type { SettingsGroupName } from '../../../../core/settings/catalogue.js';
import type { Scope } from '../../platform/security/scope.js';

/** The table. */
export const SETTING_GROUPS = 'domain_setting_groups';

/** Who a group's value belongs to. */
export interface SettingsOwner {
  kind: 'domain' | 'template' | 'global';
  /** The domain or template id; 0 for the global policy. */
  id: number;
}

/** A stored group: its value (null when only the revision is kept here) and revision. */
export interface StoredGroup {
  value: unknown;
  revision: number;
}

interface GroupRow {
  group_name: string;
  value: string | null;
  revision: number;
}

/** The stored groups of an owner among `names`; a group never saved is absent. */
export function loadGroups(tenant: Scope, owner: SettingsOwner, names: readonly SettingsGroupName[]): Map<SettingsGroupName, StoredGroup> {
  const found = new Map<SettingsGroupName, StoredGroup>();
  if (names.length === 0) return found;
  const params: Record<string, unknown> = { kind: owner.kind, owner: owner.id };
  names.forEach((name, index) => (params[`g${index}`] = name));
  const rows = tenant.all<GroupRow>(SETTING_GROUPS, {
    columns: 'group_name, value, revision',
    where: `owner_kind = @kind AND owner_id = @owner AND group_name IN (${names.map((_, index) => `@g${index}`).join(', ')})`,
    params,
  });
  for (const row of rows) found.set(row.group_name as SettingsGroupName, { value: row.value === null ? null : (JSON.parse(row.value) as unknown), revision: row.revision });
  return found;
}

/** Writes a group's value (null: kept elsewhere) and bumps its revision; answers the new revision. */
export function storeGroup(tenant: Scope, owner: SettingsOwner, name: SettingsGroupName, value: unknown, now: number): number {
  const current = loadGroups(tenant, owner, [name]).get(name);
  const json = value === null ? null : JSON.stringify(value);
  if (!current) {
    tenant.insert(SETTING_GROUPS, { owner_kind: owner.kind, owner_id: owner.id, group_name: name, value: json, revision: 1, updated_at: now });
    return 1;
  }
  tenant.update(
    SETTING_GROUPS,
    { value: json, revision: current.revision + 1, updated_at: now },
    'owner_kind = @kind AND owner_id = @owner AND group_name = @name',
    { kind: owner.kind, owner: owner.id, name },
  );
  return current.revision + 1;
}

/** Removes an owner's groups among `names` (e.g. a domain that goes back to following a template). */
export function removeGroups(tenant: Scope, owner: SettingsOwner, names: readonly SettingsGroupName[]): void {
  for (const name of names) {
    tenant.remove(SETTING_GROUPS, 'owner_kind = @kind AND owner_id = @owner AND group_name = @name', { kind: owner.kind, owner: owner.id, name });
  }
}
