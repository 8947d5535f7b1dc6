/**
 * The DNS job table (rules §3 DNS "Job: creation time, operator, operation type, status"; §4 statuses): one server
 * page of jobs with progress and result counts, or the state shown instead.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import type { DnsJob } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { JOB_TYPE_KEYS, jobOutcome } from '../../dns-shared/job-labels.js';
import type { PagedState } from '../../../core/ui/paged-list.js';

/** Props of {@link JobTable}. */
export interface JobTableProps {
  state: PagedState<DnsJob>;
  busy: boolean;
  page: number;
  pageSize: number;
  statusTags: readonly StatusSetting[];
  onDetails: (job: DnsJob) => void;
  onPage: (change: PageChange) => void;
  onRetry: () => void;
}

/** Jobs of the current page, or the state shown instead. */
export function JobTable({ state, busy, page, pageSize, statusTags, onDetails, onPage, onRetry }: JobTableProps) {
  const { language } = useElement();
  const t = useT();

  const progressCell = (job: DnsJob) => {
    const value = t('progress.percent', { value: formatCount(job.progress, language) });
    return (
      <div className="ec-dns-jobs-progress">
        <ProgressBar value={job.progress} showValue={false} aria-label={t('progress-of', { id: job.id })} aria-valuetext={value} />
        <span>{value}</span>
      </div>
    );
  };
  const countsCell = (job: DnsJob) =>
    t('counts', {
      succeeded: formatCount(job.succeeded, language),
      skipped: formatCount(job.skipped, language),
      failed: formatCount(job.failed, language),
      total: formatCount(job.total, language),
    });

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'denied') return <ErrorState message={t('denied')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('empty')} />;

  return (
    <>
      <DataTable
        value={state.list}
        dataKey="id"
        lazy
        loading={busy}
        cellMemo={false}
        size="small"
        pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('table-label') } as never }}
      >
        <Column header={t('column.created')} body={(job: DnsJob) => <span className="ec-nowrap">{formatLogTime(job.created_at)}</span>} />
        <Column header={t('column.operator')} field="operator" />
        <Column header={t('column.type')} body={(job: DnsJob) => <span data-type={job.type}>{t(JOB_TYPE_KEYS[job.type])}</span>} />
        <Column header={t('column.status')} body={(job: DnsJob) => <StatusTag settings={statusTags} value={jobOutcome(job)} />} />
        <Column header={t('column.progress')} body={progressCell} />
        <Column header={t('column.counts')} body={countsCell} />
        <Column header={t('column.file')} body={(job: DnsJob) => job.file_name} />
        <Column
          header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions"
          body={(job: DnsJob) => (
            <Button type="button" link label={t('details')} aria-label={t('details-label', { id: job.id })} onClick={() => onDetails(job)} />
          )}
        />
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
