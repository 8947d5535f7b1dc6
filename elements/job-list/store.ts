/**
 * Per-instance store of `<ec-job-list>`: filters, the current page of jobs and the polling of unfinished jobs
 * (rules §4 "Task"). It is kept per host element, so moving the element (which unmounts React) keeps its filters and
 * page; polling belongs to the mounted component, which starts it when shown and stops it when removed or hidden.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  cancelJob,
  FINISHED_JOB_STATES,
  getJob,
  listJobs,
  type JobInfo,
  type JobListQuery,
  type JobState,
} from '../../core/api/endpoints/platform.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** How often unfinished jobs are asked for their progress. */
export const POLL_INTERVAL_MS = 3000;

/** The list's state: the first load, a failed load, or a page of jobs. */
export type JobListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: JobInfo[]; total: number };

/** The filters; '' means all. */
export interface JobListFilters {
  state: JobState | '';
  type: string;
}

/** Attributes the store starts from. */
export interface JobListSettings {
  /** Job type the type filter starts with (the `type` attribute). */
  type?: string;
  /** Rows per page (the `page-size` attribute); anything but 10/20/50/100 gives 10 (shell §9). */
  pageSize?: number;
}

/** Whether a job can still change (and be canceled). */
export function isUnfinished(job: Pick<JobInfo, 'state'>): boolean {
  return !FINISHED_JOB_STATES.includes(job.state);
}

/** A page size of shell §9, or the default. */
export function pageSizeOrDefault(value: unknown): number {
  return (PAGE_SIZES as readonly unknown[]).includes(value) ? (value as number) : DEFAULT_PAGE_SIZE;
}

/** Creates a store; {@link jobListStoreFor} gives each element its own. */
export function createJobListStore(settings: JobListSettings = {}) {
  const state = signal<JobListState>({ status: 'loading' });
  const filters = signal<JobListFilters>({ state: '', type: settings.type ?? '' });
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  /** A reload is running while rows from the previous one are shown. */
  const busy = signal(false);
  /** A progress request failed; polling waits for a reload instead of repeating the failure every few seconds. */
  const pollFailed = signal(false);
  /** Jobs whose cancel request is in flight. */
  const canceling = signal<ReadonlySet<number>>(new Set());

  const query = computed<JobListQuery>(() => ({
    page: page.value,
    per_page: pageSize.value,
    state: filters.value.state || undefined,
    type: filters.value.type || undefined,
  }));
  const unfinishedIds = computed(() => (state.value.status === 'ready' ? state.value.list.filter(isUnfinished).map((job) => job.id) : []));

  // Each load gets a number; an answer for an older load (or a poll started before it) is dropped.
  let generation = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pollClient: ApiClient | null = null;

  function replaceJobs(updated: readonly JobInfo[]): void {
    const current = state.value;
    if (current.status !== 'ready') return;
    const byId = new Map(updated.map((job) => [job.id, job]));
    state.value = { ...current, list: current.list.map((job) => byId.get(job.id) ?? job) };
  }

  function clearPollTimer(): void {
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  function schedulePoll(): void {
    clearPollTimer();
    if (!pollClient || pollFailed.value || unfinishedIds.value.length === 0) return;
    pollTimer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
  }

  async function poll(): Promise<void> {
    pollTimer = undefined;
    const client = pollClient;
    const ids = unfinishedIds.value;
    if (!client || ids.length === 0) return;
    const started = generation;
    try {
      const jobs = await Promise.all(ids.map((id) => getJob(client, id)));
      if (started !== generation) return;
      replaceJobs(jobs);
    } catch {
      if (started !== generation) return;
      pollFailed.value = true;
    }
    schedulePoll();
  }

  /** Loads the current page with the current filters; rows already shown stay until the answer arrives. */
  async function load(client: ApiClient): Promise<void> {
    const current = ++generation;
    clearPollTimer();
    batch(() => {
      pollFailed.value = false;
      if (state.value.status === 'ready') busy.value = true;
      else state.value = { status: 'loading' };
    });
    try {
      const answer = await listJobs(client, query.value);
      if (current !== generation) return;
      state.value = { status: 'ready', list: answer.list, total: answer.total };
    } catch {
      if (current !== generation) return;
      state.value = { status: 'error' };
    } finally {
      if (current === generation) busy.value = false;
    }
    schedulePoll();
  }

  /** Starts polling unfinished jobs of the page with `client` (the component calls it while it is shown). */
  function startPolling(client: ApiClient): void {
    pollClient = client;
    schedulePoll();
  }

  /** Stops polling (the element was removed or the page hidden). */
  function stopPolling(): void {
    pollClient = null;
    clearPollTimer();
  }

  // The attribute values last applied, so a re-mount (the element moved) does not reset what the user chose.
  let applied: JobListSettings = { ...settings };

  /** Applies changed attributes: a new `type` replaces the type filter, a new `page-size` goes back to page 1. */
  function applySettings(next: JobListSettings): void {
    if (next.type !== undefined && next.type !== applied.type) setFilter('type', next.type);
    if (next.pageSize !== undefined && next.pageSize !== applied.pageSize) setPage(1, next.pageSize);
    applied = { ...next };
  }

  /** Changes a filter; back to page 1. */
  function setFilter<Name extends keyof JobListFilters>(name: Name, value: JobListFilters[Name]): void {
    if (filters.value[name] === value) return;
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      page.value = 1;
    });
  }

  /** Goes to a page, or changes the page size (which goes back to page 1, as the pager asks). */
  function setPage(next: number, size: number = pageSize.value): void {
    batch(() => {
      page.value = next;
      pageSize.value = pageSizeOrDefault(size);
    });
  }

  /**
   * Cancels a job; answers the job as the server now has it, or null when the server refused (the client has shown
   * its message, e.g. the job finished in the meantime, so the page is reloaded to show the real state).
   */
  async function cancel(client: ApiClient, id: number): Promise<JobInfo | null> {
    canceling.value = new Set([...canceling.value, id]);
    try {
      const job = await cancelJob(client, id);
      replaceJobs([job]);
      return job;
    } catch {
      void load(client);
      return null;
    } finally {
      const rest = new Set(canceling.value);
      rest.delete(id);
      canceling.value = rest;
    }
  }

  return {
    state,
    filters,
    page,
    pageSize,
    busy,
    pollFailed,
    canceling,
    query,
    load,
    startPolling,
    stopPolling,
    applySettings,
    setFilter,
    setPage,
    cancel,
  };
}

/** The store type. */
export type JobListStore = ReturnType<typeof createJobListStore>;

const stores = instanceStores<JobListStore>();

/** The store of one element, created on first use with the element's attributes. */
export function jobListStoreFor(host: HTMLElement, settings: JobListSettings): JobListStore {
  return stores(host, () => createJobListStore(settings));
}
