/**
 * The table of `<ec-job-list>`: one server page of jobs (creation time in UTC+8, operator, type, URL of a cache task,
 * state, progress, failure reason) with a link to each task's detail and cancel where the task may still be canceled,
 * or the loading, error or empty state in its place.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import type { JobInfo } from '../../../core/api/endpoints/platform.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { taskDetailRoute, type CacheTaskLayout } from '../../cache-task-shared/routes.js';
import { jobUrl } from '../export.js';
import { jobTypeLabelKey } from '../job-types.js';
import { isCancelable, type JobListState } from '../store.js';

/** Props of {@link JobTable}. */
export interface JobTableProps {
  /** What the store holds. */
  state: JobListState;
  /** A reload is running over the rows shown. */
  busy: boolean;
  /** Current page, 1-based. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** The task state tags (rules §4), translated. */
  stateTags: readonly StatusSetting[];
  /** Jobs whose cancel is in flight. */
  canceling: ReadonlySet<number>;
  /** The layout whose detail routes the rows link to. */
  layout: CacheTaskLayout;
  /** The list's own type (the `type` attribute): its tab's detail route is linked. */
  listType?: string;
  /** Called when the user confirms a cancel. */
  onCancel: (job: JobInfo) => void;
  /** Called with the page the user picks. */
  onPage: (change: PageChange) => void;
  /** Called by the retry button of the error state. */
  onRetry: () => void;
}

/** Jobs of the current page, or the state shown instead. */
export function JobTable({ state, busy, page, pageSize, stateTags, canceling, layout, listType, onCancel, onPage, onRetry }: JobTableProps) {
  const { language } = useElement();
  const t = useT();

  const typeName = (job: JobInfo) => {
    const key = jobTypeLabelKey(job.type);
    return key ? t(key) : job.type;
  };

  const progressCell = (job: JobInfo) => (
    <div className="ec-job-progress">
      <ProgressBar
        value={job.progress}
        showValue={false}
        aria-label={t('progress-label', { id: job.id })}
        aria-valuetext={t('progress-value', { value: formatCount(job.progress, language) })}
      />
      <span>{t('progress-value', { value: formatCount(job.progress, language) })}</span>
    </div>
  );

  const urlCell = (job: JobInfo) => {
    const url = jobUrl(job);
    const count = (job.params as { count?: number } | null)?.count ?? 0;
    if (!url) return null;
    return (
      <span className="ec-job-url">
        {count > 1 ? t('url-and-more', { url, count: count - 1 }) : url}
      </span>
    );
  };

  const actionsCell = (job: JobInfo) => (
    <span className="ec-row ec-nowrap">
      <NavLink route={taskDetailRoute(layout, listType)} params={{ id: job.id }} aria-label={t('detail-label', { id: job.id })}>
        {t('detail')}
      </NavLink>
      {cancelCell(job)}
    </span>
  );

  const cancelCell = (job: JobInfo) =>
    isCancelable(job) ? (
      <ConfirmPopover
        message={t('cancel-confirm')}
        confirmLabel={t('cancel-confirm-yes')}
        cancelLabel={t('cancel-keep')}
        danger
        onConfirm={() => onCancel(job)}
      >
        {(trigger) => (
          <Button
            type="button"
            text
            severity="danger"
            className="ec-job-cancel"
            label={t('cancel')}
            aria-label={t('cancel-label', { id: job.id })}
            disabled={canceling.has(job.id)}
            {...trigger}
          />
        )}
      </ConfirmPopover>
    ) : null;

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('empty')} />;

  return (
    <>
      <DataTable
        value={state.list}
        dataKey="id"
        lazy
        loading={busy}
        // Cells are memoized on the row data by default; they must also follow the language and the cancel state.
        cellMemo={false}
        size="small"
        pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('table-label') } as never }}
      >
        <Column header={t('column.created')} body={(job: JobInfo) => <span className="ec-nowrap">{formatLogTime(job.created_at)}</span>} />
        <Column header={t('column.operator')} field="operator" />
        <Column header={t('column.type')} body={(job: JobInfo) => <span data-type={job.type}>{typeName(job)}</span>} />
        <Column header={t('column.url')} body={urlCell} />
        <Column header={t('column.state')} body={(job: JobInfo) => <StatusTag settings={stateTags} value={job.state} />} />
        <Column header={t('column.progress')} body={progressCell} />
        <Column header={t('column.reason')} body={(job: JobInfo) => <span className="ec-job-reason">{job.reason}</span>} />
        <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actionsCell} />
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
