/**
 * The configuration the simulated edge runs with, read from SQLite in a handful of queries per load (never per
 * request): the websites that serve traffic with their origins, the WAF rule sets each one runs in order, their cache
 * rules, the IP lists the rules name, the bans in force and the edge cache's contents.
 *
 * Which sets a website runs, and in which order: the account's default set (it reaches every website), then the
 * custom sets quoting the website, then the built-in sets quoting it, each group by id. The spec gives no order; this
 * is the order the console lists them in (default, custom, built-in), so what a user reads top to bottom is what runs.
 */
import { fromPolicyConditions } from '../../../../../core/api/endpoints/waf.js';
import type { WebsiteOrigin } from '../../../../../core/api/endpoints/websites.js';
import type { AttackType } from '../../../../../core/logs/fields.js';
import type { CacheMatchRule } from '../../../../../core/match/cache.js';
import type { MatchRule } from '../../../../../core/match/index.js';
import type { RuleSetAttribution } from '../../../../../core/rules/waf.js';
import type { Db } from '../../../platform/database.js';
import { scopeFor } from '../../../platform/security/scope.js';
import { bansInForce, ipListEntries } from '../../bans/index.js';
import { cacheRuleRows, cacheSettings, ruleOf } from '../../cache/index.js';
import { cachedUrls } from '../../cache-tasks/index.js';
import { BINDINGS, RULES, SETS, toPolicy, type RuleRow, type RuleSetRow } from '../../waf/index.js';
import { conditionRuleLookup, expandConditionReferences } from '../../conditions/index.js';
import { loadOrigins } from '../../websites/index.js';

/** Website statuses whose traffic passes the edge: a site returned to origin or suspended is not served by it. */
export const SERVED_STATUSES = ['serving', 'updating'] as const;

/** A rule's log identity and what its action means for the log. */
export interface RuleMeta {
  /** The rule ID users see (its code: the row id for own rules, the catalogue number for built-in ones). */
  ruleId: number;
  code: string;
  /** The attack class of a built-in rule, mapped to the log's classes; '' when the rule names none. */
  attack: AttackType | '';
}

/** One rule set as the matcher runs it. */
export interface SetConfig {
  id: number;
  attribution: RuleSetAttribution;
  rules: MatchRule[];
  meta: RuleMeta[];
}

/** One website the edge serves. */
export interface SiteConfig {
  id: number;
  memberId: number;
  domain: string;
  https: boolean;
  /** Shell §3: 1 round-robin, 0 IP hash, 2 sticky cookie. */
  loadBalancing: number;
  primary: WebsiteOrigin[];
  backup: WebsiteOrigin[];
  sets: SetConfig[];
  cacheRules: CacheMatchRule[];
  browserCache: 'on' | 'off';
}

/** Everything one tick needs. */
export interface EdgeConfig {
  sites: SiteConfig[];
  /** Entries of the IP lists the rules name, by list id. */
  ipLists: Map<number, string[]>;
  /** Bans in force: `domainId|ip` -> when they run out. */
  bans: Map<string, number>;
  /** The edge cache: `memberId|url` -> cached at. */
  edge: Map<string, number>;
}

/** Built-in rules' attack types (rules §3 built-in attributes) as the log's attack classes. */
const BUILT_IN_ATTACK: Record<string, AttackType> = {
  'sql-injection': 'sqli',
  xss: 'xss',
  'path-traversal': 'path-traversal',
  'sensitive-file': 'scanner',
  scanner: 'scanner',
  'command-injection': 'rce',
  rce: 'rce',
  'brute-force': 'other',
};

const ATTRIBUTION_ORDER: Record<RuleSetAttribution, number> = { default: 0, custom: 1, 'built-in': 2 };

/** Reads the configuration of every served website, of every account. */
export function loadEdgeConfig(db: Db, now: number): EdgeConfig {
  const domains = db
    .prepare(
      `SELECT id, member_id, domain, https, load_balancing FROM domains
        WHERE status IN (SELECT value FROM json_each(?)) AND type = 'web' ORDER BY id`,
    )
    .all(JSON.stringify(SERVED_STATUSES)) as { id: number; member_id: number; domain: string; https: number; load_balancing: number }[];
  const byMember = new Map<number, typeof domains>();
  for (const row of domains) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row]);

  const sites: SiteConfig[] = [];
  const listIds = new Set<number>();
  for (const [memberId, rows] of byMember) {
    const tenant = scopeFor(db, memberId);
    const origins = loadOrigins(tenant, rows.map((row) => row.id));
    const setRows = tenant.all<RuleSetRow>(SETS, { orderBy: 'id' });
    const ruleRows = tenant.all<RuleRow>(RULES, { orderBy: 'rule_set_id, sort, id' });
    // Condition rule references reach the matcher expanded (a suspended condition rule never matches).
    const conditionRules = conditionRuleLookup(db, memberId);
    const bindings = tenant.all<{ rule_set_id: number; domain_id: number }>(BINDINGS, { columns: 'rule_set_id, domain_id' });
    const sets = new Map<number, SetConfig>();
    for (const row of setRows) sets.set(row.id, { id: row.id, attribution: row.attribution, rules: [], meta: [] });
    for (const row of ruleRows) {
      const set = sets.get(row.rule_set_id);
      if (!set) continue;
      const policy = toPolicy(row);
      const conditions = fromPolicyConditions(expandConditionReferences(policy.rules, conditionRules));
      for (const condition of conditions) if (typeof condition.ip_list_id === 'number') listIds.add(condition.ip_list_id);
      set.rules.push({ id: row.id, conditions, action: policy.action, status: policy.status });
      const code = /^\d+$/.test(row.code) ? Number(row.code) : row.id;
      set.meta.push({ ruleId: code, code: row.code, attack: policy.built_in ? (BUILT_IN_ATTACK[policy.built_in.attack_type] ?? 'other') : '' });
    }
    const byDomain = new Map<number, number[]>();
    for (const binding of bindings) byDomain.set(binding.domain_id, [...(byDomain.get(binding.domain_id) ?? []), binding.rule_set_id]);
    const names = new Map(tenant.all<{ id: number; domain: string }>('domains', { columns: 'id, domain' }).map((row) => [row.id, row.domain]));
    for (const row of rows) {
      const bound = new Set(byDomain.get(row.id) ?? []);
      const running = [...sets.values()]
        .filter((set) => set.attribution === 'default' || bound.has(set.id))
        .sort((a, b) => ATTRIBUTION_ORDER[a.attribution] - ATTRIBUTION_ORDER[b.attribution] || a.id - b.id);
      const siteOrigins = origins.get(row.id) ?? [];
      const settings = cacheSettings(tenant, row.id);
      sites.push({
        id: row.id,
        memberId,
        domain: row.domain,
        https: row.https === 1,
        loadBalancing: row.load_balancing,
        primary: siteOrigins.filter((origin) => origin.line === 'primary'),
        backup: siteOrigins.filter((origin) => origin.line === 'backup'),
        sets: running,
        cacheRules: cacheRuleRows(tenant, row.id).map((ruleRow) => ({
          ...ruleOf(ruleRow),
          share_domain: ruleRow.share_domain_id === null ? null : (names.get(ruleRow.share_domain_id) ?? null),
        })),
        browserCache: settings.browser_cache,
      });
    }
  }

  const ipLists = ipListEntries(db, [...listIds]);
  const siteIds = sites.map((site) => site.id);
  const bans = bansInForce(db, siteIds, now);
  const edge = new Map(cachedUrls(db, siteIds).map((row) => [`${row.member_id}|${row.url}`, row.cached_at]));
  return { sites, ipLists, bans, edge };
}
