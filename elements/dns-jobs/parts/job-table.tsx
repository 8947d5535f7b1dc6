/**
 * The DNS job table (rules §3 DNS "Job: creation time, operator, operation type, status"; §4 statuses): one server
 * page of jobs with progress and result counts, or the state shown instead.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useMemo, useRef } from 'react';
import type { DnsJob } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
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

  const onDetailsRef = useRef(onDetails);
  onDetailsRef.current = onDetails;

  const columns = useMemo((): FastColumn<DnsJob>[] => {
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
    return [
      { key: 'created', className: 'ec-col-primary', header: t('column.created'), cell: (job) => <span className="ec-nowrap">{formatLogTime(job.created_at)}</span> },
      { key: 'operator', header: t('column.operator'), title: t('column.operator'), hideable: true, truncate: (job) => job.operator },
      { key: 'type', header: t('column.type'), cell: (job) => <span data-type={job.type}>{t(JOB_TYPE_KEYS[job.type])}</span> },
      { key: 'status', header: t('column.status'), cell: (job) => <StatusTag settings={statusTags} value={jobOutcome(job)} /> },
      { key: 'progress', header: t('column.progress'), title: t('column.progress'), hideable: true, cell: progressCell },
      { key: 'counts', header: t('column.counts'), cell: countsCell },
      { key: 'file', header: t('column.file'), title: t('column.file'), hideable: true, truncate: (job) => job.file_name },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: t('column.actions'),
        cell: (job) => <Button type="button" link label={t('details')} aria-label={t('details-label', { id: job.id })} onClick={() => onDetailsRef.current(job)} />,
      },
    ];
  }, [t, language, statusTags]);

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'denied') return <ErrorState message={t('denied')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('empty')} />;

  return (
    <>
      <FastTable rows={state.list} rowKey={(job) => job.id} columns={columns} label={t('table-label')} busy={busy} busyLabel={t('loading')} columnsKey="dns-jobs.jobs" />
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
