/**
 * The job runner for long tasks (rules §4 "Task": not started, preparing, in progress, complete, failed, canceled,
 * with progress 0-100): purge, prefetch, log downloads, DNS jobs, certificate issuance.
 *
 * A job type registers a handler with an optional `prepare` and a `step` that does one small unit of work and hands
 * back its cursor (`state`) and progress. The runner works in-process: each running job does one unit, then yields to
 * the event loop (setImmediate, or a timer when `stepDelayMs` is set), so requests and other jobs are never blocked
 * behind a long task, and a step that awaits I/O holds up only its own job. Every transition, cursor and progress
 * value is written to SQLite before the next unit runs.
 *
 * After a restart, unfinished jobs resume: a job that was preparing prepares again, a job in progress continues from
 * its last saved cursor (the step that was running when the process stopped runs again, so steps must be safe to
 * repeat). A job whose type no handler is registered for fails with a reason instead of waiting forever.
 *
 * Cancel marks the job canceled at once; a step already running finishes, but its outcome is discarded.
 */
import type { JobInfo, JobState } from '../../../../core/api/endpoints/platform.js';
import { FINISHED_JOB_STATES } from '../../../../core/api/endpoints/platform.js';
import { prepare, type Db, isoTime } from '../database.js';

/** What a handler sees of its job. */
export interface JobContext<P, S> {
  readonly jobId: number;
  readonly memberId: number;
  readonly userId: number;
  readonly params: P;
  /** The cursor saved by the previous step (what `prepare` returned for the first step). */
  readonly state: S;
  readonly db: Db;
  now(): number;
}

/** The outcome of one step: more to do (with the new cursor and progress), or done (with the result). */
export type StepOutcome<S> = { done: false; state: S; progress: number } | { done: true; result?: unknown };

/** The code of one job type. */
export interface JobHandler<P = unknown, S = unknown> {
  /** Runs while the job is "preparing"; returns the first cursor. Must be safe to run again after a restart. */
  prepare?(context: JobContext<P, S | null>): S | Promise<S>;
  /** One small unit of work (milliseconds, not seconds). Throwing fails the job with the error's message. */
  step(context: JobContext<P, S>): StepOutcome<S> | Promise<StepOutcome<S>>;
}

/**
 * An expected failure (bad input found while running, an upstream refusal): the job fails with this reason and the
 * runner does not log it as a crash.
 */
export class JobFailure extends Error {
  override readonly name = 'JobFailure';
}

/** A new job. */
export interface EnqueueOptions<P> {
  memberId: number;
  userId: number;
  /** Shown in the job list: a child's user_name or the parent's e-mail. */
  operator: string;
  type: string;
  params: P;
}

/** The runner's interface; routes reach it as `request.server.jobs`. */
export interface JobRunner {
  /** Registers the handler of a job type (once per type, before or after start). */
  register<P, S>(type: string, handler: JobHandler<P, S>): void;
  /** The registered job types (the job list names each: test/elements/job-list/job-type-labels.test.ts). */
  types(): string[];
  /** Stores a new job as not started and schedules it. */
  enqueue<P>(options: EnqueueOptions<P>): JobInfo;
  /** One job of an account; undefined when it does not exist in that account. */
  get(memberId: number, id: number): JobInfo | undefined;
  /** Cancels an unfinished job of an account; answers the job afterwards, undefined when not found. */
  cancel(memberId: number, id: number): JobInfo | undefined;
  /** Resolves when the job reaches a finished state. */
  waitFor(id: number): Promise<JobInfo>;
  /** Picks up unfinished jobs (after a restart) and starts working. */
  start(): void;
  /** Stops after the step in flight; unfinished jobs stay stored and resume on the next start. */
  stop(): Promise<void>;
  /**
   * Calls `listener` with the stored row after every change of any job (created, state, progress, finished), so a
   * stream can push progress instead of clients polling; answers the unsubscribe function.
   */
  onChange(listener: (row: JobRow) => void): () => void;
}

/** Runner settings. */
export interface JobRunnerOptions {
  db: Db;
  now: () => number;
  /** Pause between units of work; 0 runs the next unit on the next event-loop turn. */
  stepDelayMs?: number;
  /** Jobs worked on at the same time (default 4); others wait their turn in creation order. */
  concurrency?: number;
  /** Where crashes of handlers are reported. */
  onError?: (error: unknown, job: JobInfo) => void;
}

/** A stored job row, for the list queries of the jobs route. */
export interface JobRow {
  id: number;
  member_id: number;
  user_id: number;
  operator: string;
  type: string;
  state: JobState;
  progress: number;
  params: string;
  step_state: string | null;
  result: string;
  reason: string;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
}

const FINISHED = new Set<JobState>(FINISHED_JOB_STATES);
const UNFINISHED_SQL = `state NOT IN (${FINISHED_JOB_STATES.map((state) => `'${state}'`).join(', ')})`;

/** The answer shape of a stored job. */
export function toJobInfo(row: JobRow): JobInfo {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    progress: row.progress,
    params: JSON.parse(row.params) as unknown,
    result: JSON.parse(row.result) as unknown,
    reason: row.reason,
    operator: row.operator,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    started_at: isoTime(row.started_at),
    finished_at: isoTime(row.finished_at),
  };
}

function clampProgress(progress: number): number {
  // 100 means complete; a running job shows at most 99 so the bar never looks done before it is.
  return Number.isFinite(progress) ? Math.min(99, Math.max(0, Math.round(progress))) : 0;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Creates the runner of a database. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, now } = options;
  const delay = options.stepDelayMs ?? 0;
  const concurrency = options.concurrency ?? 4;
  const handlers = new Map<string, JobHandler<unknown, unknown>>();
  const waiting: number[] = [];
  const driving = new Map<number, Promise<void>>();
  const waiters = new Map<number, Array<(job: JobInfo) => void>>();
  const listeners = new Set<(row: JobRow) => void>();
  let running = false;

  const byId = (id: number) => prepare(db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;

  /** Writes a change unless the job already finished (a cancel that came first wins). */
  function update(id: number, values: Partial<Omit<JobRow, 'id'>>): boolean {
    const names = Object.keys(values);
    const setters = [...names.map((name) => `${name} = @${name}`), 'updated_at = @now'].join(', ');
    const result = prepare(db, `UPDATE jobs SET ${setters} WHERE id = @id AND ${UNFINISHED_SQL}`).run({
      ...values,
      now: now(),
      id,
    });
    if (result.changes > 0) notify(id);
    return result.changes > 0;
  }

  function notify(id: number): void {
    if (listeners.size === 0) return;
    const row = byId(id);
    if (!row) return;
    for (const listener of listeners) {
      try {
        listener(row);
      } catch (error) {
        // A broken listener (a stream whose socket died mid-write) must not stop the job.
        options.onError?.(error, toJobInfo(row));
      }
    }
  }

  function settle(id: number): void {
    const row = byId(id);
    if (!row || !FINISHED.has(row.state)) return;
    const job = toJobInfo(row);
    for (const resolve of waiters.get(id) ?? []) resolve(job);
    waiters.delete(id);
  }

  function finish(id: number, values: Partial<Omit<JobRow, 'id'>>): void {
    update(id, { ...values, finished_at: now() });
    settle(id);
  }

  /** Yields to the event loop between units, so requests and other jobs run in between. */
  const pause = () => new Promise<void>((resolve) => (delay > 0 ? setTimeout(resolve, delay) : setImmediate(resolve)));

  /** Starts driving waiting jobs while there is a free slot. */
  function pump(): void {
    while (running && driving.size < concurrency && waiting.length > 0) {
      const id = waiting.shift() as number;
      if (driving.has(id)) continue;
      driving.set(
        id,
        drive(id).finally(() => {
          driving.delete(id);
          pump();
        }),
      );
    }
  }

  /** Runs one job unit by unit until it finishes or the runner stops. */
  async function drive(id: number): Promise<void> {
    while (running) {
      await pause();
      if (!running || !(await work(id))) return;
    }
  }

  function context<S>(row: JobRow, state: S): JobContext<unknown, S> {
    return {
      jobId: row.id,
      memberId: row.member_id,
      userId: row.user_id,
      params: JSON.parse(row.params) as unknown,
      state,
      db,
      now,
    };
  }

  /** One unit of work of a job; true while the job has more to do. */
  async function work(id: number): Promise<boolean> {
    const row = byId(id);
    if (!row || FINISHED.has(row.state)) {
      settle(id);
      return false;
    }
    const handler = handlers.get(row.type);
    if (!handler) {
      finish(id, { state: 'failed', reason: `No handler for job type "${row.type}"` });
      return false;
    }
    try {
      if (row.state === 'not_started') {
        update(id, { state: 'preparing', started_at: now() });
      } else if (row.state === 'preparing') {
        const first = handler.prepare ? await handler.prepare(context(row, null)) : null;
        update(id, { state: 'in_progress', step_state: JSON.stringify(first ?? null) });
      } else {
        const state = row.step_state === null ? null : (JSON.parse(row.step_state) as unknown);
        const outcome = await handler.step(context(row, state));
        if (outcome.done) {
          finish(id, { state: 'complete', progress: 100, result: JSON.stringify(outcome.result ?? null) });
          return false;
        }
        update(id, { step_state: JSON.stringify(outcome.state ?? null), progress: clampProgress(outcome.progress) });
      }
    } catch (error) {
      if (!(error instanceof JobFailure)) options.onError?.(error, toJobInfo(row));
      finish(id, { state: 'failed', reason: reasonOf(error) });
      return false;
    }
    const after = byId(id);
    if (after && !FINISHED.has(after.state)) return true;
    settle(id);
    return false;
  }

  return {
    register(type, handler) {
      if (handlers.has(type)) throw new Error(`Job type "${type}" is already registered`);
      handlers.set(type, handler as JobHandler<unknown, unknown>);
    },
    types: () => [...handlers.keys()].sort(),
    enqueue({ memberId, userId, operator, type, params }) {
      const at = now();
      const id = Number(
        prepare(
          db,
          `INSERT INTO jobs (member_id, user_id, operator, type, state, progress, params, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'not_started', 0, ?, ?, ?)`,
        ).run(memberId, userId, operator, type, JSON.stringify(params ?? null), at, at).lastInsertRowid,
      );
      waiting.push(id);
      notify(id);
      pump();
      return toJobInfo(byId(id) as JobRow);
    },
    get(memberId, id) {
      const row = prepare(db, 'SELECT * FROM jobs WHERE id = ? AND member_id = ?').get(id, memberId) as JobRow | undefined;
      return row ? toJobInfo(row) : undefined;
    },
    cancel(memberId, id) {
      const row = prepare(db, 'SELECT * FROM jobs WHERE id = ? AND member_id = ?').get(id, memberId) as JobRow | undefined;
      if (!row) return undefined;
      if (!FINISHED.has(row.state)) finish(id, { state: 'canceled' });
      return toJobInfo(byId(id) as JobRow);
    },
    waitFor(id) {
      const row = byId(id);
      if (!row) return Promise.reject(new Error(`No job ${id}`));
      if (FINISHED.has(row.state)) return Promise.resolve(toJobInfo(row));
      return new Promise((resolve) => waiters.set(id, [...(waiters.get(id) ?? []), resolve]));
    },
    start() {
      if (running) return;
      running = true;
      const unfinished = prepare(db, `SELECT id FROM jobs WHERE ${UNFINISHED_SQL} ORDER BY id`).all() as { id: number }[];
      for (const { id } of unfinished) if (!waiting.includes(id) && !driving.has(id)) waiting.push(id);
      pump();
    },
    async stop() {
      running = false;
      await Promise.all(driving.values());
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
