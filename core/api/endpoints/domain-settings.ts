/**
 * A domain's settings groups (shell §3 "Domain settings groups"), read and written with the two calls of shell §7
 * exactly: `GET V4/web.domain.set.get?domain_id=&group=a,b` answers the settings per group name, and
 * `PUT V4/web.domain.set.save {domain_id, group}` takes the settings per group name. The groups served so far are the
 * cache rules (`cdn_advance_cache`, rules §3 "Cache rule") and the browser cache switch (`browser_cache`); an area that
 * serves another group adds it to {@link DomainSettingsGroups} and {@link DomainSettingsSaveGroups}.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { BuiltInCacheRule, CacheRuleInput } from '../../rules/cache.js';
import type { ConfigSource, SettingsGroupName, SettingsGroupSave, SettingsGroupState, SettingsGroupValues } from '../../settings/catalogue.js';
import type { PlanActionsAnswer } from './platform.js';
import type { WebsiteInfo } from './websites.js';

/** Where a domain's cache configuration comes from (rules §4 configuration method); only `domain` can be edited. */
export type CacheConfigSource = 'domain' | 'global' | 'template';

/** A saved cache rule: the rule of rules §3 with its id and priority. */
export interface CacheRuleInfo extends CacheRuleInput {
  id: number;
  /** 1 is checked first (after the built-in rules). */
  priority: number;
  /** The domain name of `share_domain_id`, null when the rule does not share. */
  share_domain: string | null;
  /** ISO 8601, UTC. */
  updated_at: string;
}

/** The default cache behaviour of rules §9, as the server applies it. */
export interface DefaultCacheRuleInfo {
  /** Seconds by status code; other statuses are not cached. */
  status_seconds: Record<string, number>;
  /** Last-Modified heuristic: this fraction of the age, clamped to the bounds. */
  heuristic_fraction: number;
  heuristic_min_seconds: number;
  heuristic_max_seconds: number;
}

/** The `cdn_advance_cache` group as read. */
export interface CdnAdvanceCacheSettings {
  /** The domain's name (the host of path-only URLs in the cache tester). */
  domain: string;
  /** `global` or `template`: synchronized from a shared strategy, view-only (rules §6). */
  source: CacheConfigSource;
  /** Whether the caller may change the rules: a domain-specific configuration and a manage grant on the domain. */
  editable: boolean;
  /** Changes with every save; a save names the revision it started from (CONFLICT_CODE when another came first). */
  revision: number;
  /** The domain's own rules, by priority. */
  rules: CacheRuleInfo[];
  /** The platform's rules, read-only and checked first (rules §6). */
  built_in_rules: BuiltInCacheRule[];
  /** Applies when no rule matches; never editable or deletable (rules §5, §9). */
  default_rule: DefaultCacheRuleInfo;
}

/** The `browser_cache` group: off passes the origin's Cache-Control on to browsers whatever the rules say. */
export interface BrowserCacheSettings {
  status: 'on' | 'off';
}

/** The cache groups, which keep their own shapes (read by `<ec-cache-rules>`). */
export interface CacheSettingsGroups {
  cdn_advance_cache: CdnAdvanceCacheSettings;
  browser_cache: BrowserCacheSettings;
}

/** Settings per group name, as `V4/web.domain.set.get` answers them: the cache groups and every generic group. */
export type DomainSettingsGroups = CacheSettingsGroups & { [K in SettingsGroupName]: SettingsGroupState<SettingsGroupValues[K]> };

/** A group name served. */
export type DomainSettingsGroup = keyof DomainSettingsGroups;

/** The cache group names. */
export const CACHE_SETTINGS_GROUPS: readonly (keyof CacheSettingsGroups)[] = ['cdn_advance_cache', 'browser_cache'];

/** A cache rule as saved: new ones have no id. */
export interface CacheRuleSave extends CacheRuleInput {
  id?: number;
}

/** The `cdn_advance_cache` group as saved: the whole list of the domain's rules, in priority order. */
export interface CdnAdvanceCacheSave {
  /** The revision the list was edited from. */
  revision: number;
  rules: CacheRuleSave[];
}

/** Settings per group name, as `V4/web.domain.set.save` takes them; groups left out are not changed. */
export type DomainSettingsSaveGroups = {
  cdn_advance_cache?: CdnAdvanceCacheSave;
  browser_cache?: BrowserCacheSettings;
} & { [K in SettingsGroupName]?: SettingsGroupSave<SettingsGroupValues[K]> };

/** Body of `V4/web.domain.set.save`. */
export interface DomainSettingsSaveRequest {
  domain_id: number;
  group: DomainSettingsSaveGroups;
}

/** Reads groups of a domain's settings. */
export function getDomainSettings<G extends DomainSettingsGroup>(
  client: ApiClient,
  domainId: number,
  groups: readonly G[],
  options?: CallOptions,
): Promise<Pick<DomainSettingsGroups, G>> {
  return client.get('V4/web.domain.set.get', { domain_id: domainId, group: groups }, options);
}

/** Saves groups of a domain's settings; answers the saved groups as they now stand. */
export function saveDomainSettings(client: ApiClient, body: DomainSettingsSaveRequest, options?: CallOptions): Promise<Partial<DomainSettingsGroups>> {
  return client.put('V4/web.domain.set.save', body, options);
}

// ── Domain context (shell §3 "Domain context", shell §7 `V4/Web.Domain.Info`) ─────────────────────────────────────

/** The configuration method of a domain (rules §4): where its settings come from. */
export interface ConfigMethodInfo {
  source: ConfigSource;
  /** The bound acceleration template when `source` is `template`; null otherwise. */
  template_id: number | null;
  template_name: string;
}

/** Answer of `V4/Web.Domain.Info`: the domain context of shell §3 (id, business id, info, plan info and config). */
export interface DomainContext {
  id: number;
  /** The v5 business id of the domain's security configuration (shell §3 "Business (v5)"). */
  business_id: number;
  info: WebsiteInfo;
  config_method: ConfigMethodInfo;
  /** The plan actions and package options in force for the account (shell §3 "Plan config"). */
  plan: PlanActionsAnswer;
}

/** Reads a domain's context. */
export function getDomainContext(client: ApiClient, domainId: number, options?: CallOptions): Promise<DomainContext> {
  return client.get('V4/Web.Domain.Info', { domain_id: domainId }, options);
}

/**
 * Body of `V4/web.domain.config.method`: changes how a domain is configured (rules §4). To `domain` copies the
 * configuration in force and unlinks it; from `template` with `unbind: 'copy'` keeps the template's settings as the
 * domain's own, `unbind: 'switch'` moves to `global` or another template (`template_id`).
 */
export interface ConfigMethodChangeRequest {
  domain_id: number;
  source: ConfigSource;
  template_id?: number | null;
  unbind?: 'copy' | 'switch';
}

/** Changes a domain's configuration method; answers the new context. */
export function changeConfigMethod(client: ApiClient, body: ConfigMethodChangeRequest, options?: CallOptions): Promise<DomainContext> {
  return client.post('V4/web.domain.config.method', body, options);
}

/** One effective setting of the configuration view (`config-view/:id`). */
export interface EffectiveSetting {
  group: DomainSettingsGroup;
  value: unknown;
  /** Where the value in force comes from. */
  source: ConfigSource;
  /** When the domain is bound to a template: whether the domain's value differs from the template's. */
  differs_from_template: boolean;
  /** The template's value when it differs; absent otherwise. */
  template_value?: unknown;
  /**
   * The domain's own value when it differs from the template's (what it had before following the template, and what
   * it would lose when unbinding with `copy`); absent otherwise.
   */
  domain_value?: unknown;
}

/** Answer of `V4/web.domain.config.view`. */
export interface EffectiveConfiguration {
  domain_id: number;
  config_method: ConfigMethodInfo;
  settings: EffectiveSetting[];
}

/** Reads every effective setting of a domain with its source. */
export function getEffectiveConfiguration(client: ApiClient, domainId: number, options?: CallOptions): Promise<EffectiveConfiguration> {
  return client.get('V4/web.domain.config.view', { domain_id: domainId }, options);
}
