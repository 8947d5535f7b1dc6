/**
 * What the request trace runs on: every settings group of the domain (one `V4/web.domain.set.get` for all of them,
 * the cache groups included), the WAF rules of the sets the domain quotes (`V4/firewall.policy.get_domainid`, page
 * by page), and, over the saved values, the unsaved drafts the other tabs keep in sessionStorage (written by
 * useSettingsGroups under `domain-console:<id>:<the tab's groups>`), so the trace shows what the configuration
 * would do once saved. The protection cards (issue 22) come from the business in force for the domain (its method:
 * global policy, template or its own), read on both `/v5` paths; when that fails (a server of an older build answers
 * "not found", a grant is missing) the trace runs without them and says so, rather than failing the whole tab.
 */
import type { ApiClient } from '../../../../core/api/client.js';
import { getDomainSettings, type DomainSettingsGroups } from '../../../../core/api/endpoints/domain-settings.js';
import { getSecurityBusiness, getSecurityCards, type SecurityCardsAnswer } from '../../../../core/api/endpoints/web-security.js';
import { fromPolicyConditions, getPoliciesByDomain, type DomainPolicy } from '../../../../core/api/endpoints/waf.js';
import type { RegionNode } from '../../../../core/match/values.js';
import { allSecurityCardDefaults, SECURITY_CARD_NAMES, type SecurityCardValues } from '../../../../core/security/cards.js';
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
  /** The cards of the domain's effective security policy; null when they could not be read. */
  security: SecurityCardValues | null;
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

/** The cards in force for a domain: its business, then the effective business's cards on both `/v5` paths. */
export async function readSecurityCards(client: ApiClient, domainId: number, signal?: AbortSignal): Promise<SecurityCardValues> {
  const { business, effective } = await getSecurityBusiness(client, { domain_id: domainId }, { signal, notify: false });
  const businessId = (effective ?? business).business_id;
  const answers: SecurityCardsAnswer[] = await Promise.all([
    getSecurityCards(client, 'ddos', businessId, { signal, notify: false }),
    getSecurityCards(client, 'waf', businessId, { signal, notify: false }),
  ]);
  // A card neither path answers (a server that does not know it yet) counts as off, its defaults.
  const values = allSecurityCardDefaults();
  for (const answer of answers) {
    for (const name of SECURITY_CARD_NAMES) {
      const state = answer.cards[name];
      if (state && typeof state === 'object' && state.value) (values as unknown as Record<string, unknown>)[name] = state.value;
    }
  }
  return values;
}

/** Reads the saved configuration: the groups, the WAF rules and the protection cards at once. */
export async function readConfiguration(client: ApiClient, domainId: number, signal?: AbortSignal): Promise<SavedConfiguration> {
  const readPolicies = async (): Promise<DomainPolicy[]> => {
    const all: DomainPolicy[] = [];
    for (let page = 1; ; page++) {
      const answer = await getPoliciesByDomain(client, domainId, page, { signal, notify: false });
      all.push(...answer.list);
      if (answer.list.length === 0 || all.length >= answer.total) return all;
    }
  };
  const [settings, policies, security] = await Promise.all([
    getDomainSettings(client, domainId, READ_GROUPS, { signal, notify: false }),
    readPolicies(),
    readSecurityCards(client, domainId, signal).catch(() => null),
  ]);
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
    security,
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
  return { configuration: { domain, groups, cache: saved.cache, waf: saved.waf, regions, security: saved.security }, draftTabs, draftGroups };
}
