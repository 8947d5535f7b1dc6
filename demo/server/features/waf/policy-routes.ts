/**
 * WAF rules as the firewall policies of shell §7, with its calls exactly: the `get_*` fetches (by set `mainid`, `id`,
 * rule `code`, `domain_id`, built-in `package_id`) and `stats_domainid`; `save`; `stop`, `open`, `close`, `delete`
 * with `{ids}`; `sort` with `{new_sorts}`. Statuses map as open = enabled, stop = observation (the rule still matches
 * and logs but no longer acts), close = closed (rules §4 "WAF rule status: enabled, observation, closed").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import type { ListAnswer, WafMode } from '../../../../core/api/endpoints/platform.js';
import { POLICIES_PAGE_SIZE, type DomainPolicy, type DomainPolicyStats, type FirewallPolicy, type PolicyCondition } from '../../../../core/api/endpoints/waf.js';
import { regionPath } from '../../../../core/match/values.js';
import { isWildcardDomain } from '../../../../core/rules/domain.js';
import { LIST_OPERATORS, isValuelessOperator } from '../../../../core/rules/match-catalogue.js';
import { splitMultiValue } from '../../../../core/rules/multi-value.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { RULES_PER_SET_MAX, type WafRuleStatus } from '../../../../core/rules/waf.js';
import { regionData } from '../account/index.js';
import { conditionRuleLookup, expandConditionReferences, mayReferenceConditionRule } from '../conditions/index.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage, type PageLimits } from '../../platform/http/pagination.js';
import { recordOperation, sameValue } from '../../platform/oplog.js';
import { requireObject, visibleObjects } from '../../platform/security/object-reach.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { planContextOf, planIssue } from '../plans/index.js';
import { editableSet, enter, findRules, findSet, mayChangeStatus } from './access.js';
import { positiveId } from '../../platform/http/readers.js';
import { readIds, readPolicy, readSorts } from './payloads.js';
import { BINDINGS, insertRule, ipListExists, ruleSetName, RULES, SETS, toPolicy, touchSet, type RuleRow, type RuleSetRow } from './store.js';

/** Shell §9: rules are fetched 1000 per page. */
const POLICY_PAGE: PageLimits = { defaultPerPage: POLICIES_PAGE_SIZE, maxPerPage: POLICIES_PAGE_SIZE };
const regionTree = regionData('en_US').ipRegions;

/**
 * What only the server can check about conditions: region targets name a node of the IP region tree, a referenced
 * IP list exists, and a referenced condition rule is one of the caller's own while the conditions match engine is on
 * (rules §6 per object: an id of another account, or outside a sub-account's reach, is "does not exist").
 */
export function serverConditionIssues(request: FastifyRequest, rules: readonly PolicyCondition[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  rules.forEach((condition, index) => {
    if (condition.rule_type === 'region' && !isValuelessOperator(condition.data.operator)) {
      const unknown = splitMultiValue(condition.data.value).find((key) => regionPath(key.toUpperCase(), regionTree).length === 0);
      if (unknown !== undefined) issues.push(...onField(`conditions.${index}.value`, issue('waf.region-unknown', { name: unknown })));
    }
    if (condition.rule_type === 'ip' && (LIST_OPERATORS as readonly string[]).includes(condition.data.operator) && condition.data.ip_list_id) {
      if (ipListExists(request.server.db, scope(request), condition.data.ip_list_id, visibleObjects(request, 'ip_list', 'ip_lists.id')) !== true) {
        issues.push(...onField(`conditions.${index}.ip_list_id`, issue('waf.ip-list-not-found')));
      }
    }
    if (condition.rule_type === 'condition-rule') {
      const id = positiveId(condition.data.value);
      if (id !== null && !mayReferenceConditionRule(request, id)) issues.push(...onField(`conditions.${index}.value`, issue('conditions.rule-not-found')));
    }
  });
  return issues;
}

/**
 * The domain the domain match type is judged against (rules §5: only for wildcard domains): a set quoted only by
 * wildcard domains offers it; a set quoted by any plain domain, or by none, does not.
 */
function siteDomainOf(request: FastifyRequest, ruleSetId: number): string | undefined {
  const names = scope(request)
    .all<{ domain: string }>(BINDINGS, {
      columns: '(SELECT domain FROM domains WHERE domains.id = domain_id AND domains.member_id = @member_id) AS domain',
      where: 'rule_set_id = @id',
      params: { id: ruleSetId },
    })
    .map((row) => row.domain)
    .filter(Boolean);
  return names.find((name) => !isWildcardDomain(name)) ?? names[0];
}

function setRules(request: FastifyRequest, ruleSetId: number): RuleRow[] {
  return scope(request).all<RuleRow>(RULES, { where: 'rule_set_id = @id', params: { id: ruleSetId }, orderBy: 'sort, id' });
}

/** Renumbers a set's rules 1..n in their current order (after deletions). */
function renumber(request: FastifyRequest, ruleSetId: number): void {
  setRules(request, ruleSetId).forEach((rule, index) => {
    if (rule.sort !== index + 1) scope(request).update(RULES, { sort: index + 1 }, 'id = @id', { id: rule.id });
  });
}

/** The WAF rule actions that are protection modes (rules §4: observation, blocking, ban), gated by the package. */
function isWafMode(type: string): type is WafMode {
  return type === 'observe' || type === 'block' || type === 'ban';
}

function groupBySet(rules: readonly RuleRow[]): Map<number, RuleRow[]> {
  const groups = new Map<number, RuleRow[]>();
  for (const rule of rules) groups.set(rule.rule_set_id, [...(groups.get(rule.rule_set_id) ?? []), rule]);
  return groups;
}

function setsOf(request: FastifyRequest, ids: Iterable<number>): RuleSetRow[] {
  return scope(request).all<RuleSetRow>(SETS, { where: 'id IN (SELECT value FROM json_each(@ids))', params: { ids: JSON.stringify([...ids]) } });
}

/** `open`, `stop` and `close`: one status for many rules, logged per set. */
/** What a save of a rule sets, for telling a save that changes nothing. */
function savedFields(policy: Pick<FirewallPolicy, 'status' | 'rules' | 'action' | 'remark'>) {
  return { status: policy.status, rules: policy.rules, action: policy.action, remark: policy.remark };
}

function statusRoute(api: FastifyInstance, path: string, status: WafRuleStatus, action: string): void {
  api.post(path, async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const { ids, issues } = readIds(request.body);
    if (!validated(reply, issues)) return reply;
    const rules = findRules(request, reply, ids);
    if (!rules) return reply;
    const groups = groupBySet(rules);
    const sets = setsOf(request, groups.keys());
    if (sets.some((set) => !mayChangeStatus(request, set))) return fail(reply, PERMISSION_DENIED_CODE);
    const now = api.now();
    const language = requestLanguage(request);
    api.db.transaction(() => {
      for (const set of sets) {
        // Rules already in the status are left alone: a set none of whose rules change is not touched at all.
        const changed = groups.get(set.id)!.filter((rule) => rule.status !== status);
        if (changed.length === 0) continue;
        for (const rule of changed) scope(request).update(RULES, { status, updated_at: now }, 'id = @id', { id: rule.id });
        touchSet(scope(request), set.id, now);
        recordOperation(request, {
          area: 'waf',
          action,
          objectId: set.id,
          objectLabel: ruleSetName(set, language),
          before: changed.map((rule) => ({ code: rule.code, status: rule.status })),
          after: changed.map((rule) => ({ code: rule.code, status })),
        });
      }
    })();
    return ok(reply, { changed: rules.length });
  });
}

function domainVisible(request: FastifyRequest, reply: FastifyReply, domainId: number | null): boolean {
  if (domainId === null || scope(request).count('domains', { where: 'id = @id', params: { id: domainId } }) === 0) {
    fail(reply, NOT_FOUND_CODE);
    return false;
  }
  if (permissions(request).allows('domain', 'read', domainId)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/** Registers the policy routes (under /api); called by the WAF plugin. */
export function registerPolicyRoutes(api: FastifyInstance): void {
  api.get('/V4/firewall.policy.get_mainid', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query, POLICY_PAGE);
    if (!validated(reply, issues)) return reply;
    const set = findSet(request, reply, positiveId(query.mainid));
    if (!set) return reply;
    const rows = scope(request).page<RuleRow>(RULES, page, { where: 'rule_set_id = @id', params: { id: set.id }, orderBy: 'sort, id' });
    const answer: ListAnswer<FirewallPolicy> = { list: rows.list.map(toPolicy), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/firewall.policy.get_id', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const id = positiveId((request.query as Record<string, unknown>).id);
    const rules = findRules(request, reply, id === null ? [0] : [id]);
    return rules ? ok(reply, toPolicy(rules[0]!)) : reply;
  });

  api.get('/V4/firewall.policy.get_code', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const code = String((request.query as Record<string, unknown>).code ?? '').trim();
    // Codes repeat across sets (each account runs its own copy of the built-in rules): the first the caller may see.
    const visible = visibleObjects(request, 'rule_set', 'waf_rules.rule_set_id');
    const row = code === '' ? undefined : scope(request).get<RuleRow>(RULES, { where: `code = @code AND ${visible.where}`, params: { ...visible.params, code }, orderBy: 'id' });
    return row ? ok(reply, toPolicy(row)) : fail(reply, NOT_FOUND_CODE);
  });

  api.get('/V4/firewall.policy.get_domainid', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query, POLICY_PAGE);
    if (!validated(reply, issues)) return reply;
    const domainId = positiveId(query.domain_id);
    if (!domainVisible(request, reply, domainId)) return reply;
    const rows = scope(request).page<RuleRow>(RULES, page, {
      where: `rule_set_id IN (SELECT rule_set_id FROM ${BINDINGS} WHERE member_id = @member_id AND domain_id = @domain_id)`,
      params: { domain_id: domainId },
      orderBy: 'rule_set_id, sort',
    });
    const language = requestLanguage(request);
    const names = new Map(setsOf(request, new Set(rows.list.map((row) => row.rule_set_id))).map((set) => [set.id, ruleSetName(set, language)]));
    // The domain console's trace runs these rules through the matcher in the browser: condition rule references come
    // expanded, as every matcher receives them (a suspended rule as null, never matching).
    const lookup = conditionRuleLookup(api.db, scope(request).memberId);
    const answer: ListAnswer<DomainPolicy> = {
      list: rows.list.map((row) => {
        const policy = toPolicy(row);
        return { ...policy, rules: expandConditionReferences(policy.rules, lookup), main_name: names.get(row.rule_set_id) ?? '' };
      }),
      total: rows.total,
    };
    return ok(reply, answer);
  });

  api.get('/V4/firewall.policy.get_packageid', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query, POLICY_PAGE);
    if (!validated(reply, issues)) return reply;
    const id = positiveId(query.package_id);
    const set = id === null ? undefined : scope(request).get<RuleSetRow>(SETS, { where: "id = @id AND attribution = 'built-in'", params: { id } });
    if (!set) return fail(reply, NOT_FOUND_CODE);
    if (!requireObject(request, reply, 'rule_set', 'read', set.id)) return reply;
    const rows = scope(request).page<RuleRow>(RULES, page, { where: 'rule_set_id = @id', params: { id: set.id }, orderBy: 'sort, id' });
    const answer: ListAnswer<FirewallPolicy> = { list: rows.list.map(toPolicy), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/firewall.policy.stats_domainid', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const visible = permissions(request).visible('domain', 'id');
    const conditions = [visible.where];
    const params = { ...visible.params };
    if (query.domain_id !== undefined && query.domain_id !== '') {
      const domainId = positiveId(query.domain_id);
      if (domainId === null) issues.push({ field: 'domain_id', key: 'common.positive-integer' });
      conditions.push('id = @domain_id');
      Object.assign(params, { domain_id: domainId });
    }
    if (!validated(reply, issues)) return reply;
    const bound = `SELECT rule_set_id FROM ${BINDINGS} b WHERE b.member_id = @member_id AND b.domain_id = domains.id`;
    const rows = scope(request).page<DomainPolicyStats>('domains', page, {
      columns: `id AS domain_id, domain,
        (${bound.replace('SELECT rule_set_id', 'SELECT COUNT(*)')}) AS rule_sets,
        (SELECT COUNT(*) FROM ${RULES} r WHERE r.member_id = @member_id AND r.status = 'enabled' AND r.rule_set_id IN (${bound})) AS rules_enabled,
        (SELECT COUNT(*) FROM ${RULES} r WHERE r.member_id = @member_id AND r.rule_set_id IN (${bound})) AS rules_total`,
      where: conditions.join(' AND '),
      params,
      orderBy: 'id',
    });
    return ok(reply, rows);
  });

  api.post('/V4/firewall.policy.save', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const set = editableSet(request, reply, positiveId(body.main_id), 'main_id');
    if (!set) return reply;
    const { value, issues } = readPolicy(body, siteDomainOf(request, set.id));
    issues.push(...serverConditionIssues(request, value.rules));
    const existing = value.id === undefined ? undefined : scope(request).get<RuleRow>(RULES, { where: 'id = @id AND rule_set_id = @set', params: { id: value.id, set: set.id } });
    if (value.id !== undefined && !existing) return fail(reply, NOT_FOUND_CODE);
    const rules = setRules(request, set.id);
    if (!existing && rules.length >= RULES_PER_SET_MAX) issues.push(...onField('main_id', issue('waf.rules-limit', { max: RULES_PER_SET_MAX })));
    // Rules §6 plan gating: creating a custom rule, and acting in a protection mode (observation, blocking, ban).
    const plan = planContextOf(request);
    const refused = [
      existing ? null : planIssue(request, 'waf_custom_rule', { field: 'main_id' }, plan),
      isWafMode(value.action.type) ? planIssue(request, 'waf_mode', { value: value.action.type, field: 'action.type' }, plan) : null,
    ];
    issues.push(...refused.filter((entry): entry is FieldIssue => entry !== null));
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const target = scope(request);
    const label = ruleSetName(set, requestLanguage(request));
    if (existing && sameValue(savedFields(toPolicy(existing)), savedFields(value))) return ok(reply, toPolicy(existing));
    const saved = api.db.transaction(() => {
      let id: number;
      if (existing) {
        id = existing.id;
        target.update(
          RULES,
          { status: value.status, conditions: JSON.stringify(value.rules), action: JSON.stringify(value.action), remark: value.remark, updated_at: now },
          'id = @id',
          { id },
        );
      } else {
        id = insertRule(target, { ruleSetId: set.id, sort: rules.length + 1, status: value.status, rules: value.rules, action: value.action, remark: value.remark }, now);
      }
      touchSet(target, set.id, now);
      const row = target.get<RuleRow>(RULES, { where: 'id = @id', params: { id } })!;
      recordOperation(request, {
        area: 'waf',
        action: existing ? 'update' : 'create',
        objectId: id,
        objectLabel: `${label} #${row.code}`,
        before: existing ? toPolicy(existing) : null,
        after: toPolicy(row),
      });
      return row;
    })();
    return ok(reply, toPolicy(saved));
  });

  statusRoute(api, '/V4/firewall.policy.open', 'enabled', 'enable');
  statusRoute(api, '/V4/firewall.policy.stop', 'observation', 'observe');
  statusRoute(api, '/V4/firewall.policy.close', 'closed', 'disable');

  api.post('/V4/firewall.policy.delete', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const { ids, issues } = readIds(request.body);
    if (!validated(reply, issues)) return reply;
    const rules = findRules(request, reply, ids);
    if (!rules) return reply;
    const groups = groupBySet(rules);
    for (const setId of groups.keys()) if (!editableSet(request, reply, setId)) return reply;
    const now = api.now();
    const language = requestLanguage(request);
    api.db.transaction(() => {
      for (const set of setsOf(request, groups.keys())) {
        const removed = groups.get(set.id)!;
        scope(request).remove(RULES, 'id IN (SELECT value FROM json_each(@ids))', { ids: JSON.stringify(removed.map((rule) => rule.id)) });
        renumber(request, set.id);
        touchSet(scope(request), set.id, now);
        recordOperation(request, { area: 'waf', action: 'delete', objectId: set.id, objectLabel: ruleSetName(set, language), before: removed.map(toPolicy) });
      }
    })();
    return ok(reply, { changed: rules.length });
  });

  api.post('/V4/firewall.policy.sort', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const { sorts, issues } = readSorts(request.body);
    if (!validated(reply, issues)) return reply;
    const rules = findRules(request, reply, [...new Set(sorts.map((entry) => entry.id))]);
    if (!rules) return reply;
    const setIds = new Set(rules.map((rule) => rule.rule_set_id));
    const set = editableSet(request, reply, setIds.size === 1 ? [...setIds][0]! : null, 'new_sorts');
    if (!set) return reply;
    const current = setRules(request, set.id);
    const priorities = sorts.map((entry) => entry.sort).sort((a, b) => a - b);
    const complete =
      sorts.length === current.length && new Set(sorts.map((entry) => entry.id)).size === sorts.length && priorities.every((sort, index) => sort === index + 1);
    if (!validated(reply, complete ? [] : onField('new_sorts', issue('waf.sort-incomplete')))) return reply;
    const now = api.now();
    const moved = sorts.filter((entry) => current.find((rule) => rule.id === entry.id)!.sort !== entry.sort);
    if (moved.length === 0) return ok(reply, { list: current.map(toPolicy), total: current.length } satisfies ListAnswer<FirewallPolicy>);
    api.db.transaction(() => {
      for (const entry of moved) scope(request).update(RULES, { sort: entry.sort, updated_at: now }, 'id = @id', { id: entry.id });
      touchSet(scope(request), set.id, now);
      const order = [...sorts].sort((a, b) => a.sort - b.sort).map((entry) => current.find((rule) => rule.id === entry.id)!.code);
      recordOperation(request, {
        area: 'waf',
        action: 'sort',
        objectId: set.id,
        objectLabel: ruleSetName(set, requestLanguage(request)),
        before: current.map((rule) => rule.code),
        after: order,
      });
    })();
    const answer: ListAnswer<FirewallPolicy> = { list: setRules(request, set.id).map(toPolicy), total: current.length };
    return ok(reply, answer);
  });
}
