/**
 * Storage of WAF rule sets, rules and quoting domains for the routes: provisioning of each account's default and
 * built-in sets, rows to answers, and the questions the routes ask (may the caller change this set, how many custom
 * sets the package allows). Every read and write goes through the account's scope.
 */
import type { FastifyRequest } from 'fastify';
import type { BoundDomain, BuiltInAttributes, FirewallPolicy, PolicyCondition, RuleSetInfo } from '../../../../core/api/endpoints/waf.js';
import { PLAN_LEVELS, type PlanLevel } from '../../../../core/api/endpoints/platform.js';
import { RULE_SETS_MAX_BY_PLAN, type RuleSetAttribution, type WafRuleStatus } from '../../../../core/rules/waf.js';
import type { WafActionInput } from '../../../../core/rules/waf-actions.js';
import type { Db } from '../../platform/database.js';
import { requestLanguage, type Language } from '../../platform/http/messages.js';
import { isoTime } from '../../platform/database.js';
import { mayReachObject } from '../../platform/security/object-reach.js';
import { permissions, type SqlCondition } from '../../platform/security/permissions.js';
import { scope, scopeFor, type Scope } from '../../platform/security/scope.js';
import { ipKey } from '../bans/index.js';
import { BUILT_IN_SETS, DEFAULT_SET_DESCRIPTION, DEFAULT_SET_NAME } from './catalogue.js';

/** A stored rule set. */
export interface RuleSetRow {
  id: number;
  name: string;
  description: string;
  attribution: RuleSetAttribution;
  catalogue_key: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A stored rule. */
export interface RuleRow {
  id: number;
  rule_set_id: number;
  code: string;
  sort: number;
  status: WafRuleStatus;
  conditions: string;
  action: string;
  remark: string;
  built_in: string | null;
  created_at: number;
  updated_at: number;
}

/** Tables of this area. */
export const SETS = 'waf_rule_sets';
export const RULES = 'waf_rules';
export const BINDINGS = 'waf_rule_set_domains';

/** Inserts a rule at the given priority and gives it its rule ID (its row id, unless the catalogue names one). */
export function insertRule(
  target: Scope,
  values: { ruleSetId: number; sort: number; status: WafRuleStatus; rules: PolicyCondition[]; action: WafActionInput; remark: string; code?: string; builtIn?: BuiltInAttributes | null },
  now: number,
): number {
  const id = target.insert(RULES, {
    rule_set_id: values.ruleSetId,
    code: values.code ?? null,
    sort: values.sort,
    status: values.status,
    conditions: JSON.stringify(values.rules),
    action: JSON.stringify(values.action),
    remark: values.remark,
    built_in: values.builtIn ? JSON.stringify(values.builtIn) : null,
    created_at: now,
    updated_at: now,
  });
  if (values.code === undefined) target.update(RULES, { code: String(id) }, 'id = @id', { id });
  return id;
}

/**
 * Gives an account its default set and the built-in sets it does not have yet. Runs on every WAF call: a new account
 * (or a catalogue set added later) is provisioned the first time it looks. The built-in rules' remarks are copied in
 * `language` (the seed's, or the first caller's): a rule's remark is a stored column like any rule's, whereas the
 * built-in sets' names are resolved per request (ruleSetName).
 */
export function provisionWaf(db: Db, memberId: number, now: number, language: Language): void {
  const target = scopeFor(db, memberId);
  const present = target.count(SETS, { where: "attribution IN ('built-in', 'default')" });
  if (present === BUILT_IN_SETS.length + 1) return;
  db.transaction(() => {
    if (target.count(SETS, { where: "attribution = 'default'" }) === 0) {
      target.insert(SETS, { name: '', description: '', attribution: 'default', catalogue_key: null, created_by: null, created_at: now, updated_at: now });
    }
    for (const set of BUILT_IN_SETS) {
      if (target.count(SETS, { where: 'catalogue_key = @key', params: { key: set.key } }) > 0) continue;
      const ruleSetId = target.insert(SETS, { name: '', description: '', attribution: 'built-in', catalogue_key: set.key, created_by: null, created_at: now, updated_at: now });
      set.rules.forEach((rule, index) => {
        insertRule(target, { ruleSetId, sort: index + 1, status: rule.status, rules: rule.rules, action: rule.action, remark: rule.remark[language], code: rule.code, builtIn: rule.attributes }, now);
      });
    }
  })();
}

/** The set's name in the request's language: built-in and untouched default sets are named by the catalogue. */
export function ruleSetName(row: Pick<RuleSetRow, 'name' | 'attribution' | 'catalogue_key'>, language: Language): string {
  if (row.name !== '') return row.name;
  if (row.attribution === 'default') return DEFAULT_SET_NAME[language];
  return BUILT_IN_SETS.find((set) => set.key === row.catalogue_key)?.name[language] ?? '';
}

function ruleSetDescription(row: Pick<RuleSetRow, 'description' | 'attribution' | 'catalogue_key' | 'name'>, language: Language): string {
  if (row.description !== '' || row.name !== '') return row.description;
  if (row.attribution === 'default') return DEFAULT_SET_DESCRIPTION[language];
  return BUILT_IN_SETS.find((set) => set.key === row.catalogue_key)?.description[language] ?? '';
}

/** The answer shape of a rule. */
export function toPolicy(row: RuleRow): FirewallPolicy {
  return {
    id: row.id,
    main_id: row.rule_set_id,
    code: row.code,
    sort: row.sort,
    status: row.status,
    rules: JSON.parse(row.conditions) as PolicyCondition[],
    action: JSON.parse(row.action) as WafActionInput,
    remark: row.remark,
    built_in: row.built_in ? (JSON.parse(row.built_in) as BuiltInAttributes) : null,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** The domains bound to a set, all of them (ids only). */
export function boundDomainIds(target: Scope, ruleSetId: number): number[] {
  return target.all<{ domain_id: number }>(BINDINGS, { columns: 'domain_id', where: 'rule_set_id = @id', params: { id: ruleSetId } }).map((row) => row.domain_id);
}

/**
 * Whether the caller may change a set and its rules: never a built-in set; a sub-account only when its group manages
 * the set under the security-policy grant and every website the set reaches (those quoting it, every website for
 * the default set), since changing the set changes their protection (platform/security/object-reach.ts).
 */
export function canEditSet(request: FastifyRequest, row: Pick<RuleSetRow, 'id' | 'attribution'>): boolean {
  return row.attribution !== 'built-in' && mayReachObject(request, 'rule_set', 'manage', row.id);
}

/** The answer shape of rule sets, with counts and the bound domains the caller may see. */
export function toRuleSetInfos(request: FastifyRequest, rows: readonly RuleSetRow[]): RuleSetInfo[] {
  if (rows.length === 0) return [];
  const target = scope(request);
  const caller = permissions(request);
  const language = requestLanguage(request);
  const ids = rows.map((row) => row.id);
  const idParams = { ids: JSON.stringify(ids) };
  const counts = new Map(
    target
      .all<{ id: number; total: number; enabled: number }>(SETS, {
        columns: `id,
          (SELECT COUNT(*) FROM waf_rules r WHERE r.member_id = @member_id AND r.rule_set_id = waf_rule_sets.id) AS total,
          (SELECT COUNT(*) FROM waf_rules r WHERE r.member_id = @member_id AND r.rule_set_id = waf_rule_sets.id AND r.status = 'enabled') AS enabled`,
        where: 'id IN (SELECT value FROM json_each(@ids))',
        params: idParams,
      })
      .map((row) => [row.id, row]),
  );
  const bindings = target.all<{ rule_set_id: number; domain_id: number; domain: string | null }>(BINDINGS, {
    columns: 'rule_set_id, domain_id, (SELECT domain FROM domains WHERE domains.id = domain_id AND domains.member_id = @member_id) AS domain',
    where: 'rule_set_id IN (SELECT value FROM json_each(@ids))',
    params: idParams,
    orderBy: 'domain_id',
  });
  return rows.map((row) => {
    const own = bindings.filter((binding) => binding.rule_set_id === row.id);
    const visible: BoundDomain[] = own
      .filter((binding) => binding.domain !== null && caller.allows('domain', 'read', binding.domain_id))
      .map((binding) => ({ domain_id: binding.domain_id, domain: binding.domain! }));
    const count = counts.get(row.id);
    return {
      id: row.id,
      name: ruleSetName(row, language),
      description: ruleSetDescription(row, language),
      attribution: row.attribution,
      rules_enabled: count?.enabled ?? 0,
      rules_total: count?.total ?? 0,
      bound_domains: visible,
      bound_total: own.length,
      editable: canEditSet(request, row),
      created_at: isoTime(row.created_at),
      updated_at: isoTime(row.updated_at),
    };
  });
}

/** Custom rule sets the account's package allows: the highest package level it holds (trial without a plan). */
export function maxRuleSets(target: Scope): number {
  const levels = target.all<{ meal_flag: PlanLevel }>('plans', { columns: 'meal_flag' }).map((row) => PLAN_LEVELS.indexOf(row.meal_flag));
  const best = PLAN_LEVELS[Math.max(0, ...levels)] ?? 'trial';
  return RULE_SETS_MAX_BY_PLAN[best] ?? RULE_SETS_MAX_BY_PLAN.trial!;
}

/**
 * True when the account has an IP list table (a later feature) holding the given list among the `visible` ones (rules
 * §6 per object: a rule may name only a list its author may see).
 */
export function ipListExists(db: Db, target: Scope, listId: number, visible: SqlCondition): boolean | null {
  if (!hasTable(db, 'ip_lists')) return null;
  return target.count('ip_lists', { where: `id = @id AND ${visible.where}`, params: { ...visible.params, id: listId } }) > 0;
}

/** The account's `visible` IP lists, when that feature's table exists. */
export function ipListOptions(db: Db, target: Scope, visible: SqlCondition): { id: number; name: string }[] {
  if (!hasTable(db, 'ip_lists')) return [];
  const columns = (db.prepare('PRAGMA table_info(ip_lists)').all() as { name: string }[]).map((column) => column.name);
  const options = { where: visible.where, params: visible.params, orderBy: 'id' };
  if (!columns.includes('name')) return target.all<{ id: number }>('ip_lists', { ...options, columns: 'id' }).map((row) => ({ id: row.id, name: `#${row.id}` }));
  return target.all<{ id: number; name: string }>('ip_lists', { ...options, columns: 'id, name' });
}

/**
 * For each referenced IP list of the account, the entries that cover `ip` (an empty list when none does), so the
 * matcher can decide `in-list` conditions on the server, where the entries are. Lists that do not exist are left
 * out: their conditions stay undecided.
 */
export function ipListCoverage(db: Db, target: Scope, listIds: readonly number[], ip: string, visible: SqlCondition): Record<number, string[]> {
  const key = ipKey(ip.trim());
  if (key === null || listIds.length === 0 || !hasTable(db, 'ip_list_entries')) return {};
  const coverage: Record<number, string[]> = {};
  for (const listId of new Set(listIds)) {
    // A list the caller may not see stays undecided, so a test request cannot probe its entries.
    if (target.count('ip_lists', { where: `id = @id AND ${visible.where}`, params: { ...visible.params, id: listId } }) === 0) continue;
    coverage[listId] = target
      .all<{ entry: string }>('ip_list_entries', {
        columns: 'entry',
        where: 'list_id = @list_id AND low_key <= @key AND high_key >= @key',
        params: { list_id: listId, key },
        limit: 10,
      })
      .map((row) => row.entry);
  }
  return coverage;
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Marks a set changed (its "latest update time" covers its rules' changes too). */
export function touchSet(target: Scope, ruleSetId: number, now: number): void {
  target.update(SETS, { updated_at: now }, 'id = @id', { id: ruleSetId });
}
