/**
 * Stored DNS rows, their answer shapes, and the readers that turn request bodies into checked values with
 * `core/rules/dns.ts`, so the server finds exactly what the browser's forms and import preview found.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type {
  DnsAccessStatus,
  DnsDomain,
  DnsGroup,
  DnsJob,
  DnsJobItem,
  DnsJobItemResult,
  DnsJobStatus,
  DnsJobType,
  DnsRecord,
  DnsRecordFields,
} from '../../../../core/api/endpoints/dns.js';
import type { JobState } from '../../../../core/api/endpoints/platform.js';
import { parseInteger } from '../../../../core/rules/common.js';
import {
  DNS_LINE_DEFAULT,
  DNS_TTL_DEFAULT,
  MX_PRIORITY_DEFAULT,
  validateDnsRecord,
  type DnsStatus,
} from '../../../../core/rules/dns.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import { message, type Language, type MessageKey } from '../../platform/http/messages.js';
import { asRecord } from '../../platform/http/readers.js';

/** A `dns_domains` row with the list's computed columns. */
export interface DomainRow {
  id: number;
  domain: string;
  status: DnsStatus;
  access_status: DnsAccessStatus;
  dns_group_id: number | null;
  perm_group_id: number | null;
  group_name: string | null;
  record_count: number;
  created_at: number;
  updated_at: number;
}

/** Columns of a domain list query (record count and group name computed). */
export const DOMAIN_COLUMNS = `dns_domains.*,
  (SELECT COUNT(*) FROM dns_records r WHERE r.domain_id = dns_domains.id) AS record_count,
  (SELECT g.name FROM dns_groups g WHERE g.id = dns_domains.dns_group_id) AS group_name`;

/** A `dns_records` row. */
export interface RecordRow {
  id: number;
  domain_id: number;
  host: string;
  type: string;
  line: string;
  value: string;
  priority: number | null;
  ttl: number;
  remark: string;
  status: DnsStatus;
  record_group: string;
  created_at: number;
  updated_at: number;
}

/** A `dns_groups` row with its domain count. */
export interface GroupRow {
  id: number;
  name: string;
  remark: string;
  domain_count: number;
  created_at: number;
  updated_at: number;
}


/** A `jobs` row of a DNS job with its item counts. */
export interface DnsJobRow {
  id: number;
  type: DnsJobType;
  state: JobState;
  progress: number;
  operator: string;
  params: string;
  reason: string;
  created_at: number;
  finished_at: number | null;
  total: number;
  succeeded: number;
  skipped: number;
  failed: number;
}

/** Columns of a DNS job list query. */
export const JOB_COLUMNS = `id, type, state, progress, operator, params, reason, created_at, finished_at,
  (SELECT COUNT(*) FROM dns_job_items i WHERE i.job_id = jobs.id) AS total,
  (SELECT COUNT(*) FROM dns_job_items i WHERE i.job_id = jobs.id AND i.result = 'success') AS succeeded,
  (SELECT COUNT(*) FROM dns_job_items i WHERE i.job_id = jobs.id AND i.result = 'skipped') AS skipped,
  (SELECT COUNT(*) FROM dns_job_items i WHERE i.job_id = jobs.id AND i.result = 'fail') AS failed`;

/**
 * SQL conditions on a job row for each rules §4 status, matching {@link jobStatus}: a finished job succeeds only when
 * none of its rows failed.
 */
export const JOB_STATUS_SQL: Record<DnsJobStatus, string> = {
  waiting: "state IN ('not_started', 'preparing')",
  in_progress: "state = 'in_progress'",
  success: "state = 'complete' AND NOT EXISTS (SELECT 1 FROM dns_job_items i WHERE i.job_id = jobs.id AND i.result = 'fail')",
  fail: "state IN ('failed', 'canceled') OR (state = 'complete' AND EXISTS (SELECT 1 FROM dns_job_items i WHERE i.job_id = jobs.id AND i.result = 'fail'))",
};

/** A `dns_job_items` row. */
export interface JobItemRow {
  id: number;
  job_id: number;
  seq: number;
  domain: string;
  host: string;
  type: string;
  line: string;
  value: string;
  priority: number | null;
  ttl: number | null;
  remark: string;
  status: DnsStatus;
  record_group: string;
  result: DnsJobItemResult;
  reason: string;
}

/** The stored fields of a domain row (the operation log's snapshot: no caller-dependent `editable`). */
export function domainFields(row: DomainRow): Omit<DnsDomain, 'editable'> {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    access_status: row.access_status,
    group_id: row.dns_group_id,
    group_name: row.group_name ?? '',
    record_count: row.record_count,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** The answer shape of a domain row; `editable` from dnsAccess().mayChangeDomains. */
export function toDomain(row: DomainRow, editable: boolean): DnsDomain {
  return { ...domainFields(row), editable };
}

/** The stored fields of a record row (the operation log's snapshot). */
export function recordFields(row: RecordRow): Omit<DnsRecord, 'editable'> {
  return {
    id: row.id,
    domain_id: row.domain_id,
    host: row.host,
    type: row.type,
    line: row.line,
    value: row.value,
    priority: row.priority,
    ttl: row.ttl,
    remark: row.remark,
    status: row.status,
    group: row.record_group,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** The answer shape of a record row; `editable` is its domain's. */
export function toRecord(row: RecordRow, editable: boolean): DnsRecord {
  return { ...recordFields(row), editable };
}

/** The answer shape of a group row; `editable` from dnsAccess().mayChangeGroup. */
export function toGroup(row: GroupRow, editable: boolean): DnsGroup {
  return { id: row.id, name: row.name, remark: row.remark, domain_count: row.domain_count, updated_at: isoTime(row.updated_at), editable };
}

/** Rules §4 status of a job row (see {@link DnsJob}). */
export function jobStatus(row: Pick<DnsJobRow, 'state' | 'failed'>): DnsJobStatus {
  if (row.state === 'not_started' || row.state === 'preparing') return 'waiting';
  if (row.state === 'in_progress') return 'in_progress';
  if (row.state === 'complete') return row.failed === 0 ? 'success' : 'fail';
  return 'fail';
}

/** The answer shape of a DNS job row. */
export function toDnsJob(row: DnsJobRow): DnsJob {
  const params = JSON.parse(row.params) as { file_name?: string } | null;
  return {
    id: row.id,
    type: row.type,
    status: jobStatus(row),
    state: row.state,
    progress: row.progress,
    operator: row.operator,
    created_at: isoTime(row.created_at),
    finished_at: isoTime(row.finished_at),
    total: row.total,
    succeeded: row.succeeded,
    skipped: row.skipped,
    failed: row.failed,
    reason: row.reason,
    file_name: params?.file_name ?? '',
  };
}

/** The answer shape of a job item; the stored reason is a server message key, sent in the request's language. */
export function toJobItem(row: JobItemRow, language: Language): DnsJobItem {
  return {
    id: row.id,
    domain: row.domain,
    host: row.host,
    type: row.type,
    line: row.line,
    value: row.value,
    result: row.result,
    reason: row.reason ? message(language, row.reason as MessageKey) : '',
  };
}

/** Text of a field; numbers become text, anything else empty. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A list of positive integer ids (at most `max`), or null when the value is not one. */
export function readIds(value: unknown, max = 1000): number[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > max) return null;
  const ids: number[] = [];
  for (const item of value) {
    const id = typeof item === 'number' || typeof item === 'string' ? parseInteger(item) : null;
    if (id === null || id < 1) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * Reads record fields with the defaults of rules §5 DNS (line any, TTL 600, MX priority 5, status normal) and checks
 * them; issues are prefixed with `prefix` (`records.3.` for the fourth record of a batch).
 */
export function readRecordFields(source: unknown, prefix = ''): { value: DnsRecordFields; issues: FieldIssue[] } {
  const body = asRecord(source);
  const type = textOf(body.type).trim().toUpperCase();
  const priorityText = textOf(body.priority).trim();
  const ttlText = textOf(body.ttl).trim();
  const input = {
    host: textOf(body.host).trim(),
    type,
    value: textOf(body.value).trim(),
    priority: type === 'MX' && priorityText === '' ? MX_PRIORITY_DEFAULT : priorityText === '' ? null : priorityText,
    ttl: ttlText === '' ? DNS_TTL_DEFAULT : ttlText,
    line: textOf(body.line).trim() || DNS_LINE_DEFAULT,
    status: textOf(body.status).trim() || 'normal',
    remark: textOf(body.remark).trim(),
    group: textOf(body.group).trim(),
  };
  const issues = validateDnsRecord(input).map((found) => ({ ...found, field: `${prefix}${found.field}` }));
  const value: DnsRecordFields = {
    host: input.host,
    type: input.type,
    value: input.value,
    priority: input.priority === null ? null : (parseInteger(input.priority) ?? null),
    ttl: parseInteger(input.ttl) ?? DNS_TTL_DEFAULT,
    line: input.line,
    status: input.status as DnsStatus,
    remark: input.remark,
    group: input.group,
  };
  return { value, issues };
}

/** A required list field that was missing or malformed. */
export function listIssue(field: string): FieldIssue[] {
  return onField(field, issue('batch.empty'));
}
