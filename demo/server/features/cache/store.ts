/**
 * Stored cache rules and cache settings of a domain (migration 40): reading them into the `cdn_advance_cache` and
 * `browser_cache` groups, and replacing a domain's rule list. Every statement goes through the caller's tenant scope.
 */
import type {
  BrowserCacheSettings,
  CacheConfigSource,
  CacheRuleInfo,
  CacheRuleSave,
  CdnAdvanceCacheSettings,
  DefaultCacheRuleInfo,
} from '../../../../core/api/endpoints/domain-settings.js';
import { BUILT_IN_CACHE_RULES, normalizeCacheRule, type CacheRuleInput } from '../../../../core/rules/cache.js';
import { DEFAULT_CACHE_POLICY } from '../../../../core/rules/origin.js';
import { isoTime } from '../../platform/database.js';
import { sameValue } from '../../platform/oplog.js';
import type { Scope } from '../../platform/security/scope.js';

/** The rules table. */
export const CACHE_RULES = 'cache_rules';
/** The per-domain settings table. */
export const CACHE_SETTINGS = 'cache_settings';

/** A stored rule. */
export interface CacheRuleRow {
  id: number;
  domain_id: number;
  sort: number;
  name: string;
  action: CacheRuleInput['action'];
  status: CacheRuleInput['status'];
  share_domain_id: number | null;
  config: string;
  created_at: number;
  updated_at: number;
}

/**
 * A domain's cache settings; a domain without a row has the defaults. `source` is the domain's configuration method
 * (`domains.config_source`, rules §4), read here so the cache groups follow the same method as every other group.
 */
export interface CacheSettingsRow {
  source: CacheConfigSource;
  browser_cache: BrowserCacheSettings['status'];
  revision: number;
}

/** What is written to a domain's settings row (the method is changed only through the configuration-method call). */
export type CacheSettingsWrite = Partial<Omit<CacheSettingsRow, 'source'>>;

/** The fields of a rule kept in `config`: everything but the columns. */
type RuleConfig = Omit<CacheRuleInput, 'name' | 'action' | 'status' | 'share_domain_id'>;

const DEFAULT_SETTINGS: Omit<CacheSettingsRow, 'source'> = { browser_cache: 'on', revision: 0 };

/** The default rule of rules §9 as the API shows it. */
export const DEFAULT_RULE_INFO: DefaultCacheRuleInfo = {
  status_seconds: { ...DEFAULT_CACHE_POLICY.statusSeconds },
  heuristic_fraction: DEFAULT_CACHE_POLICY.heuristicFraction,
  heuristic_min_seconds: DEFAULT_CACHE_POLICY.heuristicMinSeconds,
  heuristic_max_seconds: DEFAULT_CACHE_POLICY.heuristicMaxSeconds,
};

/** A domain's settings row, or the defaults. */
export function cacheSettings(tenant: Scope, domainId: number): CacheSettingsRow {
  const settings =
    tenant.get<Omit<CacheSettingsRow, 'source'>>(CACHE_SETTINGS, { columns: 'browser_cache, revision', where: 'domain_id = @domainId', params: { domainId } }) ??
    DEFAULT_SETTINGS;
  const domain = tenant.get<{ config_source: CacheConfigSource; template_id: number | null }>('domains', {
    columns: 'config_source, template_id',
    where: 'id = @domainId',
    params: { domainId },
  });
  // A template method without a template has nothing to follow: the domain's own configuration is in force.
  const source = !domain || (domain.config_source === 'template' && domain.template_id === null) ? 'domain' : domain.config_source;
  return { ...settings, source };
}

/** Writes a domain's settings row, creating it on the first write. */
export function writeCacheSettings(tenant: Scope, domainId: number, values: CacheSettingsWrite, now: number): void {
  const changed = tenant.update(CACHE_SETTINGS, { ...values, updated_at: now }, 'domain_id = @domainId', { domainId });
  if (changed === 0) tenant.insert(CACHE_SETTINGS, { ...DEFAULT_SETTINGS, ...values, domain_id: domainId, updated_at: now });
}

/** A domain's rules by priority. */
export function cacheRuleRows(tenant: Scope, domainId: number): CacheRuleRow[] {
  return tenant.all<CacheRuleRow>(CACHE_RULES, { where: 'domain_id = @domainId', params: { domainId }, orderBy: 'sort, id' });
}

/** The rule a row holds. */
export function ruleOf(row: CacheRuleRow): CacheRuleInput {
  const config = JSON.parse(row.config) as RuleConfig;
  return { ...config, name: row.name, action: row.action, status: row.status, share_domain_id: row.share_domain_id };
}

/** Rows of a domain's rules as the API shows them, with the names of the domains they share with. */
export function toRuleInfos(tenant: Scope, rows: readonly CacheRuleRow[]): CacheRuleInfo[] {
  const shared = [...new Set(rows.map((row) => row.share_domain_id).filter((id): id is number => id !== null))];
  const names = new Map(
    tenant
      .all<{ id: number; domain: string }>('domains', { columns: 'id, domain', where: 'id IN (SELECT value FROM json_each(@ids))', params: { ids: JSON.stringify(shared) } })
      .map((row) => [row.id, row.domain]),
  );
  return rows.map((row, index) => ({
    ...ruleOf(row),
    id: row.id,
    priority: index + 1,
    share_domain: row.share_domain_id === null ? null : (names.get(row.share_domain_id) ?? null),
    updated_at: isoTime(row.updated_at),
  }));
}

/** The `cdn_advance_cache` group of a domain. */
export function readCdnAdvanceCache(tenant: Scope, domain: { id: number; domain: string }, canManage: boolean): CdnAdvanceCacheSettings {
  const settings = cacheSettings(tenant, domain.id);
  return {
    domain: domain.domain,
    source: settings.source,
    editable: canManage && settings.source === 'domain',
    revision: settings.revision,
    rules: toRuleInfos(tenant, cacheRuleRows(tenant, domain.id)),
    built_in_rules: [...BUILT_IN_CACHE_RULES],
    default_rule: DEFAULT_RULE_INFO,
  };
}

function rowValues(rule: CacheRuleInput, sort: number, now: number) {
  const { name, action, status, share_domain_id, ...config } = normalizeCacheRule(rule);
  return { sort, name, action, status, share_domain_id, config: JSON.stringify(config satisfies RuleConfig), updated_at: now };
}

/** What a replacement changed, for the operation log. */
export interface RuleListChanges {
  created: { id: number; rule: CacheRuleInput }[];
  updated: { id: number; before: CacheRuleInput; after: CacheRuleInput }[];
  deleted: { id: number; rule: CacheRuleInput }[];
  /** The names in priority order before and after, when the order changed. */
  order: { before: string[]; after: string[] } | null;
  /** Rows whose priority number moved without a change of order (a deleted rule before them). */
  renumbered: number;
}

/** Whether a replacement wrote anything: a save of the same list writes nothing, so the revision stays. */
export function changedAnything(changes: RuleListChanges): boolean {
  return changes.created.length + changes.updated.length + changes.deleted.length + changes.renumbered > 0 || changes.order !== null;
}

/**
 * Replaces a domain's rules with `rules`, in their order: rules with an id of the domain are updated, new ones
 * inserted, the rest deleted. The caller checked that every id belongs to the domain. Call inside a transaction.
 */
export function replaceCacheRules(tenant: Scope, domainId: number, rules: readonly CacheRuleSave[], now: number): RuleListChanges {
  const existing = cacheRuleRows(tenant, domainId);
  const byId = new Map(existing.map((row) => [row.id, row]));
  const kept = new Set(rules.map((rule) => rule.id).filter((id): id is number => id !== undefined));
  const changes: RuleListChanges = { created: [], updated: [], deleted: [], order: null, renumbered: 0 };
  for (const row of existing) {
    if (kept.has(row.id)) continue;
    tenant.remove(CACHE_RULES, 'id = @id', { id: row.id });
    changes.deleted.push({ id: row.id, rule: ruleOf(row) });
  }
  const afterIds: number[] = [];
  rules.forEach((rule, index) => {
    const { id, ...input } = rule;
    const values = rowValues(input, index + 1, now);
    const row = id === undefined ? undefined : byId.get(id);
    if (row) {
      const before = ruleOf(row);
      const after = normalizeCacheRule(input);
      // Compared as values: the stored config and a normalised save list the same fields in different orders.
      if (!sameValue(before, after)) {
        tenant.update(CACHE_RULES, values, 'id = @id', { id: row.id });
        changes.updated.push({ id: row.id, before, after });
      } else if (row.sort !== index + 1) {
        tenant.update(CACHE_RULES, { sort: index + 1 }, 'id = @id', { id: row.id });
        changes.renumbered++;
      }
      afterIds.push(row.id);
    } else {
      const created = tenant.insert(CACHE_RULES, { ...values, domain_id: domainId, created_at: now });
      changes.created.push({ id: created, rule: normalizeCacheRule(input) });
      afterIds.push(created);
    }
  });
  // Only rules that were there before and are still there can have moved; new and deleted ones are logged as such.
  const survivors = existing.filter((row) => kept.has(row.id)).map((row) => row.id);
  const reordered = afterIds.filter((id) => survivors.includes(id));
  if (reordered.some((id, index) => id !== survivors[index])) {
    const before = new Map(existing.map((row) => [row.id, row.name]));
    const after = new Map(rules.map((rule) => [rule.id, rule.name.trim()]));
    changes.order = { before: survivors.map((id) => before.get(id)!), after: reordered.map((id) => after.get(id)!) };
  }
  return changes;
}

