/**
 * A domain's configuration method (rules §4: global policy, template or domain-specific), stored as
 * `domains.config_source` with the bound template in `domains.template_id` (migration 264), and where the settings in
 * force are read from: the global policy's groups (owner `global` 0), the bound template's, or the domain's own.
 */
import type { ConfigMethodInfo } from '../../../../core/api/endpoints/domain-settings.js';
import type { ConfigSource, SettingsGroupValues, SettingsGroupName } from '../../../../core/settings/catalogue.js';
import type { Scope } from '../../platform/security/scope.js';
import type { AnySettingsGroupDefinition, GroupContext, SettingsDomain } from './registry.js';
import type { SettingsOwner, StoredGroup } from './store.js';

interface MethodRow {
  config_source: ConfigSource;
  template_id: number | null;
  template_name: string | null;
}

/**
 * The stand-in domain of a group context that reads or writes a template's or the global policy's own groups (their
 * editors): no domain's columns are read or written through it.
 */
export const POLICY_DOMAIN: SettingsDomain = { id: 0, domain: '' };

/** The configuration method of one of the account's domains. */
export function configMethodOf(tenant: Scope, domainId: number): ConfigMethodInfo {
  const row = tenant.get<MethodRow>('domains', {
    columns: 'config_source, template_id, (SELECT name FROM website_templates t WHERE t.id = domains.template_id) AS template_name',
    where: 'id = @id',
    params: { id: domainId },
  });
  if (row?.config_source === 'global') return { source: 'global', template_id: null, template_name: '' };
  // A template method needs a template; without one the domain's own configuration is in force (see migration 264).
  if (row?.config_source === 'template' && row.template_id !== null) {
    return { source: 'template', template_id: row.template_id, template_name: row.template_name ?? '' };
  }
  return { source: 'domain', template_id: null, template_name: '' };
}

/** Whose groups are in force for a domain under `method`. */
export function settingsOwnerOf(method: ConfigMethodInfo, domainId: number): SettingsOwner {
  if (method.source === 'global') return { kind: 'global', id: 0 };
  if (method.source === 'template' && method.template_id !== null) return { kind: 'template', id: method.template_id };
  return { kind: 'domain', id: domainId };
}

/**
 * A group's value for an owner, without read-only fields: a domain's own value comes from the group's own storage when
 * it has one (`load`), else its row; a template's or the global policy's from their row; a group never saved has the
 * group's defaults.
 *
 * One exception: a group kept in the domain's own columns (`load`: origins, the certificate, which the website list
 * and provisioning read) that the policy or template does not set stays the domain's. Its defaults would show a
 * serving site without origins.
 */
export function ownerGroupValue<N extends SettingsGroupName>(
  definition: AnySettingsGroupDefinition,
  owner: SettingsOwner,
  stored: StoredGroup | undefined,
  context: GroupContext,
): SettingsGroupValues[N] {
  const typed = definition as unknown as { load?: (c: GroupContext) => SettingsGroupValues[N]; defaults: (c: GroupContext) => SettingsGroupValues[N] };
  const set = stored !== undefined && stored.value !== null && stored.value !== undefined;
  // A template or the global policy read for itself (its editor) has no domain to fall back on: the group's defaults
  // are what it sets until it is saved.
  if (owner.kind !== 'domain' && !set && context.domain.id === POLICY_DOMAIN.id) return typed.defaults(context);
  if (typed.load && (owner.kind === 'domain' || !set)) return typed.load(context);
  return set ? (stored.value as SettingsGroupValues[N]) : typed.defaults(context);
}
