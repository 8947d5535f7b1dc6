/**
 * Log retrieval, saved queries, log download templates and tasks (rules §2 "Log retrieval", §3 "Saved query",
 * "Log download task", "Log template", §4 "Task", §5 Logs, §9). The spec names no calls for these; they follow the
 * house style `V4/<area>.<object>.<verb>`:
 *
 * - `GET  V4/logs.context`         the websites whose logs the caller may read and the retention per type;
 * - `GET  V4/logs.record.list`     the newest lines (≤ 500, rules §9) matching the filters and expression, and the
 *   total; an expression that does not parse answers VALIDATION_FAILED with an `expression` field issue that carries
 *   the position (`values.position`, `values.length`) for the inline error;
 * - `GET  V4/logs.field.values`    the most frequent values of a field, for the advanced search's autocomplete;
 * - `GET  V4/logs.query.list`, `POST V4/logs.query.save`, `POST V4/logs.query.delete`: saved queries;
 * - `GET  V4/logs.template.list`, `POST V4/logs.template.save`, `POST V4/logs.template.enable`,
 *   `POST V4/logs.template.delete`: download templates;
 * - `GET  V4/logs.download.list`, `POST V4/logs.download.create`, `POST V4/logs.download.cancel`,
 *   `POST V4/logs.download.delete`: download tasks (jobs of type `logs.download`, followed live through the job
 *   stream); `GET V4/logs.download.file?id=` the gzip-compressed file of a completed task.
 *
 * Times travel as ISO strings (UTC); the console shows them in UTC+8 (rules §9 "Log time").
 */
import type { ApiClient, QueryParams } from '../client.js';
import type { LogRow, LogType } from '../../logs/fields.js';
import type { JobInfo, ListAnswer, PageQuery } from './platform.js';

export type { LogRow, LogType };

/** A website whose logs the caller may read. */
export interface LogWebsite {
  id: number;
  domain: string;
}

/** Answer of `V4/logs.context`. */
export interface LogContext {
  websites: LogWebsite[];
  /** Days each type is kept. */
  retention_days: Record<LogType, number>;
  /** Whether the edge traffic simulator is feeding the store now (the demo's status line). */
  simulator_running: boolean;
}

/**
 * The conditional filters of the log retrieval form (rules §2). Every field is optional; together they narrow the
 * search (AND), and the advanced search expression narrows it further.
 */
export interface LogFilters {
  /** Website ids, comma separated; at most 1000 (rules §9 "domain filter 1000"); all readable ones when absent. */
  domain_ids?: string;
  /** A status code (`404`) or class (`5xx`). */
  status?: string;
  /** ISO country code, or a province code of the region data (`CN-GD`). */
  region?: string;
  /** An IP or a CIDR block. */
  client_ip?: string;
  method?: string;
  /** A path prefix (`/api/`). */
  uri?: string;
  rule_id?: number;
  action?: string;
}

/** Query of `V4/logs.record.list`. */
export interface LogSearchQuery extends LogFilters {
  log_type: LogType;
  /** ISO instants; the range a preset or custom picker produced. */
  from: string;
  to: string;
  /** The advanced search expression (expression.ts); '' or absent for none. */
  expression?: string;
}

/** A log line as the API sends it: the stored row with its time as an ISO string. */
export type LogLine = Omit<LogRow, 'ts'> & { ts: string };

/** Answer of `V4/logs.record.list`. */
export interface LogSearchAnswer {
  /** Newest first, at most 500. */
  list: LogLine[];
  /** Lines matching in all (may exceed the list). */
  total: number;
}

/** Query of `V4/logs.field.values`. */
export interface LogFieldValuesQuery extends LogSearchQuery {
  field: string;
  /** What the user has typed of the value so far. */
  prefix?: string;
}

/** Answer of `V4/logs.field.values`. */
export interface LogFieldValues {
  values: { value: string; count: number }[];
}

/** A saved query (rules §3: name, description, statement). */
export interface SavedQuery {
  id: number;
  /** 4-50 characters (rules §5 Logs). */
  name: string;
  description: string;
  /** The log type tab it was saved on. */
  log_type: LogType;
  /** The advanced search expression. */
  statement: string;
  created_at: string;
  updated_at: string;
  /** Whether the caller may change or delete it. */
  editable: boolean;
}

/** Body of `V4/logs.query.save`: a new query without `id`. */
export interface SavedQueryInput {
  id?: number;
  name: string;
  description: string;
  log_type: LogType;
  statement: string;
}

/** Query of `V4/logs.query.list`. */
export interface SavedQueryListQuery extends PageQuery {
  log_type?: LogType;
  keyword?: string;
}

/** File types of a download (rules §3 "Log download task": file type). */
export type LogFileType = 'csv' | 'json';
/** Languages of a download's header row. */
export type LogFileLanguage = 'zh_CN' | 'en_US';

/** A download template (rules §3 "Log template": name, group, log type, download fields, limitations, enabled). */
export interface LogTemplate {
  id: number;
  name: string;
  /** A label grouping templates (e.g. "Security operations"). */
  group: string;
  log_type: LogType;
  /** Field names of the catalogue, in column order. */
  fields: string[];
  /** An expression every downloaded line must match (the template's limitations); '' for none. */
  limitation: string;
  /** Only an enabled template can be associated with a task (rules §5). */
  enabled: boolean;
  /** Tasks that used it. */
  task_count: number;
  created_at: string;
  updated_at: string;
  editable: boolean;
}

/** Body of `V4/logs.template.save`. */
export interface LogTemplateInput {
  id?: number;
  name: string;
  group: string;
  log_type: LogType;
  fields: string[];
  limitation: string;
  enabled: boolean;
}

/** Body of `V4/logs.download.create` (rules §3 "Log download task"; rules §5: a domain is required). */
export interface LogDownloadInput {
  name: string;
  template_id: number;
  /** At least one website; at most 1000. */
  domain_ids: number[];
  /** ISO instants. */
  from: string;
  to: string;
  file_type: LogFileType;
  /** The language of the header row. */
  language: LogFileLanguage;
}

/** The params stored with a `logs.download` job. */
export interface LogDownloadParams {
  name: string;
  template_id: number;
  template_name: string;
  log_type: LogType;
  domain_ids: number[];
  domains: string[];
  from: string;
  to: string;
  file_type: LogFileType;
  language: LogFileLanguage;
}

/** The result stored when a download completes. */
export interface LogDownloadResult {
  rows: number;
  /** Size of the compressed file. */
  bytes: number;
  /** Name the file is saved under (`<task>.csv.gz`). */
  file_name: string;
  /** ISO time the file is deleted (7 days after completion, rules §9). */
  expires_at: string;
}

/** A download task row: the job and whether its file can still be fetched. */
export interface LogDownloadTask extends JobInfo {
  params: LogDownloadParams;
  result: LogDownloadResult | null;
  /** Only completed tasks whose file is still kept can be downloaded (rules §4). */
  downloadable: boolean;
}

/** Query of the template and task lists. */
export interface LogListQuery extends PageQuery {
  log_type?: LogType;
  keyword?: string;
  /** Templates only: `true` lists the enabled ones (the task form offers only those, rules §5). */
  enabled?: boolean;
}

export function getLogContext(client: ApiClient): Promise<LogContext> {
  return client.get('V4/logs.context');
}

/** The newest matching lines; a bad expression is answered as a field issue on `expression`. */
export function searchLogs(client: ApiClient, query: LogSearchQuery): Promise<LogSearchAnswer> {
  return client.get('V4/logs.record.list', { ...query } as QueryParams, { notify: false });
}

export function getLogFieldValues(client: ApiClient, query: LogFieldValuesQuery): Promise<LogFieldValues> {
  return client.get('V4/logs.field.values', { ...query } as QueryParams, { notify: false });
}

export function listSavedQueries(client: ApiClient, query: SavedQueryListQuery): Promise<ListAnswer<SavedQuery>> {
  return client.get('V4/logs.query.list', { ...query } as QueryParams);
}

export function saveSavedQuery(client: ApiClient, body: SavedQueryInput): Promise<SavedQuery> {
  return client.post('V4/logs.query.save', body, { notify: false });
}

export function deleteSavedQueries(client: ApiClient, ids: number[]): Promise<{ deleted: number }> {
  return client.post('V4/logs.query.delete', { ids });
}

export function listLogTemplates(client: ApiClient, query: LogListQuery): Promise<ListAnswer<LogTemplate>> {
  return client.get('V4/logs.template.list', { ...query } as QueryParams);
}

export function saveLogTemplate(client: ApiClient, body: LogTemplateInput): Promise<LogTemplate> {
  return client.post('V4/logs.template.save', body, { notify: false });
}

export function enableLogTemplate(client: ApiClient, id: number, enabled: boolean): Promise<LogTemplate> {
  return client.post('V4/logs.template.enable', { id, enabled });
}

export function deleteLogTemplates(client: ApiClient, ids: number[]): Promise<{ deleted: number }> {
  return client.post('V4/logs.template.delete', { ids });
}

export function listLogDownloads(client: ApiClient, query: LogListQuery): Promise<ListAnswer<LogDownloadTask>> {
  return client.get('V4/logs.download.list', { ...query } as QueryParams);
}

export function createLogDownload(client: ApiClient, body: LogDownloadInput): Promise<{ job: JobInfo }> {
  return client.post('V4/logs.download.create', body, { notify: false });
}

export function cancelLogDownload(client: ApiClient, id: number): Promise<JobInfo> {
  return client.post('V4/logs.download.cancel', { id });
}

export function deleteLogDownloads(client: ApiClient, ids: number[]): Promise<{ deleted: number }> {
  return client.post('V4/logs.download.delete', { ids });
}

/** The path of a completed task's file, fetched with the session header (core/ui/save-file.ts) and saved. */
export function logDownloadFilePath(id: number): string {
  return `V4/logs.download.file?id=${id}`;
}
