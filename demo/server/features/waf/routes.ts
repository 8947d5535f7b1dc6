/**
 * WAF rule sets (rules §3, §5 Match rules and WAF): list, read, create, rename, delete (never a bound or default
 * set), copy rules, quote (bind to domains), evaluate a sample request with the matcher of `core/match`, the page
 * configuration (`V4/firewall.pagecfg`) and the WAF operation log with its export (shell §7). The rules themselves
 * are the firewall policies of `waf-policies.ts`. Every write is validated with `core/rules` and logged.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import type { ListAnswer, OperationLogEntry } from '../../../../core/api/endpoints/platform.js';
import {
  fromPolicyConditions,
  type CopyRulesAnswer,
  type OplogExportAnswer,
  type PolicyCondition,
  type RuleSetInfo,
  type TransferTarget,
  type WafPageConfig,
} from '../../../../core/api/endpoints/waf.js';
import type { MatchRule } from '../../../../core/match/rule-set.js';
import { formatBeijingTime } from '../../../../core/rules/match-catalogue.js';
import { isWildcardDomain } from '../../../../core/rules/domain.js';
import { issue, onField } from '../../../../core/rules/types.js';
import {
  FINGERPRINT_DATA_START,
  RULES_PER_SET_MAX,
  validateRuleSetCount,
  validateRuleSetDeletable,
  type RuleSetAttribution,
} from '../../../../core/rules/waf.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { planIssue } from '../plans/index.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage } from '../../platform/http/pagination.js';
import { businessesQuoting, setRuleSetDomains } from '../web-security/index.js';
import { recordOperation, toOperationLogEntry, writeIfChanged, type OperationLogRow } from '../../platform/oplog.js';
import { visibleObjects } from '../../platform/security/object-reach.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { conditionRuleChoices, conditionRuleLookup, expandConditionReferences } from '../conditions/index.js';
import { editableSet, enter, findRules, findSet } from './access.js';
import { createEvaluator, type EvaluationOutcome } from './evaluator.js';
import { positiveId } from '../../platform/http/readers.js';
import { readIds, readPolicy, readRuleSet, readSample } from './payloads.js';
import { registerPolicyRoutes, serverConditionIssues } from './policy-routes.js';
import {
  BINDINGS,
  boundDomainIds,
  canEditSet,
  insertRule,
  ipListCoverage,
  ipListOptions,
  maxRuleSets,
  ruleSetName,
  RULES,
  SETS,
  toPolicy,
  toRuleSetInfos,
  touchSet,
  type RuleRow,
  type RuleSetRow,
} from './store.js';

/** Rules §9 "Log list / download / domain filter 500 / 10000 / 1000": an export holds at most 10000 entries. */
const OPLOG_EXPORT_MAX = 10_000;
const ATTRIBUTION_ORDER: Record<RuleSetAttribution, number> = { default: 0, custom: 1, 'built-in': 2 };

function info(request: FastifyRequest, row: RuleSetRow): RuleSetInfo {
  return toRuleSetInfos(request, [row])[0]!;
}

function customCount(request: FastifyRequest): number {
  return scope(request).count(SETS, { where: "attribution = 'custom'" });
}

/** The operation-log condition of the WAF area: a sub-account sees its own entries. */
function oplogFilter(request: FastifyRequest, query: Record<string, unknown>): { where: string; params: Params; issues: FieldIssue[] } {
  const session = requireSession(request);
  const conditions = ["area = 'waf'"];
  const params: Params = {};
  const issues: FieldIssue[] = [];
  if (session.accountType === 2) {
    conditions.push('user_id = @own_user');
    params.own_user = session.userId;
  }
  for (const [name, operator] of [['start_time', '>='], ['end_time', '<=']] as const) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    const at = Date.parse(String(value));
    if (Number.isNaN(at)) issues.push({ field: name, key: 'common.format-error' });
    conditions.push(`at ${operator} @${name}`);
    params[name] = at;
  }
  if (typeof query.action === 'string' && query.action !== '') {
    conditions.push('action = @action');
    params.action = query.action;
  }
  return { where: conditions.join(' AND '), params, issues };
}

/** Why an evaluation has no result, as field issues: an overrun names the rule that was running. */
function evaluationIssues(outcome: Exclude<EvaluationOutcome, { ok: true }>): FieldIssue[] {
  if (outcome.reason === 'busy') return onField('rules', issue('waf.evaluation-busy'));
  if (outcome.reason === 'too-expensive' && outcome.rule !== null) {
    return onField(`rules.${outcome.rule}`, issue('waf.pattern-too-expensive', { priority: outcome.rule + 1 }));
  }
  return onField('rules', issue('waf.evaluation-timeout'));
}

function csvField(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Registers the routes (under /api) in a context of their own, whose answers are never stored by a browser or a
 * proxy: an editor must see a rule set as it is now, right after a save, and the answers are account data.
 */
export async function wafRoutes(api: FastifyInstance): Promise<void> {
  await api.register(registerWafRoutes);
}

async function registerWafRoutes(api: FastifyInstance): Promise<void> {
  const evaluator = createEvaluator();
  api.addHook('onClose', async () => evaluator.close());
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  api.get('/V4/waf.ruleset.list', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    // Rules §6 per object: a sub-account lists the shared sets and those protecting a website it may read.
    const visible = visibleObjects(request, 'rule_set', 'waf_rule_sets.id');
    const conditions: string[] = [visible.where];
    const params: Params = { ...visible.params };
    if (query.attribution !== undefined && query.attribution !== '') {
      if (!['built-in', 'custom', 'default'].includes(String(query.attribution))) issues.push({ field: 'attribution', key: 'common.format-error' });
      conditions.push('attribution = @attribution');
      params.attribution = String(query.attribution);
    }
    if (query.domain_id !== undefined && query.domain_id !== '') {
      const domainId = positiveId(query.domain_id);
      if (domainId === null) issues.push({ field: 'domain_id', key: 'common.positive-integer' });
      const visible = permissions(request).visible('domain', 'domain_id');
      conditions.push(`id IN (SELECT rule_set_id FROM ${BINDINGS} WHERE member_id = @member_id AND domain_id = @domain_id AND ${visible.where})`);
      Object.assign(params, visible.params, { domain_id: domainId });
    }
    if (!validated(reply, issues)) return reply;
    const language = requestLanguage(request);
    const needle = typeof query.name === 'string' ? query.name.trim().toLowerCase() : '';
    // Built-in and default sets are named by the catalogue in the caller's language, so the name filter runs here.
    const rows = scope(request)
      .all<RuleSetRow>(SETS, { where: conditions.join(' AND '), params })
      .filter((row) => needle === '' || ruleSetName(row, language).toLowerCase().includes(needle))
      .sort((a, b) => ATTRIBUTION_ORDER[a.attribution] - ATTRIBUTION_ORDER[b.attribution] || a.id - b.id);
    const answer: ListAnswer<RuleSetInfo> = {
      list: toRuleSetInfos(request, rows.slice(page.offset, page.offset + page.perPage)),
      total: rows.length,
    };
    return ok(reply, answer);
  });

  api.get('/V4/waf.ruleset.get', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const row = findSet(request, reply, positiveId((request.query as Record<string, unknown>).id));
    return row ? ok(reply, info(request, row)) : reply;
  });

  api.post('/V4/waf.ruleset.create', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const { value, issues } = readRuleSet(request.body);
    const target = scope(request);
    issues.push(...onField('form', validateRuleSetCount(customCount(request), maxRuleSets(target))));
    const refused = planIssue(request, 'waf_custom_rule', { field: 'form' });
    if (!validated(reply, refused ? [refused, ...issues] : issues)) return reply;
    const now = api.now();
    const row = api.db.transaction(() => {
      const id = target.insert(SETS, {
        name: value.name,
        description: value.description,
        attribution: 'custom',
        catalogue_key: null,
        created_by: requireSession(request).userId,
        created_at: now,
        updated_at: now,
      });
      const created = target.get<RuleSetRow>(SETS, { where: 'id = @id', params: { id } })!;
      permissions(request).bindCreated('security_policy', id);
      recordOperation(request, { area: 'waf', action: 'create', objectId: id, objectLabel: value.name, after: value });
      return created;
    })();
    return ok(reply, info(request, row));
  });

  api.post('/V4/waf.ruleset.update', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const row = editableSet(request, reply, positiveId((request.body as Record<string, unknown> | null)?.id));
    if (!row) return reply;
    const { value, issues } = readRuleSet(request.body);
    if (!validated(reply, issues)) return reply;
    const language = requestLanguage(request);
    writeIfChanged(
      request,
      { area: 'waf', action: 'update', objectId: row.id, objectLabel: value.name, before: { name: ruleSetName(row, language), description: row.description }, after: value },
      () => scope(request).update(SETS, { name: value.name, description: value.description, updated_at: api.now() }, 'id = @id', { id: row.id }),
    );
    return ok(reply, info(request, scope(request).get<RuleSetRow>(SETS, { where: 'id = @id', params: { id: row.id } })!));
  });

  api.post('/V4/waf.ruleset.delete', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const id = positiveId((request.body as Record<string, unknown> | null)?.id);
    const found = findSet(request, reply, id);
    if (!found) return reply;
    // Rules §5: bound, default and built-in sets are refused with their own messages before any permission question.
    // Issue 22: a set quoted by the global policy or a template (even with no domain following it) is bound too.
    const bound = Math.max(boundDomainIds(scope(request), found.id).length, businessesQuoting(scope(request), found.id));
    if (!validated(reply, onField('id', validateRuleSetDeletable({ attribution: found.attribution, boundDomains: bound })))) return reply;
    const row = editableSet(request, reply, found.id);
    if (!row) return reply;
    const label = ruleSetName(row, requestLanguage(request));
    api.db.transaction(() => {
      scope(request).remove(SETS, 'id = @id', { id: row.id });
      scope(request).remove('permission_objects', "module = 'security_policy' AND object_id = @id", { id: row.id });
      recordOperation(request, { area: 'waf', action: 'delete', objectId: row.id, objectLabel: label, before: { name: label, description: row.description } });
    })();
    return ok(reply, { deleted: 1 });
  });

  api.post('/V4/waf.ruleset.copy_rules', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const { ids, issues } = readIds(request.body);
    if (!validated(reply, issues)) return reply;
    const target = editableSet(request, reply, positiveId((request.body as Record<string, unknown>).target_id), 'target_id');
    if (!target) return reply;
    const rules = findRules(request, reply, ids);
    if (!rules) return reply;
    const targetScope = scope(request);
    const existing = targetScope.count(RULES, { where: 'rule_set_id = @id', params: { id: target.id } });
    // A copied rule brings its condition rule references into the target set, so each must be one the caller may
    // reference there (rules §6 per object), as a save would check.
    const referenceIssues = rules.flatMap((rule) =>
      serverConditionIssues(request, (JSON.parse(rule.conditions) as PolicyCondition[]).filter((condition) => condition.rule_type === 'condition-rule')),
    );
    const found = [
      ...(referenceIssues.length > 0 ? onField('ids', issue('conditions.rule-not-found')) : []),
      ...onField('target_id', rules.some((rule) => rule.rule_set_id === target.id) ? issue('waf.copy-target-same') : null),
      ...onField('ids', existing + rules.length > RULES_PER_SET_MAX ? issue('waf.rules-limit', { max: RULES_PER_SET_MAX }) : null),
    ];
    const refused = planIssue(request, 'waf_custom_rule', { field: 'target_id' });
    if (refused) found.unshift(refused);
    if (!validated(reply, found)) return reply;
    const now = api.now();
    const label = ruleSetName(target, requestLanguage(request));
    api.db.transaction(() => {
      rules.forEach((rule, index) => {
        insertRule(
          targetScope,
          {
            ruleSetId: target.id,
            sort: existing + index + 1,
            status: rule.status,
            rules: JSON.parse(rule.conditions) as PolicyCondition[],
            action: JSON.parse(rule.action),
            remark: rule.remark,
          },
          now,
        );
      });
      touchSet(targetScope, target.id, now);
      recordOperation(request, { area: 'waf', action: 'copy', objectId: target.id, objectLabel: label, after: { codes: rules.map((rule) => rule.code) } });
    })();
    const answer: CopyRulesAnswer = { copied: rules.length, target: info(request, targetScope.get<RuleSetRow>(SETS, { where: 'id = @id', params: { id: target.id } })!) };
    return ok(reply, answer);
  });

  // Shell §7 firewall.member.transfer, read as the copy targets (core/api/endpoints/waf.ts TransferTargetsQuery says
  // why): the sets copy_rules would accept from this caller, with their room, per object like copy_rules.
  api.get('/V4/firewall.member.transfer', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const issues: FieldIssue[] = [];
    let sourceId: number | null = null;
    if (query.source_id !== undefined && query.source_id !== '') {
      sourceId = positiveId(query.source_id);
      if (sourceId === null) issues.push(...onField('source_id', issue('common.positive-integer')));
    }
    let count = 1;
    if (query.count !== undefined && query.count !== '') {
      const parsed = positiveId(query.count);
      if (parsed === null || parsed > RULES_PER_SET_MAX) issues.push(...onField('count', issue('waf.rules-limit', { max: RULES_PER_SET_MAX })));
      else count = parsed;
    }
    if (!validated(reply, issues)) return reply;
    // The source is reached by id, so its grant is checked like any other read of a set.
    if (sourceId !== null && !findSet(request, reply, sourceId)) return reply;
    const visible = visibleObjects(request, 'rule_set', 'waf_rule_sets.id');
    const language = requestLanguage(request);
    const target = scope(request);
    const rows = target
      .all<RuleSetRow & { rules_total: number }>(SETS, {
        columns: `*, (SELECT COUNT(*) FROM ${RULES} r WHERE r.member_id = waf_rule_sets.member_id AND r.rule_set_id = waf_rule_sets.id) AS rules_total`,
        where: `${visible.where} AND attribution != 'built-in' AND id != @source`,
        params: { ...visible.params, source: sourceId ?? 0 },
      })
      .filter((row) => canEditSet(request, row))
      .sort((a, b) => ATTRIBUTION_ORDER[a.attribution] - ATTRIBUTION_ORDER[b.attribution] || a.id - b.id);
    const list: TransferTarget[] = rows.map((row) => {
      const room = Math.max(0, RULES_PER_SET_MAX - row.rules_total);
      return { id: row.id, name: ruleSetName(row, language), attribution: row.attribution as TransferTarget['attribution'], rules_total: row.rules_total, room, fits: room >= count };
    });
    return ok(reply, { list, total: list.length } satisfies ListAnswer<TransferTarget>);
  });

  api.post('/V4/waf.ruleset.quote', async (request, reply) => {
    if (!enter(request, reply, 'manage')) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const row = findSet(request, reply, positiveId(body.id));
    if (!row) return reply;
    const raw = Array.isArray(body.domain_ids) ? body.domain_ids : null;
    const requested = raw?.map(positiveId) ?? null;
    if (!validated(reply, requested === null || requested.some((id) => id === null) ? onField('domain_ids', issue('common.positive-integer')) : [])) return reply;
    const wanted = [...new Set(requested as number[])];
    const caller = permissions(request);
    const target = scope(request);
    const domains = target.all<{ id: number; domain: string }>('domains', {
      columns: 'id, domain',
      where: 'id IN (SELECT value FROM json_each(@ids))',
      params: { ids: JSON.stringify(wanted) },
    });
    if (!validated(reply, domains.length !== wanted.length ? onField('domain_ids', issue('websites.select-domain')) : [])) return reply;
    // Binding changes the set's reach, so the set itself must be managed under the security-policy grant too.
    if (!caller.allows('security_policy', 'manage', row.id) || wanted.some((id) => !caller.allows('domain', 'manage', id))) {
      return fail(reply, PERMISSION_DENIED_CODE);
    }
    const hasDomainMatch = target
      .all<{ conditions: string }>(RULES, { columns: 'conditions', where: 'rule_set_id = @id', params: { id: row.id } })
      .some((rule) => (JSON.parse(rule.conditions) as PolicyCondition[]).some((condition) => condition.rule_type === 'domain'));
    if (hasDomainMatch && domains.some((domain) => !isWildcardDomain(domain.domain))) {
      if (!validated(reply, onField('domain_ids', issue('waf.domain-match-wildcard-only')))) return reply;
    }
    const before = boundDomainIds(target, row.id);
    // Bindings to domains the caller does not manage stay exactly as they are (rules §6 per object: a sub-account
    // changes only its own domains), so only the bindings that come or go are written.
    const kept = before.filter((id) => !caller.allows('domain', 'manage', id));
    const after = [...new Set([...kept, ...wanted])].sort((a, b) => a - b);
    const now = api.now();
    writeIfChanged(
      request,
      { area: 'waf', action: 'bind', objectId: row.id, objectLabel: ruleSetName(row, requestLanguage(request)), before: { domain_ids: [...before].sort((a, b) => a - b) }, after: { domain_ids: after } },
      // Issue 22: a binding is a domain's cloud WAF card quoting the set; waf_rule_set_domains is their materialised form.
      () => setRuleSetDomains(api.db, target, row.id, after, now),
    );
    return ok(reply, info(request, row));
  });

  api.post('/V4/waf.ruleset.evaluate', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const sample = readSample(body.request);
    const issues: FieldIssue[] = [...sample.issues];
    let rules: MatchRule[] = [];
    // Condition rule references are expanded before the matcher sees them, so it stays a pure function of conditions.
    const lookup = conditionRuleLookup(api.db, requireSession(request).memberId);
    const expand = (conditions: PolicyCondition[]) => fromPolicyConditions(expandConditionReferences(conditions, lookup));
    if (body.id !== undefined && body.id !== null) {
      const row = findSet(request, reply, positiveId(body.id));
      if (!row) return reply;
      rules = scope(request)
        .all<RuleRow>(RULES, { where: 'rule_set_id = @id', params: { id: row.id }, orderBy: 'sort, id' })
        .map(toPolicy)
        .map((policy) => ({ id: policy.id, conditions: expand(policy.rules), action: policy.action, status: policy.status }));
    } else if (Array.isArray(body.rules) && body.rules.length <= RULES_PER_SET_MAX) {
      body.rules.forEach((raw, index) => {
        // Drafts are judged on their own: whether the domain match type fits depends on where the set is bound.
        const { value, issues: found } = readPolicy(raw, '*.draft.invalid');
        issues.push(...[...found, ...serverConditionIssues(request, value.rules)].map((item) => ({ ...item, field: `rules.${index}.${item.field}` })));
        const id = positiveId((raw as Record<string, unknown> | null)?.id);
        rules.push({ ...(id === null ? {} : { id }), conditions: expand(value.rules), action: value.action, status: value.status });
      });
    } else {
      issues.push(...onField('rules', issue('waf.rules-limit', { max: RULES_PER_SET_MAX })));
    }
    if (!validated(reply, issues)) return reply;
    const listIds = rules.flatMap((rule) => rule.conditions.filter((condition) => typeof condition.ip_list_id === 'number').map((condition) => condition.ip_list_id!));
    const tenant = requireSession(request).memberId;
    const outcome = await evaluator.evaluate(tenant, rules, sample.value, ipListCoverage(api.db, scope(request), listIds, sample.value.client_ip, visibleObjects(request, 'ip_list', 'ip_lists.id')));
    if (outcome.ok) return ok(reply, outcome.result);
    validated(reply, evaluationIssues(outcome));
    return reply;
  });

  api.get('/V4/firewall.pagecfg', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const type = (request.query as Record<string, unknown>).type;
    if (!validated(reply, type === 'waf' ? [] : [{ field: 'type', key: 'common.format-error' }])) return reply;
    const target = scope(request);
    const answer: WafPageConfig = {
      max_rule_sets: maxRuleSets(target),
      custom_rule_sets: customCount(request),
      ip_lists: ipListOptions(api.db, target, visibleObjects(request, 'ip_list', 'ip_lists.id')),
      fingerprint_data_start: FINGERPRINT_DATA_START,
      condition_rules: conditionRuleChoices(request),
    };
    return ok(reply, answer);
  });

  api.get('/V4/firewall.oplog', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const filter = oplogFilter(request, query);
    if (!validated(reply, [...issues, ...filter.issues])) return reply;
    const rows = scope(request).page<OperationLogRow>('operation_log', page, { where: filter.where, params: filter.params, orderBy: 'at DESC, id DESC' });
    const answer: ListAnswer<OperationLogEntry> = { list: rows.list.map(toOperationLogEntry), total: rows.total };
    return ok(reply, answer);
  });

  api.post('/V4/firewall.oplog.export', async (request, reply) => {
    if (!enter(request, reply, 'read')) return reply;
    const filter = oplogFilter(request, (request.body ?? {}) as Record<string, unknown>);
    if (!validated(reply, filter.issues)) return reply;
    const rows = scope(request).all<OperationLogRow>('operation_log', {
      where: filter.where,
      params: filter.params,
      orderBy: 'at DESC, id DESC',
      limit: OPLOG_EXPORT_MAX,
    });
    // Rules §9: log times are UTC+8.
    const lines = [['time (UTC+8)', 'operator', 'action', 'object_id', 'object', 'ip'].join(',')];
    for (const row of rows) {
      lines.push([formatBeijingTime(row.at), row.operator, row.action, row.object_id, row.object_label, row.ip].map(csvField).join(','));
    }
    const stamp = formatBeijingTime(api.now()).replace(/[-: ]/g, '');
    const answer: OplogExportAnswer = { file_name: `waf-oplog-${stamp}.csv`, content_type: 'text/csv', content: `${lines.join('\r\n')}\r\n` };
    return ok(reply, answer);
  });

  registerPolicyRoutes(api);
}
