/**
 * Per-instance store of `<ec-log-downloads>`: one page of the download tasks, kept current by the job stream (rules §4
 * "Task": state and progress pushed by the server, never polled per row), and one page of the download templates.
 * Kept per host element, so moving the element keeps the page, the filters and an open dialog.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { followJobs } from '../../core/api/job-stream.js';
import { listLogDownloads, listLogTemplates, type LogDownloadTask, type LogListQuery, type LogTemplate, type LogType } from '../../core/api/endpoints/logs.js';
import { FINISHED_JOB_STATES, type JobInfo } from '../../core/api/endpoints/platform.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** A load: first load, failed load, or data. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** The dialog open over a list. */
export type LogDownloadsDialog = { kind: 'task' } | { kind: 'template'; template: LogTemplate | null } | null;

/** Attributes the store starts from. */
export interface LogDownloadsSettings {
  pageSize?: number;
}

/** The job type of download tasks. */
export const LOG_DOWNLOAD_JOB = 'logs.download';
/** Least time between two reloads caused by jobs arriving on the stream. */
const STREAM_RELOAD_MS = 500;

/** One list's paging, filters and rows (tasks or templates). */
export type DownloadList<Row> = ReturnType<typeof createList<Row>>;

/** One list's paging and filters. */
function createList<Row>(pageSize: number, load: (client: ApiClient, query: LogListQuery) => Promise<{ list: Row[]; total: number }>) {
  const keyword = signal('');
  const logType = signal<LogType | ''>('');
  const page = signal(1);
  const size = signal(pageSize);
  const rows = signal<Loaded<{ list: Row[]; total: number }>>({ status: 'loading' });
  const busy = signal(false);
  const query = computed<LogListQuery>(() => ({
    page: page.value,
    per_page: size.value,
    ...(keyword.value ? { keyword: keyword.value } : {}),
    ...(logType.value ? { log_type: logType.value } : {}),
  }));
  let generation = 0;

  async function reload(client: ApiClient): Promise<void> {
    const current = ++generation;
    if (rows.value.status === 'ready') busy.value = true;
    else rows.value = { status: 'loading' };
    try {
      const answer = await load(client, query.value);
      if (current === generation) rows.value = { status: 'ready', data: answer };
    } catch {
      if (current === generation) rows.value = { status: 'error' };
    } finally {
      if (current === generation) busy.value = false;
    }
  }

  return {
    keyword,
    logType,
    page,
    size,
    rows,
    busy,
    query,
    reload,
    setKeyword(next: string) {
      batch(() => {
        keyword.value = next.trim();
        page.value = 1;
      });
    },
    setLogType(next: LogType | '') {
      batch(() => {
        logType.value = next;
        page.value = 1;
      });
    },
    setPage(next: number, nextSize: number = size.value) {
      batch(() => {
        page.value = next;
        size.value = pageSizeOrDefault(nextSize);
      });
    },
  };
}

/** Creates a store; {@link logDownloadsStoreFor} gives each element its own. */
export function createLogDownloadsStore(settings: LogDownloadsSettings = {}) {
  const pageSize = pageSizeOrDefault(settings.pageSize);
  const tasks = createList<LogDownloadTask>(pageSize, listLogDownloads);
  const templates = createList<LogTemplate>(pageSize, listLogTemplates);
  const dialog = signal<LogDownloadsDialog>(null);
  /** The live stream gave up; the list says so and "Reconnect" follows again. */
  const liveStopped = signal(false);
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;

  /** A job change from the stream: a task on the page moves in place; a new or finished one reloads the page. */
  function onJob(client: ApiClient, job: JobInfo): void {
    if (job.type !== LOG_DOWNLOAD_JOB) return;
    const current = tasks.rows.value;
    const shown = current.status === 'ready' ? current.data.list.find((task) => task.id === job.id) : undefined;
    // A finished task needs the list's answer (its result and whether its file is kept), so it reloads too.
    if (shown && current.status === 'ready' && !(FINISHED_JOB_STATES as readonly string[]).includes(job.state)) {
      tasks.rows.value = {
        status: 'ready',
        data: { ...current.data, list: current.data.list.map((task) => (task.id === job.id ? { ...task, state: job.state, progress: job.progress } : task)) },
      };
      return;
    }
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => void tasks.reload(client), STREAM_RELOAD_MS);
  }

  /** Follows the account's job stream (while the tasks view is shown); answers the stop function. */
  function follow(client: ApiClient): () => void {
    liveStopped.value = false;
    const stop = followJobs(client, {
      onJob: (job) => onJob(client, job),
      onReconnected: () => void tasks.reload(client),
      onStopped: () => (liveStopped.value = true),
    });
    return () => {
      stop();
      clearTimeout(reloadTimer);
    };
  }

  let appliedPageSize = settings.pageSize;
  /** A new `page-size` attribute goes back to page 1 of both lists. */
  function applySettings(next: LogDownloadsSettings): void {
    if (next.pageSize === appliedPageSize) return;
    appliedPageSize = next.pageSize;
    tasks.setPage(1, pageSizeOrDefault(next.pageSize));
    templates.setPage(1, pageSizeOrDefault(next.pageSize));
  }

  return {
    tasks,
    templates,
    dialog,
    liveStopped,
    follow,
    applySettings,
    setDialog(next: LogDownloadsDialog) {
      dialog.value = next;
    },
  };
}

/** The store type. */
export type LogDownloadsStore = ReturnType<typeof createLogDownloadsStore>;

const stores = instanceStores<LogDownloadsStore>();

/** The store of one element instance. */
export function logDownloadsStoreFor(host: HTMLElement, settings: LogDownloadsSettings): LogDownloadsStore {
  return stores(host, () => createLogDownloadsStore(settings));
}
