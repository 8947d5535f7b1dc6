/**
 * The import preview (issue 10: "every import shows a per-row preview with each row's errors before anything is
 * written"): the upload's limits (rules §5 DNS: 5 domains, 200 records per domain, one domain per tab), and per sheet
 * its domain, its own problems and its rows, each with the messages of the record rules it breaks. Rows are paged
 * here (a sheet may hold hundreds), and the rows with problems can be shown alone.
 */
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../core/config/constants.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
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
  const labelOf = (keys: Record<string, string>, id: string) => (Object.hasOwn(keys, id) ? t(keys[id]!) : id);

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
        <DataTable
          value={shown}
          dataKey="row"
          size="small"
          cellMemo={false}
          rowClassName={(row: ImportRow) => (row.issues.length > 0 ? 'ec-dns-row-invalid' : '')}
          pt={{ table: { 'aria-label': t('preview.table-label', { name: sheet.name }) } as never }}
        >
          <Column header={t('preview.row')} field="row" />
          <Column header={t('column.host')} body={(row: ImportRow) => row.fields.host} />
          <Column header={t('column.type')} body={(row: ImportRow) => row.fields.type} />
          <Column header={t('column.line')} body={(row: ImportRow) => labelOf(LINE_KEYS, row.fields.line)} />
          <Column header={t('column.value')} body={(row: ImportRow) => <span className="ec-break">{row.fields.value}</span>} />
          <Column header={t('column.priority')} body={(row: ImportRow) => row.fields.priority} />
          <Column
            header={t('column.ttl')}
            body={(row: ImportRow) =>
              row.notes?.some((note) => note.field === 'ttl') ? (
                <span className="ec-dns-row-note" data-adjusted="ttl">
                  <i className="pi pi-exclamation-circle" aria-hidden="true" /> {row.fields.ttl}
                </span>
              ) : (
                row.fields.ttl
              )
            }
          />
          <Column header={t('column.status')} body={(row: ImportRow) => labelOf(STATUS_KEYS, row.fields.status)} />
          <Column
            header={t('preview.problems')}
            body={(row: ImportRow) =>
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
              )
            }
          />
        </DataTable>
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
