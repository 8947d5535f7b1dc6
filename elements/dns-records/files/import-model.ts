/**
 * What an import preview holds (rules §5 DNS: every row with its errors before anything is written): the file's
 * sheets (one domain per tab, or the one domain of a BIND zone file), each row's fields as read and its issues, and
 * the limits of the upload as a whole. Pure and isomorphic: the Web Worker builds previews, Node tests check them.
 *
 * Issue keys carry their namespace (`rules:dns.host-format`, `dns-records:import.zone-syntax`), because a row's
 * problems come both from the shared rules catalogue and from the file formats.
 */
import type { DnsRecordFields, DnsZoneSoa } from '../../../core/api/endpoints/dns.js';
import { isBlank, parseInteger } from '../../../core/rules/common.js';
import {
  DNS_LINE_DEFAULT,
  DNS_TTL_DEFAULT,
  MX_PRIORITY_DEFAULT,
  validateDnsDomain,
  validateDnsImportSheets,
  nearestDnsTtl,
  validateDnsRecord,
  validateDnsTtl,
  type DnsStatus,
} from '../../../core/rules/dns.js';
import type { RuleIssue } from '../../../core/rules/types.js';

/** A problem found in a file, a sheet or a row; `key` names its namespace. */
export interface FileIssue {
  key: string;
  values?: Record<string, unknown>;
  /** The record field the problem is about, for row issues. */
  field?: string;
}

/** The columns of a record row, in export order. */
export const RECORD_COLUMNS = ['host', 'type', 'line', 'value', 'priority', 'ttl', 'status', 'remark', 'group'] as const;
/** A record column id. */
export type RecordColumn = (typeof RECORD_COLUMNS)[number];
/** Columns every sheet must have. */
export const REQUIRED_COLUMNS: readonly RecordColumn[] = ['host', 'type', 'value'];

/** A row's fields as read from the file, as text, before they are turned into numbers. */
export type ImportRowFields = Record<RecordColumn, string>;

/** One record row of a file with its problems. */
export interface ImportRow {
  /** Row number in the sheet (1-based), or line number in a zone file. */
  row: number;
  fields: ImportRowFields;
  issues: FileIssue[];
  /**
   * What the preview changed or assumed without blocking the row (a TTL moved to the nearest allowed option, a TTL
   * taken from the SOA): shown on the row so nothing is changed silently.
   */
  notes?: FileIssue[];
}

/** A zone's SOA as a zone file states it, kept so export writes back the same SOA (the API's type). */
export type ZoneSoa = DnsZoneSoa;

/** One domain of a file: a workbook sheet or a zone file. */
export interface ImportSheet {
  /** Sheet name, or the file name of a zone file. */
  name: string;
  domain: string;
  rows: ImportRow[];
  /** Problems of the sheet as a whole (its domain, missing columns); any one blocks the import. */
  issues: FileIssue[];
  /** The SOA of a zone file; workbooks carry none. */
  soa?: ZoneSoa | null;
}

/** A parsed upload. */
export interface ImportPreview {
  fileName: string;
  format: 'xlsx' | 'zone';
  sheets: ImportSheet[];
  /** A problem with the upload as a whole (rules §5 DNS limits); blocks the import. */
  issue: FileIssue | null;
}

/** A rules-catalogue issue with its namespace. */
export function rulesIssue(found: RuleIssue, field?: string): FileIssue {
  return { key: `rules:${found.key}`, ...(found.values ? { values: found.values } : {}), ...(field ? { field } : {}) };
}

/** An issue of the `dns-records` catalogue. */
export function fileIssue(key: string, values?: Record<string, unknown>, field?: string): FileIssue {
  return { key: `dns-records:${key}`, ...(values ? { values } : {}), ...(field ? { field } : {}) };
}

/** Empty fields with the defaults of rules §5 DNS left to {@link finishRow}. */
export function emptyFields(): ImportRowFields {
  return { host: '', type: '', line: '', value: '', priority: '', ttl: '', status: '', remark: '', group: '' };
}

/**
 * Fills the defaults (line any, TTL 600, status normal, MX priority 5: rules §5 DNS) and checks the row with the
 * record rules every form uses. Issues found while reading (a bad zone-file line) are kept in front. A whole-number
 * TTL that is not one of the options (a real zone's 86400) is not a refusal: the nearest option is proposed in its
 * place and the row says so in its notes.
 */
export function finishRow(row: number, read: ImportRowFields, readIssues: FileIssue[] = [], readNotes: FileIssue[] = []): ImportRow {
  const notes = [...readNotes];
  const ttl = read.ttl.trim();
  if (/^\d{1,10}$/.test(ttl) && validateDnsTtl(ttl) !== null) {
    const proposed = nearestDnsTtl(Number(ttl));
    notes.push(fileIssue('import.ttl-adjusted', { from: Number(ttl), to: proposed }, 'ttl'));
    read = { ...read, ttl: String(proposed) };
  }
  const type = read.type.trim().toUpperCase();
  const fields: ImportRowFields = {
    host: read.host.trim(),
    type,
    line: read.line.trim() || DNS_LINE_DEFAULT,
    value: read.value.trim(),
    priority: read.priority.trim() || (type === 'MX' ? String(MX_PRIORITY_DEFAULT) : ''),
    ttl: read.ttl.trim() || String(DNS_TTL_DEFAULT),
    status: read.status.trim() || 'normal',
    remark: read.remark.trim(),
    group: read.group.trim(),
  };
  const issues = [...readIssues, ...validateDnsRecord(fields).map((found) => rulesIssue(found, found.field))];
  return notes.length > 0 ? { row, fields, issues, notes } : { row, fields, issues };
}

/** True when no cell of the row holds anything. */
export function isBlankRow(fields: ImportRowFields): boolean {
  return RECORD_COLUMNS.every((column) => isBlank(fields[column]));
}

/** The record a valid row becomes. */
export function toRecordFields(fields: ImportRowFields): DnsRecordFields {
  return {
    host: fields.host,
    type: fields.type,
    line: fields.line,
    value: fields.value,
    priority: fields.type === 'MX' ? parseInteger(fields.priority) : null,
    ttl: parseInteger(fields.ttl) ?? DNS_TTL_DEFAULT,
    status: fields.status as DnsStatus,
    remark: fields.remark,
    group: fields.group,
  };
}

/** Adds the domain check to a sheet and the upload limits (5 domains, 200 records, one domain per tab) to the preview. */
export function finishPreview(fileName: string, format: ImportPreview['format'], sheets: ImportSheet[]): ImportPreview {
  for (const sheet of sheets) {
    // A sheet that already says why it has no domain keeps that message alone.
    const found = sheet.issues.length === 0 ? validateDnsDomain(sheet.domain) : null;
    if (found) sheet.issues.push(rulesIssue(found));
  }
  const limits = validateDnsImportSheets(sheets.map((sheet) => ({ domain: sheet.domain, records: sheet.rows.length })));
  return { fileName, format, sheets, issue: limits ? rulesIssue(limits) : null };
}

/** Rows that can be imported: those without issues, of sheets without issues. */
export function importableRows(sheet: ImportSheet): ImportRow[] {
  return sheet.issues.length > 0 ? [] : sheet.rows.filter((row) => row.issues.length === 0);
}
