/**
 * The import history (shell §2 domainList/importLog "import history"): the import jobs, newest first, with file,
 * operator, status and result counts, each opening its details on the job detail list.
 */
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import type { DnsJob } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { isJobRunning, jobOutcome, jobOutcomeTags } from '../../dns-shared/job-labels.js';
import type { PagedList } from '../../../core/ui/paged-list.js';
import { DNS_ROUTES, rememberSelectedJob } from '../../dns-shared/routes.js';
import { JOB_POLL_MS } from '../../dns-shared/use-dns-job.js';
import { useNavigate } from '../../../core/ui/parts/nav-link.js';

/** Props of {@link ImportHistory}. */
export interface ImportHistoryProps {
  imports: PagedList<DnsJob>;
}

/** The import jobs. */
export function ImportHistory({ imports }: ImportHistoryProps) {
  const { language } = useElement();
  const navigate = useNavigate();
  const t = useT();
  const tJobs = useT('dns-jobs');
  const tags = useMemo(() => jobOutcomeTags(tJobs), [tJobs]);
  const state = imports.state.value;
  const running = state.status === 'ready' && state.list.some((job) => isJobRunning(job.status));

  const open = (job: DnsJob) => {
    rememberSelectedJob(job.id);
    navigate({ route: DNS_ROUTES.jobDetails });
  };

  const openRef = useRef(open);
  openRef.current = open;
  const columns = useMemo(
    (): FastColumn<DnsJob>[] => [
      { key: 'created', className: 'ec-col-primary', header: t('history.created'), cell: (job) => <span className="ec-nowrap">{formatLogTime(job.created_at)}</span> },
      { key: 'file', header: t('history.file'), title: t('history.file'), truncate: (job) => job.file_name },
      { key: 'operator', header: t('history.operator'), title: t('history.operator'), hideable: true, truncate: (job) => job.operator },
      { key: 'status', header: t('history.status'), cell: (job) => <StatusTag settings={tags} value={jobOutcome(job)} /> },
      {
        key: 'counts',
        header: t('history.counts'),
        cell: (job) =>
          tJobs('counts', {
            succeeded: formatCount(job.succeeded, language),
            skipped: formatCount(job.skipped, language),
            failed: formatCount(job.failed, language),
            total: formatCount(job.total, language),
          }),
      },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: t('column.actions'),
        cell: (job) => <Button type="button" link label={tJobs('details')} aria-label={tJobs('details-label', { id: job.id })} onClick={() => openRef.current(job)} />,
      },
    ],
    [t, tJobs, tags, language],
  );

  useEffect(() => {
    void imports.load();
  }, [imports, imports.page.value, imports.size.value]);
  // A job listed while it waits or runs is asked again until it finishes, so its status follows the real outcome
  // instead of staying "waiting" from the moment the import started.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(() => void imports.load(), JOB_POLL_MS);
    return () => clearTimeout(timer);
  }, [imports, running, state]);

  return (
    <section className="ec-stack" aria-label={t('history.title')}>
      <h2 className="ec-dns-preview-title">{t('history.title')}</h2>
      {state.status === 'loading' && <LoadingState message={t('history.loading')} />}
      {state.status === 'denied' && <ErrorState message={t('list.denied')} />}
      {state.status === 'error' && <ErrorState message={t('list.load-failed')} onRetry={() => void imports.load()} />}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={t('history.empty')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <FastTable rows={state.list} rowKey={(job) => job.id} columns={columns} label={t('history.title')} busy={imports.busy.value} busyLabel={t('history.loading')} columnsKey="dns-records.import-history" />
          <Pager page={imports.page.value} pageSize={imports.size.value} total={state.total} onChange={({ page, pageSize }) => imports.setPage(page, pageSize)} />
        </>
      )}
    </section>
  );
}
