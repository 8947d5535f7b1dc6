/**
 * Where a domain console tab reads and saves its settings groups when it is not a domain's: the global acceleration
 * policy, an acceleration template or a configuration template (issue 21) render the same tab components inside a
 * {@link SettingsTargetContext} provider, so the group forms exist once. Without a provider a tab works on its domain
 * (`V4/web.domain.set.get`/`save`).
 */
import { createContext } from 'react';
import type { ApiClient, CallOptions } from '../../../core/api/client.js';
import type { SettingsGroupName, SettingsGroupSave, SettingsGroupState } from '../../../core/settings/catalogue.js';

/** The groups' owner a tab edits in place of a domain. */
export interface SettingsTarget {
  /** Names the drafts kept for this owner (e.g. `acceleration-policy:template:5`). */
  key: string;
  /** Reads groups as `V4/web.domain.set.get` answers them. */
  read(client: ApiClient, names: readonly SettingsGroupName[], options: CallOptions): Promise<Partial<Record<SettingsGroupName, SettingsGroupState<unknown>>>>;
  /** Saves groups with the revisions they were read at; answers them as read. */
  save(client: ApiClient, groups: Partial<Record<SettingsGroupName, SettingsGroupSave<unknown>>>, options: CallOptions): Promise<Partial<Record<SettingsGroupName, SettingsGroupState<unknown>>>>;
}

/** The target of the tabs below it; null: the tab's own domain. */
export const SettingsTargetContext = createContext<SettingsTarget | null>(null);
