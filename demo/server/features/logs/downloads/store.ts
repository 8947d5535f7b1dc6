/**
 * SQL of log download templates and task files. Every statement names the account; templates and files never cross
 * accounts. Tasks live in the platform's `jobs` table; what is read of them here is only what the rules need (how many
 * are preparing or running, which running tasks use a template).
 */
import type { LogTemplate, LogTemplateInput } from '../../../../../core/api/endpoints/logs.js';
import type { LogType } from '../../../../../core/logs/fields.js';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isoTime, prepare, type Db } from '../../../platform/database.js';

/** The job type of a download task. */
export const LOG_DOWNLOAD_JOB = 'logs.download';

/** A stored template row. */
export interface TemplateRow {
  id: number;
  member_id: number;
  user_id: number;
  name: string;
  group_name: string;
  log_type: LogType;
  fields: string;
  limitation: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** The answer shape of a template; `editable` is decided by the route's one permission function. */
export function toTemplate(row: TemplateRow, taskCount: number, editable: boolean): LogTemplate {
  return {
    id: row.id,
    name: row.name,
    group: row.group_name,
    log_type: row.log_type,
    fields: JSON.parse(row.fields) as string[],
    limitation: row.limitation,
    enabled: row.enabled === 1,
    task_count: taskCount,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    editable,
  };
}

/** One template of an account. */
export function findTemplate(db: Db, memberId: number, id: number): TemplateRow | undefined {
  return prepare(db, 'SELECT * FROM log_templates WHERE member_id = ? AND id = ?').get(memberId, id) as TemplateRow | undefined;
}

/** A page of an account's templates, newest change first, filtered by type and a keyword in the name or group. */
export function templatePage(
  db: Db,
  memberId: number,
  filter: { logType?: LogType; keyword?: string; enabledOnly?: boolean },
  limit: number,
  offset: number,
): { rows: TemplateRow[]; total: number } {
  const where = ['member_id = @member_id'];
  if (filter.logType) where.push('log_type = @log_type');
  if (filter.enabledOnly) where.push('enabled = 1');
  // LIKE with an escape so a keyword's % and _ are data, not wildcards.
  if (filter.keyword) where.push(`(name LIKE @keyword ESCAPE '\\' OR group_name LIKE @keyword ESCAPE '\\')`);
  const params = {
    member_id: memberId,
    log_type: filter.logType ?? null,
    keyword: filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  };
  const clause = where.join(' AND ');
  const total = (prepare(db, `SELECT COUNT(*) AS n FROM log_templates WHERE ${clause}`).get(params) as { n: number }).n;
  const rows = prepare(db, `SELECT * FROM log_templates WHERE ${clause} ORDER BY updated_at DESC, id DESC LIMIT @limit OFFSET @offset`).all({
    ...params,
    limit,
    offset,
  }) as TemplateRow[];
  return { rows, total };
}

/** Tasks per template (any state), for the list's "used by" column. */
export function taskCounts(db: Db, memberId: number, ids: readonly number[]): Map<number, number> {
  if (ids.length === 0) return new Map();
  const rows = prepare(
    db,
    `SELECT json_extract(params, '$.template_id') AS template_id, COUNT(*) AS n FROM jobs
      WHERE member_id = ? AND type = '${LOG_DOWNLOAD_JOB}' GROUP BY template_id`,
  ).all(memberId) as { template_id: number; n: number }[];
  return new Map(rows.map((row) => [row.template_id, row.n]));
}

/** Unfinished tasks that use one of the templates: such a template cannot be deleted. */
export function templatesInUse(db: Db, memberId: number, ids: readonly number[]): number[] {
  const rows = prepare(
    db,
    `SELECT DISTINCT json_extract(params, '$.template_id') AS template_id FROM jobs
      WHERE member_id = ? AND type = '${LOG_DOWNLOAD_JOB}' AND state IN ('not_started', 'preparing', 'in_progress')`,
  ).all(memberId) as { template_id: number }[];
  const used = new Set(rows.map((row) => row.template_id));
  return ids.filter((id) => used.has(id));
}

/** Creates a template; answers its id. */
export function insertTemplate(db: Db, memberId: number, userId: number, input: LogTemplateInput, now: number): number {
  return Number(
    prepare(
      db,
      `INSERT INTO log_templates (member_id, user_id, name, group_name, log_type, fields, limitation, enabled, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(memberId, userId, input.name, input.group, input.log_type, JSON.stringify(input.fields), input.limitation, input.enabled ? 1 : 0, now, now)
      .lastInsertRowid,
  );
}

/** Changes a template. */
export function updateTemplate(db: Db, memberId: number, id: number, input: LogTemplateInput, now: number): void {
  prepare(
    db,
    `UPDATE log_templates SET name = ?, group_name = ?, log_type = ?, fields = ?, limitation = ?, enabled = ?, updated_at = ?
      WHERE member_id = ? AND id = ?`,
  ).run(input.name, input.group, input.log_type, JSON.stringify(input.fields), input.limitation, input.enabled ? 1 : 0, now, memberId, id);
}

/** Enables or disables a template. */
export function setTemplateEnabled(db: Db, memberId: number, id: number, enabled: boolean, now: number): void {
  prepare(db, 'UPDATE log_templates SET enabled = ?, updated_at = ? WHERE member_id = ? AND id = ?').run(enabled ? 1 : 0, now, memberId, id);
}

/** Deletes templates; answers how many went. */
export function deleteTemplates(db: Db, memberId: number, ids: readonly number[]): number {
  const remove = prepare(db, 'DELETE FROM log_templates WHERE member_id = ? AND id = ?');
  let deleted = 0;
  db.transaction(() => ids.forEach((id) => (deleted += remove.run(memberId, id).changes)))();
  return deleted;
}

/** Download tasks of an account not yet finished preparing or running (rules §9 "10 at once"). */
export function activeDownloads(db: Db, memberId: number): number {
  return (
    prepare(db, `SELECT COUNT(*) AS n FROM jobs WHERE member_id = ? AND type = '${LOG_DOWNLOAD_JOB}' AND state IN ('not_started', 'preparing', 'in_progress')`).get(
      memberId,
    ) as { n: number }
  ).n;
}

/** Stores (or replaces, when a step runs again after a restart) one gzip member of a running task. */
export function savePart(db: Db, jobId: number, memberId: number, seq: number, data: Buffer): void {
  prepare(db, 'INSERT OR REPLACE INTO log_download_parts (job_id, member_id, seq, data) VALUES (?, ?, ?, ?)').run(jobId, memberId, seq, data);
}

/**
 * Joins a task's parts into its file, drops the parts; answers the file size. The parts are joined into one gzip
 * member: gunzip and zlib read concatenated members, but some readers (the browser's DecompressionStream, older
 * archive tools) stop after the first, and a file of at most 10,000 lines is cheap to compress once more.
 */
export function finishFile(db: Db, jobId: number, memberId: number, expiresAt: number): number {
  const parts = prepare(db, 'SELECT data FROM log_download_parts WHERE job_id = ? ORDER BY seq').all(jobId) as { data: Buffer }[];
  const file = gzipSync(Buffer.concat(parts.map((part) => gunzipSync(part.data))));
  db.transaction(() => {
    prepare(db, 'INSERT OR REPLACE INTO log_download_files (job_id, member_id, data, expires_at) VALUES (?, ?, ?, ?)').run(jobId, memberId, file, expiresAt);
    prepare(db, 'DELETE FROM log_download_parts WHERE job_id = ?').run(jobId);
  })();
  return file.length;
}

/** The file of a task while it is kept. */
export function readFile(db: Db, memberId: number, jobId: number, now: number): Buffer | undefined {
  const row = prepare(db, 'SELECT data FROM log_download_files WHERE member_id = ? AND job_id = ? AND expires_at > ?').get(memberId, jobId, now) as
    | { data: Buffer }
    | undefined;
  return row?.data;
}

/** Ids (of the given ones) whose file is still kept. */
export function keptFiles(db: Db, memberId: number, ids: readonly number[], now: number): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = prepare(db, `SELECT job_id FROM log_download_files WHERE member_id = ? AND expires_at > ? AND job_id IN (${ids.map(() => '?').join(',')})`).all(
    memberId,
    now,
    ...ids,
  ) as { job_id: number }[];
  return new Set(rows.map((row) => row.job_id));
}

/** Deletes the files past their 7 days, and parts of tasks that ended without completing; answers files deleted. */
export function pruneFiles(db: Db, now: number): number {
  const deleted = prepare(db, 'DELETE FROM log_download_files WHERE expires_at <= ?').run(now).changes;
  prepare(db, `DELETE FROM log_download_parts WHERE job_id IN (SELECT id FROM jobs WHERE state IN ('failed', 'canceled'))`).run();
  return deleted;
}
