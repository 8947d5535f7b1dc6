/**
 * Per-instance store of `<ec-packages>`: the account's plans (`V4/member.package.list`) and the package changes
 * started from this page, followed live on the shared job stream (DESIGN §4), so a change's progress shows in its
 * plan's card and the plan is read again when the job ends.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { followJobs } from '../../core/api/job-stream.js';
import { changePackage, listPackages, type PackageChange, type PackageInfo } from '../../core/api/endpoints/packages.js';
import { getJob, type JobInfo } from '../../core/api/endpoints/platform.js';

/** The list as loaded. */
export type PackagesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: PackageInfo[] };

/** A change started from this page and where its job stands. */
export interface TrackedChange {
  jobId: number;
  kind: PackageChange['kind'];
  planId: number;
  state: JobInfo['state'];
  progress: number;
  /** Why the job failed (a `rules` key when the job refused the change); empty otherwise. */
  reason: string;
}

const FINISHED: readonly JobInfo['state'][] = ['complete', 'failed', 'canceled'];

/** Whether a job state is final. */
export function isFinished(state: JobInfo['state']): boolean {
  return FINISHED.includes(state);
}

/** Creates the store. */
export function createPackagesStore(client: ApiClient) {
  const state = signal<PackagesState>({ status: 'loading' });
  /** The newest change per plan. */
  const changes = signal<ReadonlyMap<number, TrackedChange>>(new Map());
  /** The job stream gave up: progress no longer moves until the page is refreshed. */
  const liveStopped = signal(false);
  let stopFollowing: (() => void) | null = null;

  async function load(quiet = false): Promise<void> {
    if (!quiet) state.value = { status: 'loading' };
    try {
      state.value = { status: 'ready', list: (await listPackages(client)).list };
    } catch {
      if (!quiet || state.value.status !== 'ready') state.value = { status: 'error' };
    }
  }

  function track(change: TrackedChange): void {
    const next = new Map(changes.value);
    next.set(change.planId, change);
    changes.value = next;
  }

  function onJob(job: JobInfo): void {
    const tracked = [...changes.value.values()].find((change) => change.jobId === job.id);
    if (!tracked || isFinished(tracked.state)) return;
    track({ ...tracked, state: job.state, progress: job.progress, reason: job.reason });
    // The plan changed (or the job found it could not): read it again so the card shows what is now true.
    if (isFinished(job.state)) void load(true);
  }

  /** Reads tracked jobs that have not finished once (changes the stream could not tell while it was not connected). */
  async function catchUp(): Promise<void> {
    const open = [...changes.value.values()].filter((change) => !isFinished(change.state));
    await Promise.all(
      open.map(async (change) => {
        try {
          onJob(await getJob(client, change.jobId));
        } catch {
          // The stream still reports it; a failed read changes nothing on screen.
        }
      }),
    );
  }

  /** Follows the job stream (the page opens it on load, so it is connected before the first change is sent). */
  function follow(): void {
    if (stopFollowing) return;
    liveStopped.value = false;
    stopFollowing = followJobs(client, {
      onJob,
      onReconnected: () => void load(true),
      // Also on the first connection: a change started before the stream was ready may have finished unheard.
      onConnected: () => void catchUp(),
      onStopped: () => {
        stopFollowing = null;
        liveStopped.value = true;
      },
    });
  }

  /** Starts a change; answers its job id. Throws the API error (the dialog shows it and keeps what was typed). */
  async function start(change: PackageChange): Promise<number> {
    follow();
    const { job_id: jobId } = await changePackage(client, change);
    // The stream may have reported the job before this answer arrived; the job's own events move it on from here.
    if (changes.value.get(change.plan_id)?.jobId !== jobId) track({ jobId, kind: change.kind, planId: change.plan_id, state: 'not_started', progress: 0, reason: '' });
    // A short job can end before the stream (re)connects: read it once, the stream moves it on from there.
    void catchUp();
    return jobId;
  }

  function dispose(): void {
    stopFollowing?.();
    stopFollowing = null;
  }

  return { state, changes, liveStopped, load, start, follow, catchUp, dispose };
}

/** The store type. */
export type PackagesStore = ReturnType<typeof createPackagesStore>;
