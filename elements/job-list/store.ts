/**
 * Per-instance store of `<ec-job-list>`: filters (state, type, creation time), the current page of jobs, and the live
 * updates of the jobs on it (rules §4 "Task"). The server pushes every job change through the job stream (DESIGN §4:
 * nothing polls per row): a job on the page is replaced in place, a new job that belongs on the first page reloads
 * it. The store is kept per host element, so moving the element (which unmounts React) keeps its filters and page;
 * following the stream belongs to the mounted component.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { cancelJob, FINISHED_JOB_STATES, JOB_STATES, listJobs, type JobInfo, type JobListQuery, type JobState } from '../../core/api/endpoints/platform.js';
import { followJobs } from '../../core/api/job-stream.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';
import { isTimeRange, timeRangeBounds, type TimeRange } from './time-ranges.js';

/** Least time between two reloads caused by new jobs arriving on the stream. */
export const NEW_JOB_RELOAD_MS = 1000;
/** Most rows an export holds (rules §9 "Log list / download": 10000). */
export const EXPORT_MAX_ROWS = 10_000;

/** The list's state: the first load, a failed load, or a page of jobs. */
export type JobListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: JobInfo[]; total: number };

/** The filters; '' means all. */
export interface JobListFilters {
  state: JobState | '';
  type: string;
  range: TimeRange | '';
}

/** What the list shows: page, size and filters, with the time range not yet resolved to times. */
export interface JobListView extends JobListQuery {
  range: TimeRange | '';
}

/** Attributes the store starts from. */
export interface JobListSettings {
  /** Job type the type filter starts with (the `type` attribute). */
  type?: string;
  /** Rows per page (the `page-size` attribute); anything but 10/20/50/100 gives 10 (shell §9). */
  pageSize?: number;
  /** The bookmarked view (the `view-state` attribute). */
  viewState?: string;
}

/** Whether a job can still change. */
export function isUnfinished(job: Pick<JobInfo, 'state'>): boolean {
  return !FINISHED_JOB_STATES.includes(job.state);
}

/**
 * Whether a job may be canceled from the list. Rules §4: a cache task is canceled before it starts (a purge already
 * sent to the edge cannot be taken back); other long tasks stop between steps, so any unfinished one may be.
 */
export function isCancelable(job: Pick<JobInfo, 'state' | 'type'>): boolean {
  if (job.type === 'cache.purge' || job.type === 'cache.prefetch') return job.state === 'not_started';
  return isUnfinished(job);
}

/** A page size of shell §9, or the default. */
export function pageSizeOrDefault(value: unknown): number {
  return (PAGE_SIZES as readonly unknown[]).includes(value) ? (value as number) : DEFAULT_PAGE_SIZE;
}

/** Creates a store; {@link jobListStoreFor} gives each element its own. */
export function createJobListStore(settings: JobListSettings = {}) {
  const state = signal<JobListState>({ status: 'loading' });
  const filters = signal<JobListFilters>({ state: '', type: settings.type ?? '', range: '' });
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  /** A reload is running while rows from the previous one are shown. */
  const busy = signal(false);
  /** The live stream gave up; the list says so and a refresh follows again. */
  const liveStopped = signal(false);
  /** Jobs whose cancel request is in flight. */
  const canceling = signal<ReadonlySet<number>>(new Set());
  /** An export is being gathered. */
  const exporting = signal(false);

  const query = computed<JobListView>(() => ({
    page: page.value,
    per_page: pageSize.value,
    state: filters.value.state || undefined,
    type: filters.value.type || undefined,
    range: filters.value.range,
  }));

  /** The filters as the list call takes them, with the time range resolved now. */
  function callQuery(): JobListQuery {
    const { range, ...rest } = query.value;
    return range ? { ...rest, ...timeRangeBounds(range, Date.now()) } : rest;
  }

  // Each load gets a number; an answer for an older load is dropped.
  let generation = 0;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let lastLoad = 0;

  function replaceJobs(updated: readonly JobInfo[]): void {
    const current = state.value;
    if (current.status !== 'ready') return;
    const byId = new Map(updated.map((job) => [job.id, job]));
    state.value = { ...current, list: current.list.map((job) => byId.get(job.id) ?? job) };
  }

  /** Loads the current page with the current filters; rows already shown stay until the answer arrives. */
  async function load(client: ApiClient): Promise<void> {
    const current = ++generation;
    clearTimeout(reloadTimer);
    lastLoad = Date.now();
    batch(() => {
      if (state.value.status === 'ready') busy.value = true;
      else state.value = { status: 'loading' };
    });
    try {
      const answer = await listJobs(client, callQuery());
      if (current !== generation) return;
      state.value = { status: 'ready', list: answer.list, total: answer.total };
    } catch {
      if (current !== generation) return;
      state.value = { status: 'error' };
    } finally {
      if (current === generation) busy.value = false;
    }
  }

  /** Whether a job the list does not show belongs on its first page under the current filters. */
  function belongsOnFirstPage(job: JobInfo): boolean {
    const { state: wanted, type } = filters.value;
    return page.value === 1 && (!wanted || job.state === wanted) && (!type || job.type === type);
  }

  /** A job changed on the server: replace it in place, or reload when a new one belongs on the page. */
  function onJob(client: ApiClient, job: JobInfo): void {
    const current = state.value;
    if (current.status !== 'ready') return;
    if (current.list.some((item) => item.id === job.id)) {
      // A state filter the job no longer matches still shows its final state until the next reload.
      replaceJobs([job]);
      return;
    }
    if (!belongsOnFirstPage(job)) return;
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => void load(client), Math.max(0, lastLoad + NEW_JOB_RELOAD_MS - Date.now()));
  }

  /** Follows the account's job stream with `client` (while the element is shown); answers the stop function. */
  function follow(client: ApiClient): () => void {
    liveStopped.value = false;
    const stop = followJobs(client, {
      onJob: (job) => onJob(client, job),
      onReconnected: () => void load(client),
      onStopped: () => (liveStopped.value = true),
    });
    return () => {
      stop();
      clearTimeout(reloadTimer);
    };
  }

  // The attribute values last applied, so a re-mount (the element moved) does not reset what the user chose.
  let applied: JobListSettings = { ...settings };

  /** Applies changed attributes: a new `type` replaces the type filter, a new `page-size` goes back to page 1. */
  function applySettings(next: JobListSettings): void {
    if (next.type !== undefined && next.type !== applied.type) setFilter('type', next.type);
    if (next.pageSize !== undefined && next.pageSize !== applied.pageSize) setPage(1, next.pageSize);
    applied = { ...applied, ...next };
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

  /** The bookmarkable view (core/ui/view-state.ts): filters, page and page size that differ from the defaults. */
  const viewState = computed(() =>
    viewStateText(
      { state: filters.value.state, type: filters.value.type, range: filters.value.range, page: page.value, size: pageSize.value },
      { type: settings.type ?? '', page: 1, size: pageSizeOrDefault(settings.pageSize) },
    ),
  );

  /** Starts from a bookmarked view; values that are not allowed keep their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const wantedState = params.get('state') ?? '';
    const range = params.get('range') ?? '';
    const wantedPage = Number(params.get('page'));
    batch(() => {
      filters.value = {
        state: (JOB_STATES as readonly string[]).includes(wantedState) ? (wantedState as JobState) : '',
        type: params.get('type') ?? filters.value.type,
        range: isTimeRange(range) ? range : '',
      };
      if (params.has('size')) pageSize.value = pageSizeOrDefault(Number(params.get('size')));
      page.value = Number.isSafeInteger(wantedPage) && wantedPage > 0 ? wantedPage : 1;
    });
  }

  /**
   * Every job matching the filters (at most {@link EXPORT_MAX_ROWS}), fetched page by page for an export; null when a
   * page failed (the client has shown why).
   */
  async function gatherForExport(client: ApiClient): Promise<JobInfo[] | null> {
    exporting.value = true;
    try {
      const base = callQuery();
      const rows: JobInfo[] = [];
      for (let next = 1; rows.length < EXPORT_MAX_ROWS; next++) {
        const answer = await listJobs(client, { ...base, page: next, per_page: 100 });
        rows.push(...answer.list);
        if (answer.list.length < 100 || rows.length >= answer.total) break;
      }
      return rows.slice(0, EXPORT_MAX_ROWS);
    } catch {
      return null;
    } finally {
      exporting.value = false;
    }
  }

  /**
   * Cancels a job; answers the job as the server now has it, or null when the server refused (the client has shown
   * its message, e.g. the job started in the meantime, so the page is reloaded to show the real state).
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
    liveStopped,
    canceling,
    exporting,
    query,
    viewState,
    load,
    follow,
    applySettings,
    setFilter,
    setPage,
    restoreViewState,
    gatherForExport,
    cancel,
  };
}

/** The store type. */
export type JobListStore = ReturnType<typeof createJobListStore>;

const stores = instanceStores<JobListStore>();

/** The store of one element, created on first use with the element's attributes. */
export function jobListStoreFor(host: HTMLElement, settings: JobListSettings): JobListStore {
  return stores(host, () => {
    const store = createJobListStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
