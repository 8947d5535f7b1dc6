/**
 * How a download task writes log lines to its file (rules §3 "Log download task": file type CSV or JSON, language of
 * the header row). Times are written in UTC+8 with the offset spelled out (rules §9 "Log time"), so a spreadsheet
 * shows what the console shows and a program can still read the instant.
 *
 * CSV follows RFC 4180 (comma separated, CRLF line ends, a cell with a comma, quote or line break quoted and its
 * quotes doubled) and starts with a UTF-8 byte order mark, without which Excel reads the Chinese header as another
 * code page. A text cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return, which Excel strips before
 * looking) gets a leading `'`: log lines carry what attackers typed, and a spreadsheet would otherwise run
 * `=HYPERLINK(...)` from a user agent as a formula.
 *
 * JSON is one array of objects keyed by field name (not JSON lines): it opens in any JSON viewer and parses with one
 * call; its keys stay the catalogue's field names in both languages, because a program reads them, not a person.
 */
import { readFileSync } from 'node:fs';
import type { LogFileLanguage, LogFileType } from '../../../../../core/api/endpoints/logs.js';
import { LOG_FIELD_LABEL_KEYS } from '../../../../../core/logs/field-labels.js';
import type { LogRow } from '../../../../../core/logs/fields.js';
import type { LogFieldName } from '../../../../../core/logs/predicate.js';

/** UTF-8 byte order mark. */
export const BOM = '\uFEFF';
const UTC8_MS = 8 * 3600_000;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function loadLabels(language: LogFileLanguage): Record<string, string> {
  // The browser's catalogue of field labels, read once: the header row says what the retrieval table says. The
  // catalogue also holds groups (the log type names); only the top-level texts are field labels.
  const url = new URL(`../../../../../core/i18n/locales/${language}/log-fields.json`, import.meta.url);
  const catalogue = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(catalogue).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const LABELS: Record<LogFileLanguage, Record<string, string>> = { zh_CN: loadLabels('zh_CN'), en_US: loadLabels('en_US') };

/** The header label of a field in a language (the field name when the catalogue lacks it). */
export function fieldLabel(field: string, language: LogFileLanguage): string {
  return LABELS[language][LOG_FIELD_LABEL_KEYS[field as LogFieldName] ?? ''] ?? field;
}

/** A log time as ISO 8601 in UTC+8 with its offset: `2026-03-01T08:00:00.000+08:00`. */
export function utc8Time(ms: number): string {
  return `${new Date(ms + UTC8_MS).toISOString().slice(0, 23)}+08:00`;
}

/** A row's value of a field as the file writes it. */
function valueOf(row: LogRow, field: string): string | number {
  if (field === 'ts') return utc8Time(row.ts);
  const value = (row as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : String(value ?? '');
}

/** One CSV cell: formula guard on text, then RFC 4180 quoting. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** What a file starts with: the BOM and header row for CSV, the opening bracket for JSON. */
export function fileStart(type: LogFileType, fields: readonly string[], language: LogFileLanguage): string {
  if (type === 'json') return '[';
  return `${BOM}${fields.map((field) => csvCell(fieldLabel(field, language))).join(',')}\r\n`;
}

/** Lines of a batch; `before` is how many rows the file already holds (JSON needs a comma between objects). */
export function fileRows(type: LogFileType, fields: readonly string[], rows: readonly LogRow[], before: number): string {
  if (type === 'csv') return rows.map((row) => `${fields.map((field) => csvCell(valueOf(row, field))).join(',')}\r\n`).join('');
  return rows
    .map((row, index) => {
      const object = Object.fromEntries(fields.map((field) => [field, valueOf(row, field)]));
      return `${before + index === 0 ? '\n' : ',\n'}${JSON.stringify(object)}`;
    })
    .join('');
}

/** What a file ends with. */
export function fileEnd(type: LogFileType, rows: number): string {
  if (type === 'csv') return '';
  return rows === 0 ? ']\n' : '\n]\n';
}

/** The name a file is saved under: the task name without characters file systems refuse, then `.csv.gz`. */
export function downloadFileName(taskName: string, type: LogFileType): string {
  const safe = taskName.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim() || 'logs';
  return `${safe}.${type}.gz`;
}

/** A Content-Disposition header for a file name that may hold non-ASCII (RFC 6266 with an ASCII fallback). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
