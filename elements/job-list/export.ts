/**
 * The task list as CSV (issue 23 "export"): one row per task with what the list shows, in the user's language.
 * Cells that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) are prefixed with an
 * apostrophe, since operator names and URLs come from users.
 */
import type { JobInfo } from '../../core/api/endpoints/platform.js';
import { formatLogTime } from '../../core/i18n/format.js';

/** The texts the export needs, translated by the caller. */
export interface CsvTexts {
  headers: readonly string[];
  typeName(job: JobInfo): string;
  stateName(job: JobInfo): string;
}

function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The URL a cache task names (its first), or ''. */
export function jobUrl(job: JobInfo): string {
  const params = job.params as { first_url?: unknown } | null;
  return params && typeof params.first_url === 'string' ? params.first_url : '';
}

/** The CSV text: a byte order mark (so spreadsheet programs read UTF-8), the header row, one row per job, CRLF. */
export function jobsCsv(jobs: readonly JobInfo[], texts: CsvTexts): string {
  const lines = [texts.headers.map(cell).join(',')];
  for (const job of jobs) {
    const result = job.result as { success?: number; failed?: number } | null;
    lines.push(
      [
        job.id,
        formatLogTime(job.created_at),
        job.operator,
        texts.typeName(job),
        texts.stateName(job),
        job.progress,
        jobUrl(job),
        (job.params as { count?: number } | null)?.count ?? '',
        result?.success ?? '',
        result?.failed ?? '',
        job.reason,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
