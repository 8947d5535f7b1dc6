/**
 * Runs rule-set evaluations (the rule tester) in worker threads, one per tenant (account), each evaluation with a
 * time budget of its own (issue 18).
 *
 * A pattern that backtracks for too long cannot be interrupted inside a RegExp: the only way to stop it is to end the
 * thread running it. With one thread shared by every account, one account's pattern held up every other account's
 * rule tests until it was killed, and the jobs queued behind it were lost with it. Here each account has its own
 * lane: a worker and a queue. Only one job of a lane runs at a time and its budget starts when it is handed to a
 * worker that has finished loading, so neither the account's own queue nor a worker's start-up eats into it. On
 * overrun the lane's worker is ended, the job answers "pattern too expensive" naming the rule that was running (the
 * worker writes the position of the rule whose patterns it is about to run into memory shared with the server, which
 * stays readable after the thread is stuck), and the lane's next job starts on a fresh worker.
 *
 * Threads are not free (a loaded worker holds its own V8 heap, several megabytes, and start-up costs a few hundred
 * milliseconds), and a server may serve thousands of accounts, most of which never test a rule. So the pool is
 * bounded three ways: an idle worker is ended after {@link EvaluatorOptions.idleMs}; at most
 * {@link EvaluatorOptions.maxIdle} idle workers are kept (the least recently used are ended first), which keeps the
 * few accounts editing rules right now warm; and at most {@link EvaluatorOptions.maxWorkers} threads live at all. An
 * account that needs a worker while every one is busy waits for the first to finish; that wait is bounded by the
 * budget, since every busy worker either answers or is ended within it. A lane also holds at most
 * {@link EvaluatorOptions.maxQueued} waiting jobs, so one account cannot queue unbounded work.
 */
import { Worker } from 'node:worker_threads';
import type { MatchRule, RuleSetEvaluation, SampleRequest } from '../../../../core/match/index.js';
import type { EvaluateJob, EvaluateReply } from './evaluate-worker.js';

/** How long one evaluation may run. */
export const EVALUATION_TIMEOUT_MS = 2000;

/** What an evaluation ends with. */
export type EvaluationOutcome =
  | { ok: true; result: RuleSetEvaluation }
  /** The budget ran out while the rule at `rule` (0-based; `null` if none had started) was running. */
  | { ok: false; reason: 'too-expensive'; rule: number | null }
  /** The account already has {@link EvaluatorOptions.maxQueued} evaluations waiting. */
  | { ok: false; reason: 'busy' }
  | { ok: false; reason: 'failed' };

/** Limits of the pool. */
export interface EvaluatorOptions {
  /** Time budget of one evaluation (default {@link EVALUATION_TIMEOUT_MS}). */
  budgetMs?: number;
  /** Most threads alive at once, busy or idle (default 8). */
  maxWorkers?: number;
  /** Most idle threads kept for later evaluations (default 4). */
  maxIdle?: number;
  /** An idle thread is ended after this long (default 60 s). */
  idleMs?: number;
  /** Most evaluations of one account waiting behind its running one (default 4). */
  maxQueued?: number;
}

/** What the pool looks like now (tests and the bench read it). */
export interface EvaluatorStats {
  /** Threads alive. */
  workers: number;
  /** Of which idle. */
  idle: number;
  /** Threads ended because a budget ran out, since the start. */
  overruns: number;
}

/** The evaluator of one server. */
export interface Evaluator {
  /**
   * Evaluates in the tenant's lane; `ipLists` holds, per referenced list, the entries covering the sample's client
   * IP.
   */
  evaluate(tenant: number, rules: MatchRule[], request: SampleRequest, ipLists?: Record<number, string[]>): Promise<EvaluationOutcome>;
  stats(): EvaluatorStats;
  close(): Promise<void>;
}

interface Job {
  id: number;
  rules: MatchRule[];
  request: SampleRequest;
  ipLists: Record<number, string[]>;
  settle: (outcome: EvaluationOutcome) => void;
}

interface Lane {
  tenant: number;
  worker: Worker | null;
  /** The worker has loaded its code and can take a job. */
  ready: boolean;
  /** Shared with the worker: [job id, position of the running rule or -1]. */
  progress: Int32Array | null;
  running: Job | null;
  queue: Job[];
  budgetTimer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

/** Creates the evaluator; workers start on demand. */
export function createEvaluator(options: EvaluatorOptions = {}): Evaluator {
  const budgetMs = options.budgetMs ?? EVALUATION_TIMEOUT_MS;
  const maxWorkers = Math.max(1, options.maxWorkers ?? 8);
  const maxIdle = Math.max(0, options.maxIdle ?? 4);
  const idleMs = options.idleMs ?? 60_000;
  const maxQueued = options.maxQueued ?? 4;
  // Map order is the order of last use: the first lane is the least recently used one.
  const lanes = new Map<number, Lane>();
  // Lanes with work that found every thread busy, first come first served.
  const waiting: Lane[] = [];
  let nextId = 0;
  let overruns = 0;
  let closed = false;

  const isIdle = (lane: Lane) => lane.worker !== null && lane.running === null && lane.queue.length === 0;
  const liveWorkers = () => [...lanes.values()].filter((lane) => lane.worker !== null).length;

  function spawn(lane: Lane): void {
    // Node 20 does not carry `--import tsx` into workers: the worker registers tsx itself, then loads the
    // TypeScript entry, so it runs the same sources as the server.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./evaluate-worker.ts', import.meta.url).href;
    const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
    const progress = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), { workerData: { progress } });
    worker.unref();
    lane.worker = worker;
    lane.progress = progress;
    lane.ready = false;
    worker.on('message', (message: EvaluateReply) => {
      if (lane.worker !== worker) return;
      if (message.type === 'ready') {
        lane.ready = true;
        pump(lane);
        return;
      }
      const job = lane.running;
      if (!job || job.id !== message.id) return;
      finish(lane);
      job.settle(message.ok ? { ok: true, result: message.result } : { ok: false, reason: 'failed' });
      afterJob(lane);
    });
    worker.on('error', () => lost(lane, worker));
    worker.on('exit', () => lost(lane, worker));
  }

  /** The worker died on its own (not ended by us): its job failed, the lane's next job gets a fresh worker. */
  function lost(lane: Lane, worker: Worker): void {
    if (lane.worker !== worker) return;
    const job = lane.running;
    finish(lane);
    dropWorker(lane);
    job?.settle({ ok: false, reason: 'failed' });
    afterJob(lane);
  }

  function finish(lane: Lane): void {
    if (lane.budgetTimer) clearTimeout(lane.budgetTimer);
    lane.budgetTimer = null;
    lane.running = null;
  }

  function dropWorker(lane: Lane): void {
    if (lane.idleTimer) clearTimeout(lane.idleTimer);
    lane.idleTimer = null;
    const worker = lane.worker;
    lane.worker = null;
    lane.progress = null;
    lane.ready = false;
    if (worker) void worker.terminate();
  }

  /** Ends the least recently used idle worker; false when none is idle. */
  function endOldestIdle(): boolean {
    for (const lane of lanes.values()) {
      if (isIdle(lane)) {
        dropWorker(lane);
        lanes.delete(lane.tenant);
        return true;
      }
    }
    return false;
  }

  /**
   * Starts the lane's next job when it has one and can get a thread. A lane without a worker queues behind the lanes
   * already waiting for one (`served` is set when its turn has come and a thread is free).
   */
  function pump(lane: Lane, served = false): void {
    if (closed || lane.running || lane.queue.length === 0) return;
    if (!lane.worker) {
      if (!served && (waiting.length > 0 || (liveWorkers() >= maxWorkers && !endOldestIdle()))) {
        if (!waiting.includes(lane)) waiting.push(lane);
        return;
      }
      spawn(lane);
    }
    if (!lane.ready) return;
    if (lane.idleTimer) clearTimeout(lane.idleTimer);
    lane.idleTimer = null;
    const job = lane.queue.shift()!;
    lane.running = job;
    Atomics.store(lane.progress!, 0, job.id);
    Atomics.store(lane.progress!, 1, -1);
    lane.budgetTimer = setTimeout(() => overrun(lane, job), budgetMs);
    lane.worker!.postMessage({ id: job.id, rules: job.rules, request: job.request, ipLists: job.ipLists } satisfies EvaluateJob);
  }

  function overrun(lane: Lane, job: Job): void {
    if (lane.running !== job) return;
    const progress = lane.progress!;
    const position = Atomics.load(progress, 0) === job.id ? Atomics.load(progress, 1) : -1;
    overruns++;
    finish(lane);
    dropWorker(lane);
    job.settle({ ok: false, reason: 'too-expensive', rule: position >= 0 ? position : null });
    afterJob(lane);
  }

  /** After a job: the lane goes on, or idles (bounded), and threads freed go to lanes waiting for one. */
  function afterJob(lane: Lane): void {
    if (closed) return;
    // Under pressure a lane gives its thread up between jobs, so accounts waiting for one take turns with it instead
    // of waiting for it to run out of work.
    if (lane.worker && waiting.length > 0 && liveWorkers() >= maxWorkers) dropWorker(lane);
    if (lane.queue.length > 0) {
      pump(lane);
    } else if (lane.worker) {
      lane.idleTimer = setTimeout(() => {
        if (!isIdle(lane)) return;
        dropWorker(lane);
        lanes.delete(lane.tenant);
        serveWaiting();
      }, idleMs);
      lane.idleTimer.unref();
    } else {
      lanes.delete(lane.tenant);
    }
    let idle = [...lanes.values()].filter(isIdle).length;
    while (idle > maxIdle && endOldestIdle()) idle--;
    serveWaiting();
  }

  function serveWaiting(): void {
    while (waiting.length > 0 && !closed) {
      if (liveWorkers() >= maxWorkers && !endOldestIdle()) return;
      pump(waiting.shift()!, true);
    }
  }

  return {
    evaluate(tenant, rules, request, ipLists = {}) {
      if (closed) return Promise.resolve({ ok: false, reason: 'failed' });
      let lane = lanes.get(tenant);
      if (lane) {
        lanes.delete(tenant);
      } else {
        lane = { tenant, worker: null, ready: false, progress: null, running: null, queue: [], budgetTimer: null, idleTimer: null };
      }
      lanes.set(tenant, lane);
      if (lane.queue.length + (lane.running ? 1 : 0) > maxQueued) return Promise.resolve({ ok: false, reason: 'busy' });
      const current = lane;
      return new Promise<EvaluationOutcome>((settle) => {
        current.queue.push({ id: ++nextId, rules, request, ipLists, settle });
        pump(current);
      });
    },
    stats() {
      const all = [...lanes.values()];
      return { workers: all.filter((lane) => lane.worker !== null).length, idle: all.filter(isIdle).length, overruns };
    },
    async close() {
      closed = true;
      const ending: Promise<number>[] = [];
      for (const lane of lanes.values()) {
        const job = lane.running;
        const queued = lane.queue.splice(0);
        finish(lane);
        if (lane.worker) ending.push(lane.worker.terminate());
        lane.worker = null;
        if (lane.idleTimer) clearTimeout(lane.idleTimer);
        for (const pending of [...(job ? [job] : []), ...queued]) pending.settle({ ok: false, reason: 'failed' });
      }
      lanes.clear();
      waiting.length = 0;
      await Promise.all(ending);
    },
  };
}
