/**
 * The table of `<ec-error-reports>`: one server page of reports (when the failure was seen, in UTC+8 like every log
 * of the console; the element; the failure kind; the envelope code or HTTP status; the Request-Id with a copy
 * button, to search the server's log by; the API path; the console language and version), or the loading, error or
 * empty state in its place. A {@link FastTable}: a page holds up to 100 rows of plain text.
 */
import { useMemo, useRef } from 'react';
import type { ErrorReportEntry } from '../../../core/api/endpoints/error-reports.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { labelOf } from '../../../core/i18n/i18n.js';
import { useT } from '../../../core/ui/element-context.js';
import { CopyButton } from '../../../core/ui/parts/copy-button.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { KIND_LABEL_KEYS, LANGUAGE_LABEL_KEYS } from '../labels.js';
import type { ErrorReportsState } from '../store.js';

/** Props of {@link ReportTable}. */
export interface ReportTableProps {
  /** What the store holds. */
  state: ErrorReportsState;
  /** A reload is running over the rows shown. */
  busy: boolean;
  /** A filter is applied: an empty list then says that nothing matches, not that nothing was reported. */
  filtered: boolean;
  /** Current page, 1-based. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** Called when the user picks a row's element, to see only its reports. */
  onSource: (source: string) => void;
  /** Called with the page the user picks. */
  onPage: (change: PageChange) => void;
  /** Called by the retry button of the error state. */
  onRetry: () => void;
}


/** Reports of the current page, or the state shown instead. */
export function ReportTable({ state, busy, filtered, page, pageSize, onSource, onPage, onRetry }: ReportTableProps) {
  const t = useT();
  // The columns are built once per language; the row's element button reads the latest handler through this ref, so
  // a new callback from the parent does not render every row again.
  const latestOnSource = useRef(onSource);
  latestOnSource.current = onSource;

  const columns = useMemo((): FastColumn<ErrorReportEntry>[] => {
    const none = <span className="ec-muted">{t('none')}</span>;
    return [
      { key: 'seen', header: t('column.seen'), className: 'ec-col-primary ec-nowrap', cell: (report) => formatLogTime(report.seen_at) },
      {
        key: 'source',
        header: t('column.source'),
        className: 'ec-nowrap',
        cell: (report) => (
          <button
            type="button"
            className="ec-link"
            aria-label={t('filter-by-source', { source: report.source })}
            onClick={() => latestOnSource.current(report.source)}
          >
            {report.source}
          </button>
        ),
      },
      { key: 'kind', header: t('column.kind'), cell: (report) => <span data-kind={report.kind}>{labelOf(t, KIND_LABEL_KEYS, report.kind)}</span> },
      // A code is an identifier (100044, 502), so it is shown as sent, not as a formatted number.
      { key: 'code', header: t('column.code'), title: t('column.code'), hideable: true, className: 'ec-nowrap', cell: (report) => (report.code === null ? none : String(report.code)) },
      {
        key: 'request-id',
        header: t('column.request-id'),
        title: t('column.request-id'),
        hideable: true,
        cell: (report) =>
          report.request_id ? (
            <span className="ec-report-request">
              <code>{report.request_id}</code>
              <CopyButton text={report.request_id} label={t('copy-request-id', { id: report.request_id })} />
            </span>
          ) : (
            none
          ),
      },
      { key: 'path', header: t('column.path'), title: t('column.path'), className: 'ec-report-path', truncate: (report) => report.path },
      { key: 'language', header: t('column.language'), title: t('column.language'), hideable: true, cell: (report) => labelOf(t, LANGUAGE_LABEL_KEYS, report.language) },
      { key: 'version', header: t('column.version'), title: t('column.version'), hideable: true, cell: (report) => report.console_version },
    ];
  }, [t]);

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error' || state.status === 'denied') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={filtered ? t('empty-filtered') : t('empty')} />;

  return (
    <>
      <FastTable
        rows={state.list}
        rowKey={(report) => report.id}
        columns={columns}
        label={t('table-label')}
        busy={busy}
        busyLabel={t('loading')}
        columnsKey="error-reports.reports"
      />
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
