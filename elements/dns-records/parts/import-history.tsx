/**
 * The import history (shell §2 domainList/importLog "import history"): the import jobs, newest first, with file,
 * operator, status and result counts, each opening its details on the job detail list.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useEffect, useMemo } from 'react';
import type { DnsJob } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
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
          <DataTable
            value={state.list}
            dataKey="id"
            lazy
            loading={imports.busy.value}
            cellMemo={false}
            size="small"
            pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('history.title') } as never }}
          >
            <Column header={t('history.created')} body={(job: DnsJob) => <span className="ec-nowrap">{formatLogTime(job.created_at)}</span>} />
            <Column header={t('history.file')} field="file_name" />
            <Column header={t('history.operator')} field="operator" />
            <Column header={t('history.status')} body={(job: DnsJob) => <StatusTag settings={tags} value={jobOutcome(job)} />} />
            <Column
              header={t('history.counts')}
              body={(job: DnsJob) =>
                tJobs('counts', {
                  succeeded: formatCount(job.succeeded, language),
                  skipped: formatCount(job.skipped, language),
                  failed: formatCount(job.failed, language),
                  total: formatCount(job.total, language),
                })
              }
            />
            <Column
              header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions"
              body={(job: DnsJob) => <Button type="button" link label={tJobs('details')} aria-label={tJobs('details-label', { id: job.id })} onClick={() => open(job)} />}
            />
          </DataTable>
          <Pager page={imports.page.value} pageSize={imports.size.value} total={state.total} onChange={({ page, pageSize }) => imports.setPage(page, pageSize)} />
        </>
      )}
    </section>
  );
}
