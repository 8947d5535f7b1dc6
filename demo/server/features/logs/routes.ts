/**
 * Log retrieval (rules §2 "Log retrieval": WAF, CC, granular access control and access logs; conditional filter,
 * advanced search, saved query) over the log store. Every search is confined to the caller's account and to the
 * websites it may read (access.ts); the filters and the expression are checked by the same code the browser runs
 * (core/logs) and reach the store as a predicate tree, rendered there with bound parameters only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { LogContext, LogFilters, LogLine, LogSearchAnswer, SavedQueryInput } from '../../../../core/api/endpoints/logs.js';
import { parseLogExpression } from '../../../../core/logs/expression.js';
import { isLogType, logField, type LogRow, type LogType } from '../../../../core/logs/fields.js';
import { filtersToPredicate } from '../../../../core/logs/filters.js';
import { allOf, type LogFieldName, type LogPredicate } from '../../../../core/logs/predicate.js';
import { LOG_LIST_MAX, LOG_RETENTION_DAYS, validateSavedQueryName } from '../../../../core/rules/bans.js';
import { onField, type FieldIssue } from '../../../../core/rules/types.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readInstant } from '../../platform/http/readers.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { recordOperation } from '../../platform/oplog.js';
import { requireSession } from '../../platform/security/session.js';
import { chooseDomains, readableWebsites, readIdList, requireLogs } from './access.js';
import { findSavedQuery, nameTaken, ownQueries, savedQueryPage, toSavedQuery } from './saved-queries.js';
import type { LogSearch } from './store/log-store.js';
import './store/index.js';
import './simulator/index.js';

const DAY_MS = 86_400_000;
/** Most autocomplete values offered for one field. */
const FIELD_VALUES_MAX = 20;

/** A log line as the API sends it. */
export function toLogLine(row: LogRow): LogLine {
  return { ...row, ts: isoTime(row.ts) };
}

/** The first regular expression of a search (the one condition whose text the store's engine parses), if any. */
function firstPattern(predicate: LogPredicate | null): string | null {
  if (!predicate) return null;
  if (predicate.op === 'regex') return predicate.pattern;
  if (predicate.op === 'and' || predicate.op === 'or') return predicate.items.map(firstPattern).find((found) => found !== null) ?? null;
  return predicate.op === 'not' ? firstPattern(predicate.item) : null;
}

/** The expression's issue as a field issue the browser underlines at its position. */
function expressionIssue(text: string, type: LogType): { predicate: ReturnType<typeof allOf>; issues: FieldIssue[] } {
  const parsed = parseLogExpression(text, type);
  if (parsed.ok) return { predicate: parsed.predicate, issues: [] };
  const { key, values, position, length } = parsed.issue;
  return { predicate: null, issues: [{ field: 'expression', key, values: { ...values, position, length } }] };
}

/**
 * Reads a search from a query string: type, range, filters, expression and domains. Answers the search, or null
 * after answering the refusal. The range is clipped to what the type keeps (rules §9 ranges reach 30 days; lines
 * older than the retention are gone, so asking for them finds nothing rather than failing).
 */
function readSearch(request: FastifyRequest, reply: FastifyReply, options: { expression: boolean }): LogSearch | null {
  if (!requireLogs(request, reply, 'read')) return null;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const type = query.log_type;
  if (!isLogType(type)) {
    validated(reply, [{ field: 'log_type', key: 'common.format-error' }]);
    return null;
  }
  const from = readInstant(query.from);
  const to = readInstant(query.to);
  if (from === null) issues.push({ field: 'from', key: 'logs.range-required' });
  if (to === null) issues.push({ field: 'to', key: 'logs.range-required' });
  if (from !== null && to !== null && from > to) issues.push({ field: 'from', key: 'logs.range-required' });

  const filters: LogFilters = {};
  for (const name of ['status', 'region', 'client_ip', 'method', 'uri', 'action'] as const) {
    if (typeof query[name] === 'string' && query[name] !== '') filters[name] = query[name] as string;
  }
  if (query.rule_id !== undefined && query.rule_id !== '') {
    const ruleId = queryInteger(query.rule_id);
    if (ruleId === null || ruleId < 1) issues.push({ field: 'rule_id', key: 'common.positive-integer' });
    else filters.rule_id = ruleId;
  }
  const fromFilters = filtersToPredicate(filters, type);
  if (!fromFilters.ok) issues.push(...fromFilters.issues);
  const fromExpression = options.expression ? expressionIssue(typeof query.expression === 'string' ? query.expression : '', type) : { predicate: null, issues: [] };
  issues.push(...fromExpression.issues);

  const chosen = readIdList(query.domain_ids);
  if (chosen === undefined) issues.push({ field: 'domain_ids', key: 'common.format-error' });
  if (!validated(reply, issues)) return null;

  const domains = chooseDomains(request, chosen ?? null);
  if (!domains.ok) {
    if ('denied' in domains) fail(reply, PERMISSION_DENIED_CODE);
    else validated(reply, domains.issues);
    return null;
  }
  const now = request.server.now();
  const oldest = now - LOG_RETENTION_DAYS[type] * DAY_MS;
  return {
    memberId: requireSession(request).memberId,
    logType: type,
    from: Math.max(from as number, oldest),
    // The end is inclusive in the console's ranges (time-range.ts) and exclusive in the store.
    to: (to as number) + 1,
    domainIds: domains.ids,
    where: allOf([fromFilters.ok ? fromFilters.predicate : null, fromExpression.predicate]),
  };
}

function readSavedQuery(body: unknown): { input: SavedQueryInput; issues: FieldIssue[] } {
  const source = (body ?? {}) as Record<string, unknown>;
  const input: SavedQueryInput = {
    name: typeof source.name === 'string' ? source.name.trim() : '',
    description: typeof source.description === 'string' ? source.description.trim() : '',
    log_type: source.log_type as LogType,
    statement: typeof source.statement === 'string' ? source.statement.trim() : '',
  };
  if (typeof source.id === 'number') input.id = source.id;
  const issues: FieldIssue[] = [...onField('name', validateSavedQueryName(input.name))];
  if (!isLogType(input.log_type)) issues.push({ field: 'log_type', key: 'common.format-error' });
  else if (input.statement === '') issues.push({ field: 'statement', key: 'common.required' });
  else {
    const parsed = parseLogExpression(input.statement, input.log_type);
    if (!parsed.ok) issues.push({ field: 'statement', key: parsed.issue.key, values: { ...parsed.issue.values, position: parsed.issue.position, length: parsed.issue.length } });
  }
  return { input, issues };
}

/** Registers the routes (under /api). */
export async function logRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/logs.context', async (request, reply) => {
    if (!requireLogs(request, reply, 'read')) return reply;
    const answer: LogContext = {
      websites: readableWebsites(request),
      retention_days: { ...LOG_RETENTION_DAYS },
      simulator_running: api.simulator !== null,
    };
    return ok(reply, answer);
  });

  api.get('/V4/logs.record.list', async (request, reply) => {
    const search = readSearch(request, reply, { expression: true });
    if (!search) return reply;
    let page;
    try {
      page = await api.logStore.search(search, LOG_LIST_MAX);
    } catch (error) {
      // The parser refuses what JavaScript and RE2 both reject; a pattern only the store's engine refuses still gets
      // the user's words, on the expression, rather than a server error.
      const pattern = firstPattern(search.where);
      if (pattern === null) throw error;
      request.log.info({ err: error }, 'log search: the store refused a pattern');
      const expression = String((request.query as Record<string, unknown>).expression ?? '');
      const position = Math.max(0, expression.indexOf(pattern));
      validated(reply, [{ field: 'expression', key: 'logs.expression-bad-regex', values: { value: `"${pattern}"`, position, length: pattern.length } }]);
      return reply;
    }
    const answer: LogSearchAnswer = { list: page.rows.map(toLogLine), total: page.total };
    return ok(reply, answer);
  });

  api.get('/V4/logs.field.values', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    // The expression is being typed while values are offered, so it does not narrow them; the filters do.
    const search = readSearch(request, reply, { expression: false });
    if (!search) return reply;
    const field = typeof query.field === 'string' ? logField(search.logType, query.field) : undefined;
    if (!validated(reply, field ? [] : [{ field: 'field', key: 'common.format-error' }])) return reply;
    const prefix = typeof query.prefix === 'string' ? query.prefix.replace(/^"/, '') : '';
    const values = await api.logStore.topValues(search, field!.name as LogFieldName, prefix, FIELD_VALUES_MAX);
    return ok(reply, { values });
  });

  api.get('/V4/logs.query.list', async (request, reply) => {
    if (!requireLogs(request, reply, 'read')) return reply;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const logType = query.log_type === undefined || query.log_type === '' ? undefined : query.log_type;
    if (logType !== undefined && !isLogType(logType)) issues.push({ field: 'log_type', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    return ok(reply, savedQueryPage(request, { logType: logType as LogType | undefined, keyword }, page.perPage, page.offset));
  });

  api.post('/V4/logs.query.save', async (request, reply) => {
    if (!requireLogs(request, reply, 'manage')) return reply;
    const { input, issues } = readSavedQuery(request.body);
    const existing = input.id !== undefined ? findSavedQuery(request, input.id) : undefined;
    if (input.id !== undefined && !existing) return fail(reply, NOT_FOUND_CODE);
    if (issues.length === 0 && nameTaken(request, input.name, input.id ?? null)) issues.push({ field: 'name', key: 'logs.saved-query-name-taken' });
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const now = api.now();
    const values = { name: input.name, description: input.description, log_type: input.log_type, statement: input.statement };
    let id = input.id;
    if (existing) {
      const same = existing.name === values.name && existing.description === values.description && existing.log_type === values.log_type && existing.statement === values.statement;
      // A save that changes nothing writes nothing, operation log included (issue 18).
      if (same) return ok(reply, toSavedQuery(existing, true));
      prepare(api.db, 'UPDATE log_saved_queries SET name = @name, description = @description, log_type = @log_type, statement = @statement, updated_at = @now WHERE id = @id').run({ ...values, now, id });
    } else {
      id = Number(
        prepare(api.db, 'INSERT INTO log_saved_queries (member_id, user_id, name, description, log_type, statement, created_at, updated_at) VALUES (@member_id, @user_id, @name, @description, @log_type, @statement, @now, @now)').run({
          ...values,
          member_id: session.memberId,
          user_id: session.userId,
          now,
        }).lastInsertRowid,
      );
    }
    const saved = findSavedQuery(request, id as number)!;
    recordOperation(request, {
      // The operation log's own area and verbs (elements/operation-log/labels.ts), so the entry reads in words.
      area: 'log',
      action: existing ? 'update' : 'create',
      objectId: saved.id,
      objectLabel: saved.name,
      before: existing ? { name: existing.name, description: existing.description, statement: existing.statement } : null,
      after: { name: saved.name, description: saved.description, statement: saved.statement },
    });
    return ok(reply, toSavedQuery(saved, true));
  });

  api.post('/V4/logs.query.delete', async (request, reply) => {
    if (!requireLogs(request, reply, 'manage')) return reply;
    const ids = ((request.body as { ids?: number[] } | null)?.ids ?? []).filter((id) => Number.isSafeInteger(id));
    if (!validated(reply, ids.length === 0 ? [{ field: 'ids', key: 'common.required' }] : [])) return reply;
    const found = ids.map((id) => findSavedQuery(request, id));
    // Every id must be the caller's: one outside it refuses the whole request rather than deleting part of it.
    if (found.some((row) => !row)) return fail(reply, NOT_FOUND_CODE);
    const own = ownQueries(request);
    let deleted = 0;
    api.db.transaction(() => {
      for (const row of found) {
        deleted += prepare(api.db, `DELETE FROM log_saved_queries WHERE id = @id AND ${own.where}`).run({ ...own.params, id: row!.id }).changes;
        recordOperation(request, { area: 'log', action: 'delete', objectId: row!.id, objectLabel: row!.name, before: { name: row!.name, statement: row!.statement }, after: null });
      }
    })();
    return ok(reply, { deleted });
  });
}
