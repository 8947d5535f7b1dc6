/**
 * The conditions match engine (shell §2, §4 condition_source; rules §3 "Condition rule"; rules §4 "enabled or
 * suspended (a suspended rule has no effect)"; rules §5 Match rules and WAF): list with citation counts, read, save,
 * enable or suspend, delete (refused while a WAF rule cites the rule, naming the rules and their sets) and the
 * citations themselves. Every call is refused while the engine is off (store.ts). Condition rules belong to the
 * account; a sub-account reads them with its `security_policy` grant and changes them only with manage, per object
 * as IP lists are: a rule is reached through the WAF rules citing it (platform/security/object-reach.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import type { ConditionRule, ConditionRuleCitation, ConditionRuleStatusAnswer } from '../../../../core/api/endpoints/conditions.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import type { PolicyCondition } from '../../../../core/api/endpoints/waf.js';
import { CONDITION_RULE_STATUSES, type ConditionRuleStatus } from '../../../../core/rules/condition-rules.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId, readIds } from '../../platform/http/readers.js';
import { recordOperation, sameValue } from '../../platform/oplog.js';
import { mayReachObject, requireObject, visibleObjects } from '../../platform/security/object-reach.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { ruleSetName, RULES, serverConditionIssues, SETS, type RuleSetRow } from '../waf/index.js';
import { readConditionRule } from './payloads.js';
import { CONDITION_RULES, requireConditionEngine, type ConditionRuleRow } from './store.js';

/** Most ids one status call takes (shell §9's largest page). */
const IDS_MAX = 100;
const KEYWORD_MAX = 64;
/** Citations the delete refusal names before "and n more": enough to find them, short enough for a toast. */
const NAMED_CITATIONS_MAX = 5;

/** WAF rules of the account whose conditions reference the condition rule whose id is in `column`. */
const CITING = (column: string) =>
  `SELECT r.id, r.code, r.rule_set_id FROM ${RULES} r WHERE r.member_id = @member_id AND EXISTS (
     SELECT 1 FROM json_each(r.conditions) AS c WHERE json_extract(c.value, '$.rule_type') = 'condition-rule'
       AND CAST(json_extract(c.value, '$.data.value') AS INTEGER) = ${column})`;

type Row = ConditionRuleRow & { citations: number };
const COLUMNS = `*, (SELECT COUNT(*) FROM (${CITING('condition_rules.id')})) AS citations`;

function toRule(request: FastifyRequest, row: Row): ConditionRule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rules: JSON.parse(row.conditions) as PolicyCondition[],
    status: row.status,
    citations: row.citations,
    editable: mayReachObject(request, 'condition_rule', 'manage', row.id),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

function readRow(request: FastifyRequest, id: number): Row | undefined {
  return scope(request).get<Row>(CONDITION_RULES, { columns: COLUMNS, where: 'id = @id', params: { id } });
}

/** A rule of the account the caller may read (or manage), or the refusal answered (NOT_FOUND, PERMISSION_DENIED). */
function findRule(request: FastifyRequest, reply: FastifyReply, id: number | null, access: 'read' | 'manage' = 'read'): Row | undefined {
  const row = id === null ? undefined : readRow(request, id);
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return requireObject(request, reply, 'condition_rule', access, row.id) ? row : undefined;
}

/** The WAF rules citing a condition rule, with their sets' names in the caller's language. */
function citationsOf(request: FastifyRequest, id: number): ConditionRuleCitation[] {
  const citing = scope(request).all<{ id: number; code: string; rule_set_id: number }>(RULES, {
    columns: 'id, code, rule_set_id',
    where: `id IN (SELECT id FROM (${CITING('@rule_id')}))`,
    params: { rule_id: id },
    orderBy: 'rule_set_id, sort, id',
  });
  const language = requestLanguage(request);
  const sets = new Map(
    scope(request)
      .all<RuleSetRow>(SETS, { where: 'id IN (SELECT value FROM json_each(@ids))', params: { ids: JSON.stringify([...new Set(citing.map((row) => row.rule_set_id))]) } })
      .map((set) => [set.id, ruleSetName(set, language)]),
  );
  return citing.map((row) => ({ rule_id: row.id, code: row.code, rule_set_id: row.rule_set_id, rule_set_name: sets.get(row.rule_set_id) ?? '' }));
}

/** Registers the routes (under /api). */
export async function conditionRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/condition.rule.list', async (request, reply) => {
    if (!requireConditionEngine(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    // Rules §6 per object: a sub-account lists the unused rules and those acting on a rule set it may read.
    const visible = visibleObjects(request, 'condition_rule', 'condition_rules.id');
    const conditions = [visible.where];
    const params: Params = { ...visible.params };
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    if (keyword.length > KEYWORD_MAX) issues.push(...onField('keyword', issue('common.too-long', { max: KEYWORD_MAX })));
    if (keyword !== '') {
      conditions.push("(instr(lower(name), lower(@keyword)) > 0 OR instr(lower(description), lower(@keyword)) > 0)");
      params.keyword = keyword;
    }
    if (query.status !== undefined && query.status !== '') {
      if (!(CONDITION_RULE_STATUSES as readonly string[]).includes(String(query.status))) issues.push(...onField('status', issue('conditions.status-invalid')));
      conditions.push('status = @status');
      params.status = String(query.status);
    }
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<Row>(CONDITION_RULES, page, { columns: COLUMNS, where: conditions.join(' AND '), params, orderBy: 'id DESC' });
    const answer: ListAnswer<ConditionRule> = { list: rows.list.map((row) => toRule(request, row)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/condition.rule.get', async (request, reply) => {
    if (!requireConditionEngine(request, reply, 'read')) return reply;
    const row = findRule(request, reply, positiveId((request.query as Record<string, unknown>).id));
    return row ? ok(reply, toRule(request, row)) : reply;
  });

  api.get('/V4/condition.rule.citations', async (request, reply) => {
    if (!requireConditionEngine(request, reply, 'read')) return reply;
    const row = findRule(request, reply, positiveId((request.query as Record<string, unknown>).id));
    if (!row) return reply;
    const list = citationsOf(request, row.id);
    return ok(reply, { list, total: list.length } satisfies ListAnswer<ConditionRuleCitation>);
  });

  api.post('/V4/condition.rule.save', async (request, reply) => {
    if (!requireConditionEngine(request, reply, 'manage')) return reply;
    const { value, issues } = readConditionRule(request.body);
    const existing = value.id === undefined ? undefined : findRule(request, reply, value.id, 'manage');
    if (value.id !== undefined && !existing) return reply;
    issues.push(...serverConditionIssues(request, value.rules));
    if (!validated(reply, issues)) return reply;
    const fields = { name: value.name, description: value.description, rules: value.rules, status: value.status };
    if (existing && sameValue(fields, { name: existing.name, description: existing.description, rules: JSON.parse(existing.conditions), status: existing.status })) {
      return ok(reply, toRule(request, existing));
    }
    const now = api.now();
    const target = scope(request);
    const id = api.db.transaction(() => {
      const columns = { name: value.name, description: value.description, conditions: JSON.stringify(value.rules), status: value.status, updated_at: now };
      let saved: number;
      if (existing) {
        saved = existing.id;
        target.update(CONDITION_RULES, columns, 'id = @id', { id: saved });
      } else {
        saved = target.insert(CONDITION_RULES, { ...columns, created_by: requireSession(request).userId, created_at: now });
      }
      recordOperation(request, {
        area: 'conditions',
        action: existing ? 'update' : 'create',
        objectId: saved,
        objectLabel: value.name,
        before: existing ? { name: existing.name, description: existing.description, rules: JSON.parse(existing.conditions), status: existing.status } : null,
        after: fields,
      });
      return saved;
    })();
    return ok(reply, toRule(request, readRow(request, id)!));
  });

  api.post('/V4/condition.rule.status', async (request, reply) => {
    if (!requireConditionEngine(request, reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const { ids, issues } = readIds(body.ids, 'ids', IDS_MAX);
    const status = String(body.status ?? '') as ConditionRuleStatus;
    if (!CONDITION_RULE_STATUSES.includes(status)) issues.push(...onField('status', issue('conditions.status-invalid')));
    if (!validated(reply, issues)) return reply;
    const rows: Row[] = [];
    for (const id of ids) {
      const row = findRule(request, reply, id, 'manage');
      if (!row) return reply;
      rows.push(row);
    }
    const changed = rows.filter((row) => row.status !== status);
    const now = api.now();
    api.db.transaction(() => {
      for (const row of changed) {
        scope(request).update(CONDITION_RULES, { status, updated_at: now }, 'id = @id', { id: row.id });
        recordOperation(request, { area: 'conditions', action: status === 'enabled' ? 'enable' : 'suspend', objectId: row.id, objectLabel: row.name, before: { status: row.status }, after: { status } });
      }
    })();
    // Rules §4: suspending a cited rule is allowed; the answer says how many WAF rules it silences so the console warns.
    const answer: ConditionRuleStatusAnswer = { changed: changed.length, cited_by: status === 'suspended' ? rows.reduce((total, row) => total + row.citations, 0) : 0 };
    return ok(reply, answer);
  });

  api.post('/V4/condition.rule.delete', async (request, reply) => {
    if (!requireConditionEngine(request, reply, 'manage')) return reply;
    const row = findRule(request, reply, positiveId(asRecord(request.body).id), 'manage');
    if (!row) return reply;
    const citations = citationsOf(request, row.id);
    if (citations.length > 0) {
      // Rules §3 citation count: a rule in use cannot be deleted, and the refusal says where it is used.
      const named = citations.slice(0, NAMED_CITATIONS_MAX).map((citation) => `${citation.rule_set_name} #${citation.code}`);
      const more = citations.length - named.length;
      const where = more > 0 ? `${named.join(', ')} (+${more})` : named.join(', ');
      return fail(reply, CONFLICT_CODE, { key: 'condition-rule-in-use', values: { count: citations.length, where }, data: { citations } });
    }
    api.db.transaction(() => {
      scope(request).remove(CONDITION_RULES, 'id = @id', { id: row.id });
      recordOperation(request, {
        area: 'conditions',
        action: 'delete',
        objectId: row.id,
        objectLabel: row.name,
        before: { name: row.name, description: row.description, rules: JSON.parse(row.conditions), status: row.status },
      });
    })();
    return ok(reply, { deleted: 1 });
  });
}
