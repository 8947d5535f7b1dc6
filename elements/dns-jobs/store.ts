/**
 * Per-instance store of `<ec-dns-jobs>`: the job list with its filters (rules §3 operation type, §4 status) and the
 * detail list of one job (rules §3 detail: host, type, line, value; with each row's result). Kept per host element,
 * so moving the element keeps what the user chose.
 */
import { batch, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  listDnsJobDetails,
  listDnsJobs,
  type DnsJob,
  type DnsJobItem,
  type DnsJobItemResult,
  type DnsJobStatus,
  type DnsJobType,
} from '../../core/api/endpoints/dns.js';
import { createPagedList } from '../../core/ui/paged-list.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

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

  return { filters, jobs, jobId, result, details, recent, setFilter, selectJob, setResult, loadRecent };
}

/** The store type. */
export type DnsJobsStore = ReturnType<typeof createDnsJobsStore>;

const stores = instanceStores<DnsJobsStore>();

/** The store of one element, created on first use (and again when its API client changes). */
export function dnsJobsStoreFor(host: HTMLElement, client: ApiClient, pageSize?: number): DnsJobsStore {
  return stores(host, () => createDnsJobsStore(client, pageSize), client);
}
