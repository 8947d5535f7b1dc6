/**
 * The import preview (issue 10: "every import shows a per-row preview with each row's errors before anything is
 * written"): the upload's limits (rules §5 DNS: 5 domains, 200 records per domain, one domain per tab), and per sheet
 * its domain, its own problems and its rows, each with the messages of the record rules it breaks. Rows are paged
 * here (a sheet may hold hundreds), and the rows with problems can be shown alone.
 */
import { Checkbox } from 'primereact/checkbox';
import { useId, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../core/config/constants.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import type { FileIssue, ImportPreview as Preview, ImportRow, ImportSheet } from '../files/import-model.js';
import { COLUMN_KEYS, LINE_KEYS, STATUS_KEYS } from '../vocabulary.js';

/** Props of {@link ImportPreview}. */
export interface ImportPreviewProps {
  preview: Preview;
}

/** A translated issue; a row issue names its column. */
function useIssueText() {
  const t = useT();
  return (issue: FileIssue) => {
    const text = t(issue.key, issue.values);
    return issue.field && Object.hasOwn(COLUMN_KEYS, issue.field) ? `${t(COLUMN_KEYS[issue.field as keyof typeof COLUMN_KEYS])}: ${text}` : text;
  };
}

/** One sheet's preview. */
function SheetPreview({ sheet }: { sheet: ImportSheet }) {
  const { language } = useElement();
  const t = useT();
  const issueText = useIssueText();
  const onlyErrorsId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const invalid = sheet.rows.filter((row) => row.issues.length > 0).length;
  const adjusted = sheet.rows.filter((row) => row.issues.length === 0 && (row.notes?.length ?? 0) > 0).length;
  const rows = onlyErrors ? sheet.rows.filter((row) => row.issues.length > 0) : sheet.rows;
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  const columns = useMemo((): FastColumn<ImportRow>[] => {
    const labelOf = (keys: Record<string, string>, id: string) => (Object.hasOwn(keys, id) ? t(keys[id]!) : id);
    return [
      { key: 'row', className: 'ec-col-primary', header: t('preview.row'), cell: (row) => row.row },
      { key: 'host', header: t('column.host'), title: t('column.host'), truncate: (row) => row.fields.host },
      { key: 'type', header: t('column.type'), cell: (row) => row.fields.type },
      { key: 'line', header: t('column.line'), cell: (row) => labelOf(LINE_KEYS, row.fields.line) },
      { key: 'value', header: t('column.value'), title: t('column.value'), truncate: (row) => row.fields.value },
      { key: 'priority', header: t('column.priority'), cell: (row) => row.fields.priority },
      {
        key: 'ttl',
        header: t('column.ttl'),
        cell: (row) =>
          row.notes?.some((note) => note.field === 'ttl') ? (
            <span className="ec-dns-row-note" data-adjusted="ttl">
              <i className="pi pi-exclamation-circle" aria-hidden="true" /> {row.fields.ttl}
            </span>
          ) : (
            row.fields.ttl
          ),
      },
      { key: 'status', header: t('column.status'), cell: (row) => labelOf(STATUS_KEYS, row.fields.status) },
      {
        key: 'problems',
        className: 'ec-dns-col-problems',
        header: t('preview.problems'),
        cell: (row) =>
          row.issues.length === 0 ? (
            (row.notes?.length ?? 0) === 0 ? (
              <span className="ec-dns-row-ok">{t('preview.ok')}</span>
            ) : (
              <ul className="ec-dns-row-issues">
                {row.notes!.map((note, index) => (
                  <li key={index} className="ec-dns-row-note">
                    {issueText(note)}
                  </li>
                ))}
              </ul>
            )
          ) : (
            <ul className="ec-dns-row-issues">
              {row.issues.map((issue, index) => (
                <li key={index} className="ec-error-text">
                  {issueText(issue)}
                </li>
              ))}
            </ul>
          ),
      },
    ];
    // issueText is rebuilt with t; t is the dependency that matters.
  }, [t]);

  return (
    <section className="ec-dns-sheet" aria-label={t('preview.sheet-label', { name: sheet.name })} data-sheet={sheet.name}>
      <h3>{sheet.name === sheet.domain ? sheet.domain : t('preview.sheet', { name: sheet.name, domain: sheet.domain || t('preview.no-domain') })}</h3>
      {sheet.issues.map((issue) => (
        <p key={issue.key} role="alert" className="ec-error-text">
          {issueText(issue)}
        </p>
      ))}
      <div className="ec-row">
        <span className="ec-muted">
          {t('preview.counts', { count: sheet.rows.length, total: formatCount(sheet.rows.length, language), valid: formatCount(sheet.rows.length - invalid, language), invalid: formatCount(invalid, language) })}
        </span>
        {adjusted > 0 && <span className="ec-dns-row-note">{t('preview.adjusted', { count: adjusted, formatted: formatCount(adjusted, language) })}</span>}
        {invalid > 0 && (
          <span className="ec-row">
            <Checkbox
              inputId={onlyErrorsId}
              checked={onlyErrors}
              onChange={(event) => {
                setOnlyErrors(Boolean(event.checked));
                setPage(1);
              }}
            />
            <label htmlFor={onlyErrorsId}>{t('preview.only-errors')}</label>
          </span>
        )}
      </div>
      {shown.length > 0 && (
        <FastTable
          rows={shown}
          rowKey={(row) => row.row}
          columns={columns}
          label={t('preview.table-label', { name: sheet.name })}
          rowClassName={(row) => (row.issues.length > 0 ? 'ec-dns-row-invalid' : '')}
        />
      )}
      <Pager
        page={page}
        pageSize={pageSize}
        total={rows.length}
        onChange={(change) => {
          setPage(change.page);
          setPageSize(change.pageSize);
        }}
      />
    </section>
  );
}

/** The whole upload's preview; `part="preview"`. */
export function ImportPreview({ preview }: ImportPreviewProps) {
  const t = useT();
  const issueText = useIssueText();
  return (
    <div className="ec-stack" part="preview">
      {preview.issue && (
        <p role="alert" className="ec-error-text ec-dns-file-issue">
          {issueText(preview.issue)}
        </p>
      )}
      {preview.sheets.length === 0 && <p className="ec-muted">{t('preview.no-sheets')}</p>}
      {preview.sheets.map((sheet) => (
        <SheetPreview key={sheet.name} sheet={sheet} />
      ))}
    </div>
  );
}
