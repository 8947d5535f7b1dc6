/** PLACEHOLDER (removed before issue 20 lands): a group that stores what it is given, with empty defaults. */
import type { SettingsGroupName, SettingsGroupValues } from '../../../../../core/settings/catalogue.js';
import type { AnySettingsGroupDefinition } from '../registry.js';

export function placeholderGroup(name: SettingsGroupName): AnySettingsGroupDefinition {
  return {
    name,
    defaults: () => ({ status: 'off' }) as unknown as SettingsGroupValues[typeof name],
    parse: (raw: unknown) => ({ value: raw as SettingsGroupValues[typeof name], issues: [] }),
  } as AnySettingsGroupDefinition;
}
