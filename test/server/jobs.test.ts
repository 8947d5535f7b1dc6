import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { JobInfo, JobState, ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { buildServer } from '../../demo/server/app.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../demo/server/platform/demo-accounts.js';
import { JobFailure } from '../../demo/server/platform/jobs/runner.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const PARENT_USER_ID = 1;
const enqueueFor = (app: FastifyInstance, type: string, params: unknown = null, userId = PARENT_USER_ID) =>
  app.jobs.enqueue({ memberId: DEMO_MEMBER_ID, userId, operator: DEMO_PARENT_EMAIL, type, params });

function storedState(app: FastifyInstance, id: number): { state: JobState; progress: number } {
  return app.db.prepare('SELECT state, progress FROM jobs WHERE id = ?').get(id) as { state: JobState; progress: number };
}

/** A promise the test resolves by hand. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('job runner (rules §4 "Task")', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer()));
  after(() => app.close());

  it('rules §4: moves not started → preparing → in progress → complete, with progress saved after each step', async () => {
    const seen: Array<{ phase: string; state: JobState; progress: number }> = [];
    app.jobs.register<{ total: number }, number>('test.count', {
      prepare: ({ jobId }) => {
        seen.push({ phase: 'prepare', ...storedState(app, jobId) });
        return 0;
      },
      step: ({ jobId, state, params }) => {
        seen.push({ phase: `step ${state}`, ...storedState(app, jobId) });
        const next = state + 1;
        return next === params.total ? { done: true, result: { counted: next } } : { done: false, state: next, progress: (next / params.total) * 100 };
      },
    });
    const job = enqueueFor(app, 'test.count', { total: 4 });
    assert.equal(job.state, 'not_started');
    assert.equal(job.progress, 0);
    const done = await app.jobs.waitFor(job.id);
    assert.deepEqual(seen, [
      { phase: 'prepare', state: 'preparing', progress: 0 },
      { phase: 'step 0', state: 'in_progress', progress: 0 },
      { phase: 'step 1', state: 'in_progress', progress: 25 },
      { phase: 'step 2', state: 'in_progress', progress: 50 },
      { phase: 'step 3', state: 'in_progress', progress: 75 },
    ]);
    assert.equal(done.state, 'complete');
    assert.equal(done.progress, 100);
    assert.deepEqual(done.result, { counted: 4 });
    assert.ok(done.started_at && done.finished_at);
  });

  it('progress stays within 0-99 until the job is complete', async () => {
    const progress: number[] = [];
    app.jobs.register<null, number>('test.wild-progress', {
      step: ({ jobId, state }) => {
        progress.push(storedState(app, jobId).progress);
        const values = [-5, 250, Number.NaN];
        return state === null || state < values.length
          ? { done: false, state: (state ?? 0) + 1, progress: values[state ?? 0] }
          : { done: true };
      },
    });
    const done = await app.jobs.waitFor(enqueueFor(app, 'test.wild-progress').id);
    assert.deepEqual(progress, [0, 0, 99, 0]);
    assert.equal(done.progress, 100);
  });

  it('rules §4: a step that throws fails the job with the reason', async () => {
    const crashes: unknown[] = [];
    app.jobs.register('test.refused', {
      step: () => {
        throw new JobFailure('Origin refused the prefetch');
      },
    });
    app.jobs.register('test.crash', {
      step: () => {
        crashes.push('crashed');
        throw new Error('disk full');
      },
    });
    const refused = await app.jobs.waitFor(enqueueFor(app, 'test.refused').id);
    assert.equal(refused.state, 'failed');
    assert.equal(refused.reason, 'Origin refused the prefetch');
    const crashed = await app.jobs.waitFor(enqueueFor(app, 'test.crash').id);
    assert.equal(crashed.state, 'failed');
    assert.equal(crashed.reason, 'disk full');
  });

  it('rules §4: cancel wins over a step in flight, whose outcome is discarded', async () => {
    const inStep = gate();
    const release = gate();
    app.jobs.register<null, number>('test.slow', {
      step: async () => {
        inStep.open();
        await release.wait;
        return { done: true, result: 'should not be stored' };
      },
    });
    const job = enqueueFor(app, 'test.slow');
    await inStep.wait;
    const canceled = app.jobs.cancel(DEMO_MEMBER_ID, job.id);
    assert.equal(canceled?.state, 'canceled');
    release.open();
    const final = await app.jobs.waitFor(job.id);
    assert.equal(final.state, 'canceled');
    assert.equal(final.result, null);
  });

  it('a job of an unregistered type fails with a reason instead of waiting forever', async () => {
    const done = await app.jobs.waitFor(enqueueFor(app, 'test.nobody-handles-this').id);
    assert.equal(done.state, 'failed');
    assert.match(done.reason, /No handler/);
  });

  it('several jobs advance side by side, one step each in turn, without blocking requests', async () => {
    const order: string[] = [];
    app.jobs.register<string, number>('test.interleave', {
      step: ({ params, state }) => {
        const at = state ?? 0;
        order.push(`${params}${at}`);
        return at === 2 ? { done: true } : { done: false, state: at + 1, progress: 50 };
      },
    });
    const a = enqueueFor(app, 'test.interleave', 'a');
    const b = enqueueFor(app, 'test.interleave', 'b');
    // A request is served while both jobs are running.
    await expectOk(app, 'GET', 'oem/cfg');
    await Promise.all([app.jobs.waitFor(a.id), app.jobs.waitFor(b.id)]);
    assert.deepEqual(order, ['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
  });
});

describe('job runner across a restart', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ec-jobs-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('resumes an in-progress job from its last saved cursor, and fails one whose type has no handler any more', async () => {
    const dbPath = join(folder, 'jobs.db');
    const firstRun: number[] = [];
    const first = await buildServer({ dbPath, jobStepDelayMs: 5 });
    first.jobs.register<null, number>('test.resume', {
      prepare: () => 0,
      step: ({ state }) => {
        firstRun.push(state);
        return { done: false, state: state + 1, progress: state * 10 };
      },
    });
    first.jobs.register('test.retired', { step: () => ({ done: false, state: 1, progress: 1 }) });
    await first.ready();
    const resumable = enqueueFor(first, 'test.resume');
    const retired = enqueueFor(first, 'test.retired');
    while (firstRun.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.close();

    const secondRun: number[] = [];
    const second = await buildServer({ dbPath });
    second.jobs.register<null, number>('test.resume', {
      step: ({ state }) => {
        secondRun.push(state);
        return state >= 5 ? { done: true, result: { last: state } } : { done: false, state: state + 1, progress: state * 10 };
      },
    });
    await second.ready();
    try {
      const done = await second.jobs.waitFor(resumable.id);
      assert.equal(done.state, 'complete');
      // The first step after the restart starts from the cursor the first run saved last, not from the beginning.
      assert.equal(secondRun[0], firstRun[firstRun.length - 1] + 1);
      assert.deepEqual(done.result, { last: 5 });
      const failed = await second.jobs.waitFor(retired.id);
      assert.equal(failed.state, 'failed');
      assert.match(failed.reason, /test\.retired/);
    } finally {
      await second.close();
    }
  });
});

describe('job API (V4/job.task.list, get, cancel)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;
  let childUserId: number;
  const hold = gate();
  before(async () => {
    ({ app } = await startServer());
    app.jobs.register<{ name: string }, number>('test.api', {
      step: async ({ params }) => {
        if (params.name.startsWith('held')) await hold.wait;
        return { done: true, result: params.name };
      },
    });
    parent = (await signInParent(app)).token;
    const childSession = await signInChild(app);
    child = childSession.token;
    childUserId = childSession.user_raw.id;
  });
  after(async () => {
    hold.open();
    await app.close();
  });

  it('lists the account jobs newest first with { list, total } and paging', async () => {
    // The demo seed of other areas may already hold jobs (DNS imports): count from what is there.
    const before = await expectOk<ListAnswer<JobInfo>>(app, 'GET', 'V4/job.task.list', { token: parent });
    const done = await app.jobs.waitFor(enqueueFor(app, 'test.api', { name: 'done-1' }).id);
    const held = enqueueFor(app, 'test.api', { name: 'held-1' });
    const answer = await expectOk<ListAnswer<JobInfo>>(app, 'GET', 'V4/job.task.list', { token: parent, query: { per_page: 1 } });
    assert.equal(answer.total, before.total + 2);
    assert.deepEqual(
      answer.list.map((job) => job.id),
      [held.id],
    );
    const complete = await expectOk<ListAnswer<JobInfo>>(app, 'GET', 'V4/job.task.list', {
      token: parent,
      query: { state: 'complete', type: 'test.api' },
    });
    assert.deepEqual(
      complete.list.map((job) => job.id),
      [done.id],
    );
    assert.equal(complete.list[0].operator, DEMO_PARENT_EMAIL);
    const wrong = await call(app, 'GET', 'V4/job.task.list', { token: parent, query: { state: 'exploded' } });
    assert.equal(wrong.code, VALIDATION_FAILED_CODE);
  });

  it('a child sees only the jobs it started', async () => {
    const own = enqueueFor(app, 'test.api', { name: 'child-job' }, childUserId);
    await app.jobs.waitFor(own.id);
    const answer = await expectOk<ListAnswer<JobInfo>>(app, 'GET', 'V4/job.task.list', { token: child });
    assert.deepEqual(
      answer.list.map((job) => job.id),
      [own.id],
    );
    const parentJob = (app.db.prepare('SELECT id FROM jobs WHERE user_id = ? LIMIT 1').get(PARENT_USER_ID) as { id: number }).id;
    assert.equal((await call(app, 'GET', 'V4/job.task.get', { token: child, query: { id: parentJob } })).code, NOT_FOUND_CODE);
  });

  it('V4/job.task.get answers one job for polling', async () => {
    const job = enqueueFor(app, 'test.api', { name: 'held-2' });
    const info = await expectOk<JobInfo>(app, 'GET', 'V4/job.task.get', { token: parent, query: { id: job.id } });
    assert.equal(info.id, job.id);
    assert.deepEqual(info.params, { name: 'held-2' });
    assert.equal((await call(app, 'GET', 'V4/job.task.get', { token: parent, query: { id: 999999 } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'GET', 'V4/job.task.get', { token: parent, query: { id: 'x' } })).code, VALIDATION_FAILED_CODE);
  });

  it('V4/job.task.cancel cancels an unfinished job and records the change in the operation log', async () => {
    const job = enqueueFor(app, 'test.api', { name: 'held-3' });
    while (storedState(app, job.id).state !== 'in_progress') await new Promise((resolve) => setImmediate(resolve));
    const canceled = await expectOk<JobInfo>(app, 'POST', 'V4/job.task.cancel', { token: parent, body: { id: job.id } });
    assert.equal(canceled.state, 'canceled');
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', {
      token: parent,
      query: { area: 'job', object_id: job.id },
    });
    assert.equal(log.total, 1);
    assert.equal(log.list[0].action, 'cancel');
    assert.deepEqual(log.list[0].before, { state: 'in_progress', progress: 0 });
    assert.deepEqual(log.list[0].after, { state: 'canceled', progress: 0 });

    const again = await call(app, 'POST', 'V4/job.task.cancel', { token: parent, body: { id: job.id } });
    assert.equal(again.code, CONFLICT_CODE);
    assert.equal(again.message, 'The task has already finished and cannot be canceled');
  });
});
