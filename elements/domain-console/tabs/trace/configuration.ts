/**
 * What the request trace runs on: every settings group of the domain (one `V4/web.domain.set.get` for all of them,
 * the cache groups included), the WAF rules of the sets the domain quotes (`V4/firewall.policy.get_domainid`, page
 * by page), and, over the saved values, the unsaved drafts the other tabs keep in sessionStorage (written by
 * useSettingsGroups under `domain-console:<id>:<the tab's groups>`), so the trace shows what the configuration
 * would do once saved.
 */
import type { ApiClient } from '../../../../core/api/client.js';
import { getDomainSettings, type DomainSettingsGroups } from '../../../../core/api/endpoints/domain-settings.js';
import { fromPolicyConditions, getPoliciesByDomain, type DomainPolicy } from '../../../../core/api/endpoints/waf.js';
import type { RegionNode } from '../../../../core/match/values.js';
import { loadDraft } from '../../../../core/session/drafts.js';
import {
  DOMAIN_CONSOLE_TABS,
  groupsOfTab,
  SETTINGS_GROUP_NAMES,
  type DomainConsoleTab,
  type SettingsGroupName,
  type SettingsGroupValues,
} from '../../../../core/settings/catalogue.js';
import type { TraceConfiguration, TraceWafSet } from '../../../../core/settings/trace.js';

/** The saved configuration as read from the server. */
export interface SavedConfiguration {
  groups: Partial<SettingsGroupValues>;
  cache: TraceConfiguration['cache'];
  waf: TraceWafSet[];
}

/** Every group the trace reads. */
const READ_GROUPS = [...SETTINGS_GROUP_NAMES, 'cdn_advance_cache', 'browser_cache'] as const;

/** The draft key useSettingsGroups writes for a tab (parts/use-settings-groups.ts). */
export function tabDraftKey(domainId: number, tab: DomainConsoleTab): string {
  return `domain-console:${domainId}:${groupsOfTab(tab).join(',')}`;
}

/** Groups the rules of the sets a domain quotes into sets, keeping the server's order (set, then priority). */
export function toWafSets(policies: readonly DomainPolicy[]): TraceWafSet[] {
  const sets = new Map<number, { id: number; name: string; rules: TraceWafSet['rules'][number][] }>();
  for (const policy of policies) {
    let set = sets.get(policy.main_id);
    if (!set) sets.set(policy.main_id, (set = { id: policy.main_id, name: policy.main_name, rules: [] }));
    set.rules.push({ id: policy.id, code: policy.code, remark: policy.remark, conditions: fromPolicyConditions(policy.rules), action: policy.action, status: policy.status });
  }
  return [...sets.values()];
}

/** Reads the saved configuration: the groups and the WAF rules at once. */
export async function readConfiguration(client: ApiClient, domainId: number, signal?: AbortSignal): Promise<SavedConfiguration> {
  const readPolicies = async (): Promise<DomainPolicy[]> => {
    const all: DomainPolicy[] = [];
    for (let page = 1; ; page++) {
      const answer = await getPoliciesByDomain(client, domainId, page, { signal, notify: false });
      all.push(...answer.list);
      if (answer.list.length === 0 || all.length >= answer.total) return all;
    }
  };
  const [settings, policies] = await Promise.all([getDomainSettings(client, domainId, READ_GROUPS, { signal, notify: false }), readPolicies()]);
  const groups: Partial<SettingsGroupValues> = {};
  for (const name of SETTINGS_GROUP_NAMES) {
    const state = (settings as Partial<DomainSettingsGroups>)[name];
    if (state && typeof state === 'object' && 'value' in state) (groups as Record<string, unknown>)[name] = state.value;
  }
  const advance = settings.cdn_advance_cache;
  return {
    groups,
    cache: advance ? { builtIn: advance.built_in_rules ?? [], rules: advance.rules ?? [], browserCache: settings.browser_cache?.status === 'off' ? 'off' : 'on' } : null,
    waf: toWafSets(policies),
  };
}

/** The saved configuration with the other tabs' unsaved drafts over it, and which tabs and groups they changed. */
export function withDrafts(
  domainId: number,
  domain: string,
  saved: SavedConfiguration,
  regions: readonly RegionNode[] | undefined,
): { configuration: TraceConfiguration; draftTabs: DomainConsoleTab[]; draftGroups: SettingsGroupName[] } {
  const groups: Partial<SettingsGroupValues> = { ...saved.groups };
  const draftTabs: DomainConsoleTab[] = [];
  const draftGroups: SettingsGroupName[] = [];
  for (const tab of DOMAIN_CONSOLE_TABS) {
    const names = groupsOfTab(tab);
    if (names.length === 0) continue;
    const draft = loadDraft<Partial<Record<SettingsGroupName, unknown>>>(tabDraftKey(domainId, tab));
    if (!draft || typeof draft !== 'object') continue;
    let used = false;
    for (const name of names) {
      const value = draft[name];
      if (value === undefined || value === null) continue;
      (groups as Record<string, unknown>)[name] = value;
      draftGroups.push(name);
      used = true;
    }
    if (used) draftTabs.push(tab);
  }
  return { configuration: { domain, groups, cache: saved.cache, waf: saved.waf, regions }, draftTabs, draftGroups };
}
