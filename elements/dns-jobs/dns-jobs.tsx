/**
 * `<ec-dns-jobs>`: the DNS job list (rules §3 DNS "Job": creation time, operator, operation type, status; rules §4
 * waiting, in progress, success, fail) and, with `view="detail-list"`, the rows of one job with their results (shell
 * §2 jobList, jobList/detail-list). Running jobs are refreshed every few seconds while the page is visible.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo } from 'react';
import { DNS_JOB_TYPES, type DnsJob, type DnsJobStatus } from '../../core/api/endpoints/dns.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { usePageVisible } from '../../core/ui/use-page-visible.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import type { PageChange } from '../../core/ui/parts/pager.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';
import { isJobRunning, JOB_TYPE_KEYS, jobOutcomeTags, jobStatusTags } from '../dns-shared/job-labels.js';
import { DNS_ROUTES, rememberSelectedJob, selectedJobFromStorage } from '../dns-shared/routes.js';
import { DNS_JOB_OPENED_EVENT } from './events.js';
import { DetailView } from './parts/detail-view.js';
import { JobTable } from './parts/job-table.js';
import { dnsJobsStoreFor } from './store.js';
import { useNavigate } from '../../core/ui/parts/nav-link.js';

/** How often a page with running jobs is refreshed. */
export const REFRESH_MS = 3000;

/** Props of the component (attributes of the element). */
export interface DnsJobsProps {
  /** `list` (default) or `detail-list`. */
  view?: string;
  /** The job the detail list shows; without it, the job last opened from the list, else the latest. */
  jobId?: number;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** Refreshes with `reload` every {@link REFRESH_MS} while `active` and the page is visible. */
function useRefreshWhile(active: boolean, reload: () => void): void {
  const visible = usePageVisible();
  useEffect(() => {
    if (!active || !visible) return undefined;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, visible, reload]);
}

/** The DNS jobs. */
export function DnsJobs({ view, jobId, pageSize, viewState }: DnsJobsProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const navigate = useNavigate();
  const t = useT();
  const detail = view === 'detail-list';
  const store = dnsJobsStoreFor(host, client, { pageSize, viewState, detail });
  useViewStateReport(detail ? store.detailViewState.value : store.listViewState.value);

  const filters = store.filters.value;
  const jobs = store.jobs;
  const details = store.details;
  const statusTags = useMemo(() => jobStatusTags(t), [t]);
  const outcomeTags = useMemo(() => jobOutcomeTags(t), [t]);
  const typeOptions = useMemo(() => DNS_JOB_TYPES.map((type) => ({ value: type, label: t(JOB_TYPE_KEYS[type]) })), [t]);
  const statusOptions = useMemo(() => statusTags.map(({ value, label }) => ({ value: value as DnsJobStatus, label })), [statusTags]);
  const listState = jobs.state.value;
  const detailState = details.state.value;
  const listRunning = listState.status === 'ready' && listState.list.some((job) => isJobRunning(job.status));
  const detailRunning = detailState.status === 'ready' && isJobRunning(detailState.extra.status);

  const openDetails = (job: DnsJob) => {
    rememberSelectedJob(job.id);
    emit(DNS_JOB_OPENED_EVENT, { id: job.id });
    navigate({ route: DNS_ROUTES.jobDetails });
  };
  const reloadList = useMemo(() => () => void jobs.load(), [jobs]);
  const reloadDetails = useMemo(() => () => void details.load(), [details]);
  const onPage = ({ page, pageSize: size }: PageChange) => jobs.setPage(page, size);
  const onDetailPage = ({ page, pageSize: size }: PageChange) => details.setPage(page, size);

  useEffect(() => {
    if (!detail) void jobs.load();
  }, [detail, jobs, filters, jobs.page.value, jobs.size.value]);
  useEffect(() => {
    if (!detail) return;
    // The job to show: the attribute, else the one opened from the list, else the latest job.
    void store.loadRecent().then((recent) => {
      const chosen = jobId ?? selectedJobFromStorage() ?? recent[0]?.id ?? null;
      if (chosen !== null && chosen !== store.jobId.value) store.selectJob(chosen);
    });
  }, [detail, jobId, store]);
  useEffect(() => {
    if (detail && store.jobId.value !== null) void details.load();
  }, [detail, details, store.jobId.value, store.result.value, details.page.value, details.size.value]);
  useRefreshWhile(!detail && listRunning, reloadList);
  useRefreshWhile(detail && detailRunning, reloadDetails);

  if (detail) {
    return (
      <div className="ec-root ec-stack ec-dns-jobs">
        <DetailView
          jobId={store.jobId.value}
          recent={store.recent.value}
          state={detailState}
          busy={details.busy.value}
          page={details.page.value}
          pageSize={details.size.value}
          result={store.result.value}
          onJob={(id) => {
            rememberSelectedJob(id);
            store.selectJob(id);
          }}
          onResult={store.setResult}
          onPage={onDetailPage}
          onRefresh={reloadDetails}
        />
      </div>
    );
  }

  return (
    <div className="ec-root ec-stack ec-dns-jobs">
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
        <FilterField label={t('filter.type')} allLabel={t('filter.all-types')} value={filters.type} options={typeOptions} onChange={(value) => store.setFilter('type', value)} />
        <FilterField label={t('filter.status')} allLabel={t('filter.all-statuses')} value={filters.status} options={statusOptions} onChange={(value) => store.setFilter('status', value)} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={reloadList} />
      </div>
      <JobTable
        state={listState}
        busy={jobs.busy.value}
        page={jobs.page.value}
        pageSize={jobs.size.value}
        statusTags={outcomeTags}
        onDetails={openDetails}
        onPage={onPage}
        onRetry={reloadList}
      />
    </div>
  );
}
