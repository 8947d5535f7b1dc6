/**
 * Log download templates and tasks (rules §2 "security-operations log download tasks and templates", §3 "Log download
 * task", "Log template", §4 "Task": only completed log tasks can be downloaded, §5, §9 "Log download kept 7 days, 10
 * at once, 10000 rows").
 *
 * Permissions (rules §6): templates belong to the account and name no website, so every member who may read websites
 * sees them and may use them. Changing one is a configuration write: a parent may change any; a sub-account whose
 * group manages websites may change the templates it created (not the parent's, which other people's tasks rely on);
 * a read-only sub-account changes none. `mayEditTemplate` is that one decision, used for `editable` and by every
 * write. Tasks are jobs: a parent sees the account's, a sub-account its own (as the job list shows them), and a task
 * may name only websites the caller may read; its file is served only while the caller may still read all of them.
 *
 * "About 20 minutes delay" (rules §9) is read as the time lines take to become downloadable, which the reference
 * store does not have (lines are searchable as soon as they are appended): the element says so next to the time
 * range, and no range is refused for it, so a task over the last minutes simply has what the store holds.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../../core/api/catalogue.js';
import type { LogDownloadResult, LogDownloadTask, LogTemplate } from '../../../../../core/api/endpoints/logs.js';
import { FINISHED_JOB_STATES, type JobInfo } from '../../../../../core/api/endpoints/platform.js';
import { isLogType, type LogType } from '../../../../../core/logs/fields.js';
import { LOG_DOWNLOAD_RETENTION_DAYS, validateLogDownloadSlots, validateLogTaskDownloadable } from '../../../../../core/rules/bans.js';
import { onField } from '../../../../../core/rules/types.js';
import { prepare } from '../../../platform/database.js';
import { fail, ok, validated } from '../../../platform/http/envelope.js';
import { readPage } from '../../../platform/http/pagination.js';
import { asRecord, positiveId, readIds } from '../../../platform/http/readers.js';
import { toJobInfo, type JobRow } from '../../../platform/jobs/runner.js';
import { recordOperation } from '../../../platform/oplog.js';
import { permissions } from '../../../platform/security/permissions.js';
import { scope } from '../../../platform/security/scope.js';
import { requireSession } from '../../../platform/security/session.js';
import { readableWebsites as readableList, requireLogs } from '../access.js';
import { contentDisposition, downloadFileName } from './file-format.js';
import { registerLogDownloadJobs, type LogDownloadJobParams } from './jobs.js';
import { readDownloadInput, readTemplateInput, retentionIssues, templateIssues } from './payloads.js';
import {
  activeDownloads,
  deleteTemplates,
  findTemplate,
  insertTemplate,
  keptFiles,
  LOG_DOWNLOAD_JOB,
  pruneFiles,
  readFile,
  setTemplateEnabled,
  taskCounts,
  templatePage,
  templatesInUse,
  toTemplate,
  updateTemplate,
  type TemplateRow,
} from './store.js';

const DAY_MS = 86_400_000;
/** Ids in one delete call: a page of the list at most. */
const DELETE_MAX = 100;
const UNFINISHED = "('not_started', 'preparing', 'in_progress')";


/** Whether the caller may create templates (see the module comment). */
function mayCreateTemplate(request: FastifyRequest): boolean {
  const caller = permissions(request);
  return !caller.isChild || caller.can('logs', 'manage');
}

/** Whether the caller may change or delete one template: the one decision behind `editable` and every write. */
export function mayEditTemplate(request: FastifyRequest, row: Pick<TemplateRow, 'user_id'>): boolean {
  const caller = permissions(request);
  return !caller.isChild || (caller.can('logs', 'manage') && row.user_id === requireSession(request).userId);
}

/** The websites whose logs the caller may read (the logs area's one decision), by id. */
function readableWebsites(request: FastifyRequest): Map<number, string> {
  return new Map(readableList(request).map((website) => [website.id, website.domain]));
}

/** The condition limiting a sub-account to the tasks it started. */
function ownTasks(request: FastifyRequest): { where: string; params: Record<string, unknown> } {
  const session = requireSession(request);
  return session.accountType === 2 ? { where: 'user_id = @own_user', params: { own_user: session.userId } } : { where: '1', params: {} };
}

function findTask(request: FastifyRequest, id: number): JobRow | undefined {
  const own = ownTasks(request);
  return scope(request).get<JobRow>('jobs', { where: `id = @id AND type = '${LOG_DOWNLOAD_JOB}' AND ${own.where}`, params: { ...own.params, id } });
}

/** A task as the list shows it: the public params only (the template snapshot stays on the server). */
function toTask(row: JobRow, kept: boolean): LogDownloadTask {
  const info = toJobInfo(row);
  const { fields: _fields, limitation: _limitation, ...params } = info.params as LogDownloadJobParams;
  return { ...info, params, result: info.result as LogDownloadResult | null, downloadable: row.state === 'complete' && kept };
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Registers the routes (under /api), the job handler and the daily prune of expired files. */
export async function logDownloadRoutes(api: FastifyInstance): Promise<void> {
  registerLogDownloadJobs(api.jobs, () => api.logStore);
  // Rules §9: files are kept 7 days. Pruned at start and daily; a file past its time is never served even before.
  pruneFiles(api.db, api.now());
  const timer = setInterval(() => pruneFiles(api.db, api.now()), DAY_MS);
  timer.unref();
  api.addHook('onClose', async () => clearInterval(timer));

  api.get('/V4/logs.template.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query, { defaultPerPage: 10, maxPerPage: 200 });
    const logType = queryText(query.log_type);
    if (logType !== '' && !isLogType(logType)) issues.push({ field: 'log_type', key: 'common.format-error' });
    const enabled = queryText(query.enabled);
    if (enabled !== '' && enabled !== 'true' && enabled !== 'false') issues.push({ field: 'enabled', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    if (!requireLogs(request, reply, 'read')) return reply;
    const memberId = requireSession(request).memberId;
    const { rows, total } = templatePage(
      api.db,
      memberId,
      { logType: (logType || undefined) as LogType | undefined, keyword: queryText(query.keyword) || undefined, enabledOnly: enabled === 'true' },
      page.perPage,
      page.offset,
    );
    const counts = taskCounts(api.db, memberId, rows.map((row) => row.id));
    const list: LogTemplate[] = rows.map((row) => toTemplate(row, counts.get(row.id) ?? 0, mayEditTemplate(request, row)));
    return ok(reply, { list, total });
  });

  api.post('/V4/logs.template.save', async (request, reply) => {
    const { input, issues } = readTemplateInput(request.body);
    if (!validated(reply, issues) || !input) return reply;
    const session = requireSession(request);
    const now = api.now();
    if (input.id === undefined) {
      if (!mayCreateTemplate(request)) return fail(reply, PERMISSION_DENIED_CODE);
      const id = insertTemplate(api.db, session.memberId, session.userId, input, now);
      const row = findTemplate(api.db, session.memberId, id) as TemplateRow;
      const saved = toTemplate(row, 0, mayEditTemplate(request, row));
      recordOperation(request, { area: 'log', action: 'create', objectId: id, objectLabel: saved.name, after: input });
      return ok(reply, saved);
    }
    const before = findTemplate(api.db, session.memberId, input.id);
    if (!before) return fail(reply, NOT_FOUND_CODE);
    if (!mayEditTemplate(request, before)) return fail(reply, PERMISSION_DENIED_CODE);
    updateTemplate(api.db, session.memberId, input.id, input, now);
    const row = findTemplate(api.db, session.memberId, input.id) as TemplateRow;
    const saved = toTemplate(row, taskCounts(api.db, session.memberId, [row.id]).get(row.id) ?? 0, true);
    recordOperation(request, { area: 'log', action: 'update', objectId: row.id, objectLabel: row.name, before: toTemplate(before, 0, true), after: { ...saved, task_count: 0, updated_at: null } });
    return ok(reply, saved);
  });

  api.post('/V4/logs.template.enable', async (request, reply) => {
    const body = asRecord(request.body);
    const id = positiveId(body.id);
    const issues = id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [];
    if (typeof body.enabled !== 'boolean') issues.push({ field: 'enabled', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const before = findTemplate(api.db, session.memberId, id as number);
    if (!before) return fail(reply, NOT_FOUND_CODE);
    if (!mayEditTemplate(request, before)) return fail(reply, PERMISSION_DENIED_CODE);
    const enabled = body.enabled as boolean;
    setTemplateEnabled(api.db, session.memberId, before.id, enabled, api.now());
    if ((before.enabled === 1) !== enabled) recordOperation(request, { area: 'log', action: enabled ? 'enable' : 'disable', objectId: before.id, objectLabel: before.name });
    const row = findTemplate(api.db, session.memberId, before.id) as TemplateRow;
    return ok(reply, toTemplate(row, taskCounts(api.db, session.memberId, [row.id]).get(row.id) ?? 0, true));
  });

  api.post('/V4/logs.template.delete', async (request, reply) => {
    const { ids, issues } = readIds(asRecord(request.body).ids, 'ids', DELETE_MAX);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const rows = ids.map((id) => findTemplate(api.db, session.memberId, id));
    if (rows.some((row) => !row)) return fail(reply, NOT_FOUND_CODE);
    if (rows.some((row) => !mayEditTemplate(request, row as TemplateRow))) return fail(reply, PERMISSION_DENIED_CODE);
    // A template a running task reads cannot go: the task would lose its definition half way (rules §4 "Task").
    if (!validated(reply, templatesInUse(api.db, session.memberId, ids).length > 0 ? [{ field: 'ids', key: 'logs.template-in-use' }] : [])) return reply;
    let deleted = 0;
    api.db.transaction(() => {
      deleted = deleteTemplates(api.db, session.memberId, ids);
      for (const row of rows as TemplateRow[]) recordOperation(request, { area: 'log', action: 'delete', objectId: row.id, objectLabel: row.name, before: toTemplate(row, 0, true) });
    })();
    return ok(reply, { deleted });
  });

  api.get('/V4/logs.download.list', async (request, reply) => {
    if (!requireLogs(request, reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query, { defaultPerPage: 10, maxPerPage: 200 });
    const logType = queryText(query.log_type);
    if (logType !== '' && !isLogType(logType)) issues.push({ field: 'log_type', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const own = ownTasks(request);
    const keyword = queryText(query.keyword);
    const where = [`type = '${LOG_DOWNLOAD_JOB}'`, own.where];
    if (logType) where.push(`json_extract(params, '$.log_type') = @log_type`);
    if (keyword) where.push(`instr(lower(json_extract(params, '$.name')), lower(@keyword)) > 0`);
    const answer = scope(request).page<JobRow>('jobs', page, {
      where: where.join(' AND '),
      params: { ...own.params, log_type: logType, keyword },
      orderBy: 'id DESC',
    });
    const memberId = requireSession(request).memberId;
    const kept = keptFiles(api.db, memberId, answer.list.map((row) => row.id), api.now());
    return ok(reply, { list: answer.list.map((row) => toTask(row, kept.has(row.id))), total: answer.total });
  });

  api.post('/V4/logs.download.create', async (request, reply) => {
    const now = api.now();
    const { input, issues } = readDownloadInput(request.body, now);
    if (!validated(reply, issues) || !input) return reply;
    const session = requireSession(request);
    if (!requireLogs(request, reply, 'read')) return reply;
    const template = findTemplate(api.db, session.memberId, input.template_id);
    if (!validated(reply, templateIssues(template ? { enabled: template.enabled === 1 } : undefined))) return reply;
    if (!validated(reply, retentionIssues(input.from, (template as TemplateRow).log_type, now))) return reply;
    // Every website named must be one the caller may read: the same refusal as any route reaching a website.
    const readable = readableWebsites(request);
    if (input.domain_ids.some((id) => !readable.has(id))) return fail(reply, PERMISSION_DENIED_CODE);
    // The count and the enqueue run without an await in between, so two racing requests cannot both take slot 10.
    if (!validated(reply, onField('template_id', validateLogDownloadSlots(activeDownloads(api.db, session.memberId))))) return reply;
    const row = template as TemplateRow;
    const params: LogDownloadJobParams = {
      name: input.name,
      template_id: row.id,
      template_name: row.name,
      log_type: row.log_type,
      domain_ids: input.domain_ids,
      domains: input.domain_ids.map((id) => readable.get(id) as string),
      from: input.from,
      to: input.to,
      file_type: input.file_type,
      language: input.language,
      fields: JSON.parse(row.fields) as string[],
      limitation: row.limitation,
    };
    const job: JobInfo = api.jobs.enqueue({ memberId: session.memberId, userId: session.userId, operator: session.operator, type: LOG_DOWNLOAD_JOB, params });
    recordOperation(request, { area: 'log', action: 'create', objectId: job.id, objectLabel: input.name, after: { ...input, template_name: row.name } });
    const { fields: _fields, limitation: _limitation, ...shown } = params;
    return ok(reply, { job: { ...job, params: shown } });
  });

  api.post('/V4/logs.download.cancel', async (request, reply) => {
    if (!requireLogs(request, reply, 'read')) return reply;
    const id = positiveId(asRecord(request.body).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findTask(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if ((FINISHED_JOB_STATES as readonly string[]).includes(row.state)) return fail(reply, CONFLICT_CODE, { key: 'job-finished' });
    const job = api.jobs.cancel(row.member_id, row.id) as JobInfo;
    recordOperation(request, { area: 'log', action: 'cancel', objectId: row.id, objectLabel: (JSON.parse(row.params) as LogDownloadJobParams).name });
    pruneFiles(api.db, api.now());
    return ok(reply, job);
  });

  api.post('/V4/logs.download.delete', async (request, reply) => {
    if (!requireLogs(request, reply, 'read')) return reply;
    const { ids, issues } = readIds(asRecord(request.body).ids, 'ids', DELETE_MAX);
    if (!validated(reply, issues)) return reply;
    const rows = ids.map((id) => findTask(request, id));
    if (rows.some((row) => !row)) return fail(reply, NOT_FOUND_CODE);
    // Only finished tasks are deleted; a running one is canceled first, so no step writes into a deleted task.
    if (rows.some((row) => !(FINISHED_JOB_STATES as readonly string[]).includes((row as JobRow).state))) return fail(reply, CONFLICT_CODE);
    const memberId = requireSession(request).memberId;
    let deleted = 0;
    api.db.transaction(() => {
      for (const row of rows as JobRow[]) {
        deleted += prepare(api.db, `DELETE FROM jobs WHERE member_id = ? AND id = ? AND state NOT IN ${UNFINISHED}`).run(memberId, row.id).changes;
        recordOperation(request, { area: 'log', action: 'delete', objectId: row.id, objectLabel: (JSON.parse(row.params) as LogDownloadJobParams).name });
      }
    })();
    return ok(reply, { deleted });
  });

  api.get('/V4/logs.download.file', async (request, reply) => {
    if (!requireLogs(request, reply, 'read')) return reply;
    const id = positiveId((request.query as Record<string, unknown>).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findTask(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const params = JSON.parse(row.params) as LogDownloadJobParams;
    // Grants may have shrunk since the task was created: the file is served only while every website is still readable.
    const readable = readableWebsites(request);
    if (params.domain_ids.some((domainId) => !readable.has(domainId))) return fail(reply, PERMISSION_DENIED_CODE);
    if (!validated(reply, onField('id', validateLogTaskDownloadable(row.state)))) return reply;
    const file = readFile(api.db, row.member_id, row.id, api.now());
    if (!file) return validated(reply, [{ field: 'id', key: 'logs.file-expired', values: { days: LOG_DOWNLOAD_RETENTION_DAYS } }]) && reply;
    return reply
      .code(200)
      .header('Content-Type', 'application/gzip')
      .header('Content-Disposition', contentDisposition(downloadFileName(params.name, params.file_type)))
      .header('Cache-Control', 'no-store')
      .send(file);
  });
}
