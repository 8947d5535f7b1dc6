/**
 * DNS record workbooks (rules §5 DNS import: xlsx, one domain per tab, at most 5 domains and 200 records per domain).
 *
 * Layout, as exported and as read: the first row names the domain (`Domain | example.com`), the second holds the
 * column headers, the records follow, one per row. Headers are matched by name in either console language, in any
 * order; a sheet without the domain row takes its domain from the sheet name. Lines and statuses may be written as
 * ids (`telecom`, `disabled`) or as their labels in either language. The labels come from the element's catalogues
 * (passed in as a {@link WorkbookVocabulary}), so no text lives here.
 */
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { DNS_LINES, DNS_STATUSES } from '../../../core/rules/dns.js';
import { normalizeDomain } from '../../../core/rules/domain.js';
import {
  emptyFields,
  fileIssue,
  finishPreview,
  finishRow,
  isBlankRow,
  RECORD_COLUMNS,
  REQUIRED_COLUMNS,
  type ImportPreview,
  type ImportRow,
  type ImportSheet,
  type RecordColumn,
} from './import-model.js';

/** A cell as the spreadsheet libraries give and take it. */
export type Cell = string | number | boolean | Date | null | undefined;
/** A sheet as rows of cells. */
export interface SheetCells {
  sheet: string;
  data: Cell[][];
}

/** Labels accepted on import, per id, in both languages. */
export interface WorkbookVocabulary {
  /** The first cell of the domain row (`Domain`, `域名`). */
  domain: string[];
  columns: Record<RecordColumn, string[]>;
  lines: Record<string, string[]>;
  statuses: Record<string, string[]>;
}

/** Labels written on export, in the user's language. */
export interface WorkbookLabels {
  domain: string;
  columns: Record<RecordColumn, string>;
  lines: Record<string, string>;
  statuses: Record<string, string>;
}

/** Excel's limit on sheet names. */
const SHEET_NAME_MAX = 31;

function key(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A cell as text: numbers without a thousands separator, dates as ISO dates, nothing as ''. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** The id a label stands for (ids themselves are accepted too); the text itself when nothing matches. */
function idOf(text: string, ids: readonly string[], labels: Record<string, string[]>): string {
  const wanted = key(text);
  if (wanted === '') return '';
  for (const id of ids) if (key(id) === wanted || (labels[id] ?? []).some((label) => key(label) === wanted)) return id;
  return text.trim();
}

/** Finds the header row's columns: index per column id, from `start`. */
function columnsOf(row: Cell[] | undefined, vocabulary: WorkbookVocabulary): Partial<Record<RecordColumn, number>> {
  const found: Partial<Record<RecordColumn, number>> = {};
  (row ?? []).forEach((cell, index) => {
    const text = key(cellText(cell));
    for (const column of RECORD_COLUMNS) {
      if (found[column] === undefined && (key(column) === text || vocabulary.columns[column].some((label) => key(label) === text))) {
        found[column] = index;
      }
    }
  });
  return found;
}

/** Reads one sheet. */
function readSheet(sheet: SheetCells, vocabulary: WorkbookVocabulary): ImportSheet {
  const data = sheet.data;
  const firstCell = key(cellText(data[0]?.[0]));
  const hasDomainRow = vocabulary.domain.some((label) => key(label) === firstCell) || firstCell === 'domain';
  const domain = normalizeDomain(hasDomainRow ? cellText(data[0]?.[1]) : sheet.sheet);
  const headerIndex = hasDomainRow ? 1 : 0;
  const columns = columnsOf(data[headerIndex], vocabulary);
  const missing = REQUIRED_COLUMNS.filter((column) => columns[column] === undefined);
  if (missing.length > 0) {
    const names = missing.map((column) => vocabulary.columns[column][0] ?? column).join(', ');
    return { name: sheet.sheet, domain, rows: [], issues: [fileIssue('import.missing-columns', { columns: names })] };
  }
  const rows: ImportRow[] = [];
  for (let index = headerIndex + 1; index < data.length; index++) {
    const cells = data[index] ?? [];
    const fields = emptyFields();
    for (const column of RECORD_COLUMNS) {
      const at = columns[column];
      if (at !== undefined) fields[column] = cellText(cells[at]);
    }
    if (isBlankRow(fields)) continue;
    fields.line = idOf(fields.line, DNS_LINES, vocabulary.lines);
    fields.status = idOf(fields.status, DNS_STATUSES, vocabulary.statuses);
    rows.push(finishRow(index + 1, fields));
  }
  return { name: sheet.sheet, domain, rows, issues: [] };
}

/** Reads a workbook's sheets into a preview; empty sheets (a spreadsheet program's default extras) are left out. */
export function readWorkbook(fileName: string, sheets: readonly SheetCells[], vocabulary: WorkbookVocabulary): ImportPreview {
  const used = sheets.filter((sheet) => sheet.data.some((row) => row.some((cell) => cellText(cell) !== '')));
  return finishPreview(fileName, 'xlsx', used.map((sheet) => readSheet(sheet, vocabulary)));
}

/** The sheet name for a domain: Excel allows at most 31 characters. */
export function sheetNameOf(domain: string): string {
  return domain.length <= SHEET_NAME_MAX ? domain : domain.slice(0, SHEET_NAME_MAX);
}

/** The export sheet of a domain's records: the domain row, the header row, then one row per record. */
export function workbookSheet(domain: string, records: readonly DnsRecordFields[], labels: WorkbookLabels): SheetCells {
  const header = RECORD_COLUMNS.map((column) => labels.columns[column]);
  const rows: Cell[][] = records.map((record) => [
    record.host,
    record.type,
    labels.lines[record.line] ?? record.line,
    record.value,
    record.priority,
    record.ttl,
    labels.statuses[record.status] ?? record.status,
    record.remark,
    record.group,
  ]);
  return { sheet: sheetNameOf(domain), data: [[labels.domain, domain], header, ...rows] };
}
