/**
 * Per-instance store of `<ec-job-detail>`: one task (rules §3 "Cache task", §4 "Task"), and for a cache task a page of
 * its URLs with their result and reason, filtered by result. While the task runs, the job stream pushes its progress
 * (no polling); the URL page is reloaded at most once a second while it changes, and once when the task finishes.
 */
import { batch, signal } from '@preact/signals-react';
import { ApiError, NOT_FOUND_CODE } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import { getCacheTaskDetail, retryCacheTask, type CacheTaskDetail, type CacheTaskSubmitted, type CacheUrlResult } from '../../core/api/endpoints/cache-tasks.js';
import { FINISHED_JOB_STATES, getJob, type JobInfo } from '../../core/api/endpoints/platform.js';
import { followJobs } from '../../core/api/job-stream.js';
import { DEFAULT_PAGE_SIZE } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** The task as loaded. */
export type DetailState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  | { status: 'ready'; job: JobInfo; urls: Omit<CacheTaskDetail, 'job'> | null };

/** The retry's outcome. */
export type RetryOutcome = { status: 'idle' } | { status: 'retrying' } | { status: 'retried'; answer: CacheTaskSubmitted } | { status: 'refused'; message: string };

/** Least time between two reloads of the URL page while the task runs. */
export const URL_RELOAD_INTERVAL_MS = 1000;

/** Whether a job is a cache task (it has per-URL results). */
export function isCacheJob(job: Pick<JobInfo, 'type'>): boolean {
  return job.type === 'cache.purge' || job.type === 'cache.prefetch';
}

/** Creates a store. */
export function createJobDetailStore() {
  const state = signal<DetailState>({ status: 'loading' });
  const result = signal<CacheUrlResult | ''>('');
  const page = signal({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const retry = signal<RetryOutcome>({ status: 'idle' });
  /** The live stream gave up: the page says so and a refresh follows again. */
  const liveStopped = signal(false);

  let generation = 0;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let lastReload = 0;

  async function load(client: ApiClient, id: number): Promise<void> {
    const current = ++generation;
    if (state.value.status !== 'ready' || state.value.job.id !== id) state.value = { status: 'loading' };
    try {
      const job = await getJob(client, id);
      if (isCacheJob(job)) {
        const detail = await getCacheTaskDetail(client, { id, page: page.value.page, per_page: page.value.pageSize, result: result.value || undefined });
        const { job: latest, ...rest } = detail;
        if (current !== generation) return;
        state.value = { status: 'ready', job: latest, urls: rest };
        lastReload = Date.now();
        return;
      }
      if (current !== generation) return;
      state.value = { status: 'ready', job, urls: null };
    } catch (error) {
      if (current !== generation) return;
      state.value = error instanceof ApiError && error.code === NOT_FOUND_CODE ? { status: 'not-found' } : { status: 'error' };
    }
  }

  /** Applies a pushed change of the task; reloads its URLs (throttled) while they change. */
  function onJob(client: ApiClient, job: JobInfo): void {
    const current = state.value;
    if (current.status !== 'ready' || current.job.id !== job.id) return;
    state.value = { ...current, job };
    if (!isCacheJob(job)) return;
    const finished = FINISHED_JOB_STATES.includes(job.state);
    clearTimeout(reloadTimer);
    const wait = finished ? 0 : Math.max(0, lastReload + URL_RELOAD_INTERVAL_MS - Date.now());
    reloadTimer = setTimeout(() => void load(client, job.id), wait);
  }

  /** Follows the task's changes through the job stream; answers the stop function. */
  function follow(client: ApiClient, id: number): () => void {
    liveStopped.value = false;
    const stop = followJobs(client, {
      onJob: (job) => {
        if (job.id === id) onJob(client, job);
      },
      onReconnected: () => void load(client, id),
      onStopped: () => (liveStopped.value = true),
    });
    return () => {
      stop();
      clearTimeout(reloadTimer);
    };
  }

  /** Retries the failed URLs as a new task. */
  async function retryFailed(client: ApiClient, id: number): Promise<CacheTaskSubmitted | null> {
    retry.value = { status: 'retrying' };
    try {
      const answer = await retryCacheTask(client, id);
      retry.value = { status: 'retried', answer };
      return answer;
    } catch (error) {
      retry.value = { status: 'refused', message: error instanceof Error ? error.message : String(error) };
      return null;
    }
  }

  function setResult(value: CacheUrlResult | ''): void {
    batch(() => {
      result.value = value;
      page.value = { ...page.value, page: 1 };
    });
  }

  return { state, result, page, retry, liveStopped, load, follow, retryFailed, setResult };
}

/** The store type. */
export type JobDetailStore = ReturnType<typeof createJobDetailStore>;

const stores = instanceStores<JobDetailStore>();

/** The store of one element. */
export function jobDetailStoreFor(host: HTMLElement): JobDetailStore {
  return stores(host, createJobDetailStore);
}
