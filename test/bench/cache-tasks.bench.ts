// Cache tasks (issue 23): a 200-URL purge from submit to complete, with the progress pushed through the job stream
// (Server-Sent Events opened with a ticket, as the console's EventSource does) and counted on arrival; and the task
// list's first page with 10,000 tasks in the account. Real HTTP on a temporary SQLite file, the runner at its demo
// pace (200 ms between steps, as `npm start`) and without pauses. Run alone: `npm run bench cache-tasks`.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../demo/server/app.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';

async function api<T>(base: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${base}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token, 'x-lang': 'en_US' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { status: { code: number; message: string }; data: T };
  if (envelope.status.code !== 1) throw new Error(`${path}: ${envelope.status.message}`);
  return envelope.data;
}

async function started(stepDelayMs: number): Promise<{ app: FastifyInstance; base: string; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'ec-bench-cache-'));
  const app = await buildServer({ dbPath: join(folder, 'bench.db'), jobStepDelayMs: stepDelayMs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, folder };
}

/** Submit to the `complete` event of a 200-URL purge; answers the time and the progress values received. */
async function purge200(stepDelayMs: number): Promise<{ ms: number; events: number; values: number[] }> {
  const { app, base, folder } = await started(stepDelayMs);
  try {
    const { token } = await api<{ token: string }>(base, 'sso/V4/login', '', { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD });
    const { ticket } = await api<{ ticket: string }>(base, 'V4/job.stream.ticket', token, {});
    const values: number[] = [];
    let events = 0;
    let submittedAt = 0;
    let jobId = 0;
    const done = new Promise<number>((resolve, reject) => {
      const req = request(`${base}/api/V4/job.task.stream?ticket=${ticket}`, (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let split: number;
          while ((split = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            const data = /^event: job\ndata: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            const job = JSON.parse(data) as { id: number; state: string; progress: number };
            if (job.id !== jobId) continue;
            events++;
            values.push(job.progress);
            if (job.state === 'complete') {
              resolve(performance.now() - submittedAt);
              req.destroy();
            }
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const urls = Array.from({ length: 200 }, (_, i) => `https://www.example.com/bench/${i}.js`);
    submittedAt = performance.now();
    ({ job: { id: jobId } } = await api<{ job: { id: number } }>(base, 'V4/cache.purge.create', token, { kind: 'url', urls }));
    return { ms: await done, events, values: [...new Set(values)] };
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The first page of the task list with 10,000 tasks in the account (median of 20). */
async function listWith10000(): Promise<{ median: number; p95: number }> {
  const { app, base, folder } = await started(0);
  try {
    const insert = app.db.prepare(
      `INSERT INTO jobs (member_id, user_id, operator, type, state, progress, params, result, created_at, updated_at)
       VALUES (?, 1, ?, ?, 'complete', 100, ?, ?, ?, ?)`,
    );
    const now = Date.now();
    app.db.transaction(() => {
      for (let i = 0; i < 10_000; i++) {
        const type = i % 2 ? 'cache.purge' : 'cache.prefetch';
        const params = JSON.stringify({ kind: i % 2 ? 'purge-url' : 'prefetch', count: 200, first_url: `https://www.example.com/${i}`, attempt: 1, retry_of: null });
        insert.run(DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, type, params, '{"total":200,"success":200,"failed":0}', now - i * 1000, now - i * 1000);
      }
    })();
    const { token } = await api<{ token: string }>(base, 'sso/V4/login', '', { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD });
    const samples: number[] = [];
    for (let i = 0; i < 23; i++) {
      const start = performance.now();
      await api(base, 'V4/job.task.list?page=1&per_page=10&type=cache.purge', token);
      if (i >= 3) samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[10]!, p95: samples[18]! };
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Prints the figures. */
export async function run(): Promise<void> {
  for (const delay of [200, 0]) {
    const result = await purge200(delay);
    console.log(
      `  200-URL purge, submit -> complete (step pause ${delay} ms)`.padEnd(60) +
        `${result.ms.toFixed(0).padStart(6)} ms, ${result.events} pushed events, progress ${result.values.join(' ')}`,
    );
  }
  const list = await listWith10000();
  console.log(`  task list first page, 10,000 tasks in the account`.padEnd(60) + `median ${list.median.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
