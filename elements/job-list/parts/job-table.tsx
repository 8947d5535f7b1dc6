/**
 * The table of `<ec-job-list>`: one server page of jobs (creation time in UTC+8, operator, type, state, progress,
 * failure reason) with cancel for unfinished jobs, or the loading, error or empty state in its place.
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
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { jobTypeLabelKey } from '../job-types.js';
import { isUnfinished, type JobListState } from '../store.js';

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
  /** Called when the user confirms a cancel. */
  onCancel: (job: JobInfo) => void;
  /** Called with the page the user picks. */
  onPage: (change: PageChange) => void;
  /** Called by the retry button of the error state. */
  onRetry: () => void;
}

/** Jobs of the current page, or the state shown instead. */
export function JobTable({ state, busy, page, pageSize, stateTags, canceling, onCancel, onPage, onRetry }: JobTableProps) {
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

  const cancelCell = (job: JobInfo) =>
    isUnfinished(job) ? (
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
        <Column header={t('column.state')} body={(job: JobInfo) => <StatusTag settings={stateTags} value={job.state} />} />
        <Column header={t('column.progress')} body={progressCell} />
        <Column header={t('column.reason')} body={(job: JobInfo) => <span className="ec-job-reason">{job.reason}</span>} />
        <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={cancelCell} />
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
