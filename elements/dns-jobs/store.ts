/**
 * Per-instance store of `<ec-dns-jobs>`: the job list with its filters (rules §3 operation type, §4 status) and the
 * detail list of one job (rules §3 detail: host, type, line, value; with each row's result). Kept per host element,
 * so moving the element keeps what the user chose.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  DNS_JOB_ITEM_RESULTS,
  DNS_JOB_STATUSES,
  DNS_JOB_TYPES,
  listDnsJobDetails,
  listDnsJobs,
  type DnsJob,
  type DnsJobItem,
  type DnsJobItemResult,
  type DnsJobStatus,
  type DnsJobType,
} from '../../core/api/endpoints/dns.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { createPagedList } from '../../core/ui/paged-list.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** The list filters; '' means all. */
export interface JobFilters {
  type: DnsJobType | '';
  status: DnsJobStatus | '';
}

/** Creates the store of one element. */
export function createDnsJobsStore(client: ApiClient, pageSize?: number) {
  const filters = signal<JobFilters>({ type: '', status: '' });
  const jobs = createPagedList<DnsJob>(
    (page, perPage) =>
      listDnsJobs(client, { page, per_page: perPage, type: filters.value.type || undefined, status: filters.value.status || undefined }, { notify: false }),
    pageSize,
  );

  const jobId = signal<number | null>(null);
  const result = signal<DnsJobItemResult | ''>('');
  const details = createPagedList<DnsJobItem, DnsJob>(async (page, perPage) => {
    const answer = await listDnsJobDetails(client, { job_id: jobId.value as number, page, per_page: perPage, result: result.value || undefined }, { notify: false });
    return { list: answer.list, total: answer.total, extra: answer.job };
  }, pageSize);
  /** Recent jobs offered by the detail page's job picker; null until the first load settles. */
  const recent = signal<DnsJob[] | null>(null);

  /** Changes a list filter; back to page 1. */
  function setFilter<Name extends keyof JobFilters>(name: Name, value: JobFilters[Name]): void {
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      jobs.page.value = 1;
    });
  }

  /** Shows another job's details, from its first page. */
  function selectJob(id: number): void {
    batch(() => {
      jobId.value = id;
      details.page.value = 1;
    });
  }

  /** Filters the detail rows by result; back to page 1. */
  function setResult(value: DnsJobItemResult | ''): void {
    batch(() => {
      result.value = value;
      details.page.value = 1;
    });
  }

  /** Loads the jobs the picker offers; answers them. */
  async function loadRecent(): Promise<DnsJob[]> {
    try {
      const answer = await listDnsJobs(client, { page: 1, per_page: 50 }, { notify: false });
      recent.value = answer.list;
    } catch {
      recent.value = [];
    }
    return recent.value;
  }

  const defaultSize = pageSizeOrDefault(pageSize);
  /** The job list's bookmarkable view (core/ui/view-state.ts): filters, page and page size that differ from the defaults. */
  const listViewState = computed(() =>
    viewStateText({ type: filters.value.type, status: filters.value.status, page: jobs.page.value, size: jobs.size.value }, { page: 1, size: defaultSize }),
  );
  /** The detail list's bookmarkable view: the result filter, page and page size (the job is in the route's storage). */
  const detailViewState = computed(() => viewStateText({ result: result.value, page: details.page.value, size: details.size.value }, { page: 1, size: defaultSize }));

  /** Starts from a bookmarked view; values that are not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined, detail: boolean): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const page = Number(params.get('page'));
    const list = detail ? details : jobs;
    batch(() => {
      if (detail) {
        const wanted = params.get('result') ?? '';
        result.value = (DNS_JOB_ITEM_RESULTS as readonly string[]).includes(wanted) ? (wanted as DnsJobItemResult) : '';
      } else {
        const type = params.get('type') ?? '';
        const status = params.get('status') ?? '';
        filters.value = {
          type: (DNS_JOB_TYPES as readonly string[]).includes(type) ? (type as DnsJobType) : '',
          status: (DNS_JOB_STATUSES as readonly string[]).includes(status) ? (status as DnsJobStatus) : '',
        };
      }
      if (params.has('size')) list.size.value = pageSizeOrDefault(Number(params.get('size')));
      list.page.value = Number.isSafeInteger(page) && page > 0 ? page : 1;
    });
  }

  return { filters, jobs, jobId, result, details, recent, listViewState, detailViewState, restoreViewState, setFilter, selectJob, setResult, loadRecent };
}

/** The store type. */
export type DnsJobsStore = ReturnType<typeof createDnsJobsStore>;

const stores = instanceStores<DnsJobsStore>();

/** The store of one element, created on first use (and again when its API client changes). */
export function dnsJobsStoreFor(host: HTMLElement, client: ApiClient, settings: { pageSize?: number; viewState?: string; detail: boolean }): DnsJobsStore {
  return stores(
    host,
    () => {
      const store = createDnsJobsStore(client, settings.pageSize);
      store.restoreViewState(settings.viewState, settings.detail);
      return store;
    },
    client,
  );
}
