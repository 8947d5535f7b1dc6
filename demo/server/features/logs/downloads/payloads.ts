/**
 * Checks of template and task bodies with core/rules (rules §3 "Log template", "Log download task"; rules §5 "Log
 * download needs a domain", "A template must be enabled to be associated"; rules §9 limits). Nothing is coerced:
 * what cannot be read becomes a field issue with a message of the `rules` catalogue.
 */
import type { FieldIssue } from '../../../../../core/api/catalogue.js';
import type { LogDownloadInput, LogFileLanguage, LogFileType, LogTemplateInput } from '../../../../../core/api/endpoints/logs.js';
import { isLogType, logField, type LogType } from '../../../../../core/logs/fields.js';
import type { LogPredicate } from '../../../../../core/logs/predicate.js';
import { validateTemplateAssociation } from '../../../../../core/rules/accounts.js';
import { LOG_RETENTION_DAYS, SAVED_QUERY_NAME_LENGTH, validateLogDomainFilter } from '../../../../../core/rules/bans.js';
import { parseLogExpression } from '../../../../../core/logs/expression.js';
import { isBlank, validateLength } from '../../../../../core/rules/common.js';
import { issue, onField, type RuleIssue } from '../../../../../core/rules/types.js';
import { asRecord, positiveId } from '../../../platform/http/readers.js';

/**
 * Template and task names: 4-50 characters. The spec gives no bound of its own for these names; it gives 4-50 for
 * every other name of the logs area (saved queries, rules §5) and for names generally, so a template reads the same.
 */
export const LOG_DOWNLOAD_NAME_LENGTH = SAVED_QUERY_NAME_LENGTH;
/** A group is a free label; 50 like the names, so a list column can show it whole. */
export const LOG_TEMPLATE_GROUP_MAX = 50;
export const LOG_FILE_TYPES: readonly LogFileType[] = ['csv', 'json'];
export const LOG_FILE_LANGUAGES: readonly LogFileLanguage[] = ['zh_CN', 'en_US'];

function validateName(value: unknown): RuleIssue | null {
  if (typeof value !== 'string' || isBlank(value)) return issue('common.required');
  return validateLength(value.trim(), LOG_DOWNLOAD_NAME_LENGTH);
}

/**
 * The predicate of a template's limitation: an expression of the advanced search language, parsed for the template's
 * log type. A finding carries its span (`values.position`, `values.length`) for the editor's inline error, as the
 * retrieval search answers it.
 */
export function compileLimitation(text: string, type: LogType): { predicate: LogPredicate | null; issue: RuleIssue | null } {
  const parsed = parseLogExpression(text, type);
  if (parsed.ok) return { predicate: parsed.predicate, issue: null };
  const { key, values, position, length } = parsed.issue;
  return { predicate: null, issue: { key, values: { ...values, position, length } } };
}

/**
 * Rules §9 retention: a task may not start before the oldest line its type keeps (LOG_RETENTION_DAYS), since those
 * lines are gone. Checked once the template, and so the type, is known.
 */
export function retentionIssues(from: string, type: LogType, now: number): FieldIssue[] {
  const days = LOG_RETENTION_DAYS[type];
  return Date.parse(from) < now - days * 86_400_000 ? [{ field: 'from', key: 'logs.range-too-old', values: { days } }] : [];
}

/** A template body, checked; `input` is set only when there are no issues. */
export function readTemplateInput(body: unknown): { input: LogTemplateInput | null; issues: FieldIssue[] } {
  const source = asRecord(body);
  const issues: FieldIssue[] = [];
  issues.push(...onField('name', validateName(source.name)));
  const group = typeof source.group === 'string' ? source.group.trim() : source.group === undefined ? '' : null;
  if (group === null) issues.push({ field: 'group', key: 'common.format-error' });
  else if (group.length > LOG_TEMPLATE_GROUP_MAX) issues.push({ field: 'group', key: 'common.too-long', values: { max: LOG_TEMPLATE_GROUP_MAX } });
  const logType = isLogType(source.log_type) ? source.log_type : null;
  if (logType === null) issues.push({ field: 'log_type', key: 'common.format-error' });
  const fields = Array.isArray(source.fields) ? source.fields : null;
  if (fields === null || fields.length === 0) issues.push({ field: 'fields', key: 'logs.fields-required' });
  else if (logType !== null) {
    const unknown = fields.find((field) => typeof field !== 'string' || !logField(logType, field));
    if (unknown !== undefined) issues.push({ field: 'fields', key: 'logs.field-unknown', values: { field: String(unknown) } });
    else if (new Set(fields).size !== fields.length) issues.push({ field: 'fields', key: 'batch.duplicate' });
  }
  const limitation = source.limitation === undefined ? '' : typeof source.limitation === 'string' ? source.limitation : null;
  if (limitation === null) issues.push({ field: 'limitation', key: 'common.format-error' });
  else if (logType !== null) {
    const compiled = compileLimitation(limitation, logType);
    if (compiled.issue) issues.push({ field: 'limitation', ...compiled.issue });
  }
  const enabled = source.enabled === undefined ? true : source.enabled;
  if (typeof enabled !== 'boolean') issues.push({ field: 'enabled', key: 'common.format-error' });
  const id = source.id === undefined || source.id === null ? undefined : positiveId(source.id);
  if (id === null) issues.push({ field: 'id', key: 'common.positive-integer' });
  if (issues.length > 0) return { input: null, issues };
  return {
    input: {
      ...(typeof id === 'number' ? { id } : {}),
      name: (source.name as string).trim(),
      group: group as string,
      log_type: logType as LogType,
      fields: fields as string[],
      limitation: (limitation as string).trim(),
      enabled: enabled as boolean,
    },
    issues,
  };
}

/** A task body, checked for shape and limits; the template, domains and slots are checked by the route. */
export function readDownloadInput(body: unknown, now: number): { input: LogDownloadInput | null; issues: FieldIssue[] } {
  const source = asRecord(body);
  const issues: FieldIssue[] = [];
  issues.push(...onField('name', validateName(source.name)));
  const templateId = positiveId(source.template_id);
  if (templateId === null) issues.push({ field: 'template_id', key: 'logs.template-required' });
  const ids = Array.isArray(source.domain_ids) ? source.domain_ids.map(positiveId) : null;
  if (ids === null || ids.length === 0) issues.push({ field: 'domain_ids', key: 'logs.domain-required' });
  else if (ids.some((id) => id === null)) issues.push({ field: 'domain_ids', key: 'common.positive-integer' });
  else issues.push(...onField('domain_ids', validateLogDomainFilter(ids.map(String))));
  const from = typeof source.from === 'string' ? Date.parse(source.from) : NaN;
  const to = typeof source.to === 'string' ? Date.parse(source.to) : NaN;
  if (Number.isNaN(from)) issues.push({ field: 'from', key: 'common.format-error' });
  if (Number.isNaN(to)) issues.push({ field: 'to', key: 'common.format-error' });
  if (!Number.isNaN(from) && !Number.isNaN(to)) {
    if (from >= to || from > now) issues.push({ field: 'to', key: 'logs.time-range-invalid' });
  }
  const fileType = (LOG_FILE_TYPES as readonly unknown[]).includes(source.file_type) ? (source.file_type as LogFileType) : null;
  if (fileType === null) issues.push({ field: 'file_type', key: 'common.format-error' });
  const language = (LOG_FILE_LANGUAGES as readonly unknown[]).includes(source.language) ? (source.language as LogFileLanguage) : null;
  if (language === null) issues.push({ field: 'language', key: 'common.format-error' });
  if (issues.length > 0) return { input: null, issues };
  return {
    input: {
      name: (source.name as string).trim(),
      template_id: templateId as number,
      domain_ids: [...new Set(ids as number[])],
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      file_type: fileType as LogFileType,
      language: language as LogFileLanguage,
    },
    issues,
  };
}

/** The rule of rules §5: only an enabled template can be associated with a task. */
export function templateIssues(template: { enabled: boolean } | undefined): FieldIssue[] {
  if (!template) return [{ field: 'template_id', key: 'logs.template-missing' }];
  return onField('template_id', validateTemplateAssociation(template));
}
