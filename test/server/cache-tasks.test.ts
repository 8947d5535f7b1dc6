/**
 * Cache purge and prefetch tasks on the reference server (issue 23; rules §3 "Cache task", §4 "Task", §5 Purge and
 * Prefetch, §6 per-object grants, §8 "some URLs failed with a reason"), and the job stream that pushes their progress.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, RATE_LIMITED_CODE, SESSION_EXPIRED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type {
  CacheJobResult,
  CacheTaskContext,
  CacheTaskDetail,
  CacheTaskRateLimitedData,
  CacheTaskSubmitted,
  JobStreamTicket,
} from '../../core/api/endpoints/cache-tasks.js';
import type { JobInfo } from '../../core/api/endpoints/platform.js';
import { createChildAccount, createPermissionGroup, bindGroupObjects } from '../../demo/server/features/account/store.js';
import { cachedAt, cacheUrl, edgeOutcome } from '../../demo/server/features/cache-tasks/index.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

/** URLs of `host` whose first attempt the simulated edge answers as `wanted` (ok, or a failure reason). */
function urlsWhere(kind: 'purge-url' | 'prefetch', host: string, count: number, wanted: string): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const url = `https://${host}/assets/${i}.js`;
    const outcome = edgeOutcome(kind, url, 1);
    if ((outcome.ok ? 'ok' : outcome.reason) === wanted) found.push(url);
  }
  return found;
}

const domainId = (app: FastifyInstance, domain: string) =>
  (app.db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, domain) as { id: number }).id;

/** A child of the demo account whose group has `access` on the named domains only. */
function childWith(app: FastifyInstance, name: string, access: 'manage' | 'read', domains: string[]): { user: string; password: string } {
  const now = app.now();
  const groupId = createPermissionGroup(
    app.db,
    { memberId: DEMO_MEMBER_ID, name: `group-${name}`, grants: [{ module: 'domain', object_scope: 'specified', access, auto_bind_new: false }] },
    now,
  );
  bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: domains.map((d) => domainId(app, d)) });
  const password = 'Child#Cache1';
  createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: name, passwordHash: hashPasswordSync(password), groupId }, now);
  return { user: name, password };
}

describe('cache tasks (rules §3, §4, §5 Purge and Prefetch)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let token: string;
  before(async () => {
    ({ app, clock } = await startServer());
    token = (await signInParent(app)).token;
  });
  after(() => app.close());
  // Each test starts with a fresh minute, so the rate limit of one does not leak into the next.
  beforeEach(() => clock.advance(61_000));

  it('rules §5 Purge: purges URLs on the edge, with per-URL results and a failure reason (rules §8 "some URLs failed with a reason")', async () => {
    const good = urlsWhere('purge-url', 'www.example.com', 3, 'ok');
    const [bad] = urlsWhere('purge-url', 'www.example.com', 1, 'edge-timeout');
    for (const url of good) cacheUrl(app.db, DEMO_MEMBER_ID, domainId(app, 'www.example.com'), url, clock.now());
    const { job, duplicates } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.purge.create', {
      token,
      body: { kind: 'url', urls: [...good, bad!, `${good[0]}#again`, ''] },
    });
    assert.equal(job.type, 'cache.purge');
    assert.equal(job.state, 'not_started');
    assert.equal(duplicates, 1);
    const done = await app.jobs.waitFor(job.id);
    assert.equal(done.state, 'complete');
    assert.deepEqual(done.result as CacheJobResult, { total: 4, success: 3, failed: 1 });
    for (const url of good) assert.equal(cachedAt(app.db, DEMO_MEMBER_ID, url), null, `${url} is purged`);
    const detail = await expectOk<CacheTaskDetail>(app, 'GET', 'V4/cache.task.detail', { token, query: { id: job.id, result: 'fail' } });
    assert.deepEqual(detail.counts, { pending: 0, success: 3, fail: 1 });
    assert.equal(detail.total, 1);
    assert.equal(detail.list[0]!.url, bad);
    assert.equal(detail.list[0]!.reason, 'edge-timeout');
  });

  it('rules §5 Purge: a directory clears every cached URL under it, and only those', async () => {
    const id = domainId(app, 'shop.example.com');
    for (const path of ['/img/a.png', '/img/b/c.png', '/css/x.css']) cacheUrl(app.db, DEMO_MEMBER_ID, id, `https://shop.example.com${path}`, clock.now());
    const { job } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.purge.create', {
      token,
      body: { kind: 'directory', urls: ['https://shop.example.com/img/'] },
    });
    await app.jobs.waitFor(job.id);
    const detail = await expectOk<CacheTaskDetail>(app, 'GET', 'V4/cache.task.detail', { token, query: { id: job.id } });
    assert.equal(detail.list[0]!.objects, 2);
    assert.equal(cachedAt(app.db, DEMO_MEMBER_ID, 'https://shop.example.com/img/a.png'), null);
    assert.notEqual(cachedAt(app.db, DEMO_MEMBER_ID, 'https://shop.example.com/css/x.css'), null);
  });

  it('rules §5 Prefetch: fills the edge cache; a URL missing at the origin fails with origin 404', async () => {
    const good = urlsWhere('prefetch', 'api.example.com', 2, 'ok');
    const [missing] = urlsWhere('prefetch', 'api.example.com', 1, 'origin-404');
    const { job } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: [...good, missing!] } });
    assert.equal(job.type, 'cache.prefetch');
    const done = await app.jobs.waitFor(job.id);
    assert.deepEqual(done.result, { total: 3, success: 2, failed: 1 });
    for (const url of good) assert.equal(cachedAt(app.db, DEMO_MEMBER_ID, url), clock.now());
    assert.equal(cachedAt(app.db, DEMO_MEMBER_ID, missing!), null);
  });

  it('rules §5: 200 URLs, 100 directories of at most 8 levels, 200 prefetch URLs, no wildcard domains (refused per row)', async () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://www.example.com/p/${i}`);
    const over = await call<{ errors: Array<{ field: string; key: string }> }>(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'url', urls: urls(201) } });
    assert.equal(over.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(over.data.errors[0], { field: 'urls', key: 'bans.purge-urls-limit', values: { max: 200, count: 201 } });
    const prefetch = await call<{ errors: Array<{ field: string; key: string }> }>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: urls(201) } });
    assert.equal(prefetch.data.errors[0]!.key, 'bans.prefetch-urls-limit');
    const dirs = Array.from({ length: 101 }, (_, i) => `https://www.example.com/d${i}/`);
    const dirsOver = await call<{ errors: Array<{ field: string; key: string }> }>(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'directory', urls: dirs } });
    assert.equal(dirsOver.data.errors[0]!.key, 'bans.purge-directories-limit');
    const rows = await call<{ errors: Array<{ field: string; key: string }> }>(app, 'POST', 'V4/cache.purge.create', {
      token,
      body: { kind: 'directory', urls: ['https://www.example.com/1/2/3/4/5/6/7/8/9/', 'https://*.example.com/', 'https://www.example.com/ok/'] },
    });
    assert.deepEqual(rows.data.errors.map((e) => [e.field, e.key]), [
      ['urls.0', 'bans.directory-too-deep'],
      ['urls.1', 'bans.no-wildcard-domain'],
    ]);
    const kind = await call(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'everything', urls: urls(1) } });
    assert.equal(kind.code, VALIDATION_FAILED_CODE);
    assert.equal((await app.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE created_at > ? AND type LIKE 'cache.%'").get(clock.now() - 1000) as { n: number }).n, 0, 'nothing refused was queued');
  });

  it('rules §5: 2 submissions per minute per kind per account; the third is refused with the time until the next', async () => {
    const url = (i: number) => ({ kind: 'url', urls: [`https://www.example.com/rate/${i}`] });
    await expectOk(app, 'POST', 'V4/cache.purge.create', { token, body: url(1) });
    clock.advance(10_000);
    await expectOk(app, 'POST', 'V4/cache.purge.create', { token, body: url(2) });
    clock.advance(5_000);
    const third = await call<CacheTaskRateLimitedData>(app, 'POST', 'V4/cache.purge.create', { token, body: url(3) });
    assert.equal(third.code, RATE_LIMITED_CODE);
    assert.equal(third.data.kind, 'purge-url');
    assert.equal(third.data.retry_after, 45);
    assert.equal(third.data.next_allowed_at, new Date(clock.now() + 45_000).toISOString());
    // Directories and prefetch are counted apart (rules §5 "2 per minute each for site/URL and directory").
    await expectOk(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'directory', urls: ['https://www.example.com/rate/'] } });
    await expectOk(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: ['https://www.example.com/rate/p'] } });
    const context = await expectOk<CacheTaskContext>(app, 'GET', 'V4/cache.task.context', { token });
    assert.deepEqual(context.allowance['purge-url'], { remaining: 0, next_allowed_at: new Date(clock.now() + 45_000).toISOString() });
    assert.deepEqual(context.allowance['purge-directory'], { remaining: 1, next_allowed_at: null });
    // The limit is the account's: the demo child, signed in separately, is refused too.
    const child = (await signInChild(app)).token;
    assert.equal((await call(app, 'POST', 'V4/cache.purge.create', { token: child, body: url(4) })).code, RATE_LIMITED_CODE);
    clock.advance(45_000);
    await expectOk(app, 'POST', 'V4/cache.purge.create', { token, body: url(5) });
  });

  it('rules §6: a sub-account granted one domain has the other domains’ URLs refused per row', async () => {
    const one = childWith(app, 'cache-one', 'manage', ['www.example.com']);
    const child = (await signInChild(app, DEMO_MEMBER_ID, one.user, one.password)).token;
    const context = await expectOk<CacheTaskContext>(app, 'GET', 'V4/cache.task.context', { token: child });
    assert.deepEqual(context.websites.map((w) => [w.domain, w.manage]), [['www.example.com', true]]);
    const refused = await call<{ errors: Array<{ field: string; key: string; values?: unknown }> }>(app, 'POST', 'V4/cache.purge.create', {
      token: child,
      body: { kind: 'url', urls: ['https://www.example.com/a', 'https://shop.example.com/a', 'https://elsewhere.test/a'] },
    });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
    // A domain the child cannot see is "not a website of this account" to it: its existence is not revealed.
    assert.deepEqual(refused.data.errors, [
      { field: 'urls.1', key: 'cache-tasks.no-website', values: { host: 'shop.example.com' } },
      { field: 'urls.2', key: 'cache-tasks.no-website', values: { host: 'elsewhere.test' } },
    ]);
    await expectOk(app, 'POST', 'V4/cache.purge.create', { token: child, body: { kind: 'url', urls: ['https://www.example.com/a'] } });
  });

  it('rules §6: a read-only sub-account may not purge its own domains’ URLs', async () => {
    const reader = childWith(app, 'cache-reader', 'read', ['www.example.com']);
    const child = (await signInChild(app, DEMO_MEMBER_ID, reader.user, reader.password)).token;
    const context = await expectOk<CacheTaskContext>(app, 'GET', 'V4/cache.task.context', { token: child });
    assert.deepEqual(context.websites.map((w) => w.manage), [false]);
    const refused = await call<{ errors: Array<{ field: string; key: string; values?: unknown }> }>(app, 'POST', 'V4/cache.prefetch.create', {
      token: child,
      body: { urls: ['https://www.example.com/a'] },
    });
    assert.deepEqual(refused.data.errors, [{ field: 'urls.0', key: 'cache-tasks.not-manageable', values: { host: 'www.example.com' } }]);
  });

  it('rules §4: retry of failed URLs makes a new task; a timeout succeeds on retry, a 404 stays failed', async () => {
    const [timeout] = urlsWhere('prefetch', 'www.example.com', 1, 'origin-timeout');
    const [missing] = urlsWhere('prefetch', 'www.example.com', 1, 'origin-404');
    const [fine] = urlsWhere('prefetch', 'www.example.com', 1, 'ok');
    const { job } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: [fine, timeout, missing] } });
    await app.jobs.waitFor(job.id);
    const retry = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.task.retry', { token, body: { id: job.id } });
    assert.notEqual(retry.job.id, job.id);
    assert.deepEqual(retry.job.params, { kind: 'prefetch', count: 2, first_url: timeout, attempt: 2, retry_of: job.id });
    const done = await app.jobs.waitFor(retry.job.id);
    assert.deepEqual(done.result, { total: 2, success: 1, failed: 1 });
    const detail = await expectOk<CacheTaskDetail>(app, 'GET', 'V4/cache.task.detail', { token, query: { id: retry.job.id } });
    assert.deepEqual(detail.list.map((row) => [row.url, row.result, row.reason]), [
      [timeout, 'success', ''],
      [missing, 'fail', 'origin-404'],
    ]);
    // A task without failures has nothing to retry; another account's task is not found.
    clock.advance(61_000);
    const clean = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: [fine] } });
    await app.jobs.waitFor(clean.job.id);
    assert.equal((await call(app, 'POST', 'V4/cache.task.retry', { token, body: { id: clean.job.id } })).code, CONFLICT_CODE);
    const other = addSecondTenant(app);
    const otherToken = (await signInParent(app, other.email, other.password)).token;
    assert.equal((await call(app, 'POST', 'V4/cache.task.retry', { token: otherToken, body: { id: job.id } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'GET', 'V4/cache.task.detail', { token: otherToken, query: { id: job.id } })).code, NOT_FOUND_CODE);
  });

  it('rules §4: a task not yet started can be canceled; its URLs stay unsent', async () => {
    await app.jobs.stop();
    try {
      const { job } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'url', urls: ['https://www.example.com/c/1'] } });
      const canceled = await expectOk<JobInfo>(app, 'POST', 'V4/job.task.cancel', { token, body: { id: job.id } });
      assert.equal(canceled.state, 'canceled');
      const detail = await expectOk<CacheTaskDetail>(app, 'GET', 'V4/cache.task.detail', { token, query: { id: job.id } });
      assert.deepEqual(detail.counts, { pending: 1, success: 0, fail: 0 });
      assert.equal((await call(app, 'POST', 'V4/cache.task.retry', { token, body: { id: job.id } })).code, CONFLICT_CODE);
    } finally {
      app.jobs.start();
    }
  });

  it('the job list filters cache tasks by type and creation time (shell §9 date ranges)', async () => {
    const from = new Date(clock.now()).toISOString();
    const { job } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: ['https://www.example.com/list/1'] } });
    const list = await expectOk<{ list: JobInfo[]; total: number }>(app, 'GET', 'V4/job.task.list', { token, query: { type: 'cache.prefetch', from } });
    assert.deepEqual(list.list.map((j) => j.id), [job.id]);
    const before = await expectOk<{ list: JobInfo[]; total: number }>(app, 'GET', 'V4/job.task.list', { token, query: { type: 'cache.prefetch', to: from } });
    assert.ok(!before.list.some((j) => j.id === job.id));
    assert.equal((await call(app, 'GET', 'V4/job.task.list', { token, query: { from: 'yesterday' } })).code, VALIDATION_FAILED_CODE);
  });
});

/** Reads SSE events from a response until `until` says stop. */
function readEvents(response: IncomingMessage, until: (events: Array<{ event: string; data: unknown }>) => boolean): Promise<Array<{ event: string; data: unknown }>> {
  return new Promise((resolve, reject) => {
    const events: Array<{ event: string; data: unknown }> = [];
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`stream timed out after ${JSON.stringify(events.map((e) => e.event))}`)), 10_000);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
      if (until(events)) {
        clearTimeout(timer);
        response.destroy();
        resolve(events);
      }
    });
    response.on('end', () => {
      clearTimeout(timer);
      resolve(events);
    });
  });
}

function openStream(port: number, ticket: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: `/api/V4/job.task.stream?ticket=${encodeURIComponent(ticket)}` }, resolve);
    req.on('error', reject);
    req.end();
  });
}

describe('job stream (DESIGN §4: progress pushed by Server-Sent Events)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let port: number;
  before(async () => {
    ({ app, clock } = await startServer({ jobStepDelayMs: 2 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(() => app.close());

  it('pushes every progress step of a 200-URL purge to the account, through a single-use ticket', async () => {
    const token = (await signInParent(app)).token;
    const { ticket } = await expectOk<JobStreamTicket>(app, 'POST', 'V4/job.stream.ticket', { token, body: {} });
    const response = await openStream(port, ticket);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    const events = readEvents(response, (seen) => seen.some((e) => e.event === 'job' && (e.data as JobInfo).state === 'complete'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const urls = Array.from({ length: 200 }, (_, i) => `https://www.example.com/sse/${i}`);
    const { job } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'url', urls } });
    const seen = await events;
    assert.equal(seen[0]!.event, 'ready');
    const mine = seen.filter((e) => e.event === 'job' && (e.data as JobInfo).id === job.id).map((e) => e.data as JobInfo);
    assert.deepEqual([...new Set(mine.map((j) => j.state))], ['not_started', 'preparing', 'in_progress', 'complete']);
    // 10 URLs per step: every tenth of the way is pushed.
    assert.deepEqual([...new Set(mine.filter((j) => j.state === 'in_progress').map((j) => j.progress))].filter((p) => p > 0), [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95]);
    // The ticket opened one stream: a reconnect with it is refused.
    const again = await openStream(port, ticket);
    assert.equal(again.statusCode, 401);
    again.resume();
  });

  it('a stream carries only the caller’s account (a child: its own jobs), and refuses a missing or expired ticket', async () => {
    const other = addSecondTenant(app);
    const otherToken = (await signInParent(app, other.email, other.password)).token;
    const { ticket } = await expectOk<JobStreamTicket>(app, 'POST', 'V4/job.stream.ticket', { token: otherToken, body: {} });
    const response = await openStream(port, ticket);
    const token = (await signInParent(app)).token;
    const events = readEvents(response, (seen) => seen.some((e) => e.event === 'job'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.advance(61_000);
    const { job: theirs } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: ['https://www.example.com/sse/x'] } });
    await app.jobs.waitFor(theirs.id);
    const { job: own } = await expectOk<CacheTaskSubmitted>(app, 'POST', 'V4/cache.prefetch.create', {
      token: otherToken,
      body: { urls: [`https://www.${other.email.split('@')[1]}/x`] },
    });
    const seen = await events;
    assert.ok(seen.filter((e) => e.event === 'job').every((e) => (e.data as JobInfo).id === own.id));

    const missing = await openStream(port, 'not-a-ticket');
    assert.equal(missing.statusCode, 401);
    missing.resume();
    const late = await expectOk<JobStreamTicket>(app, 'POST', 'V4/job.stream.ticket', { token, body: {} });
    clock.advance(31_000);
    const expired = await openStream(port, late.ticket);
    assert.equal(expired.statusCode, 401);
    const body = await new Promise<string>((resolve) => {
      let text = '';
      expired.on('data', (chunk) => (text += chunk));
      expired.on('end', () => resolve(text));
    });
    assert.equal(JSON.parse(body).status.code, SESSION_EXPIRED_CODE);
  });

  it('the ticket is only given to a signed-in caller', async () => {
    assert.equal((await call(app, 'POST', 'V4/job.stream.ticket', { body: {} })).code, SESSION_EXPIRED_CODE);
  });
});
