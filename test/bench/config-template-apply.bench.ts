// Batch setting by configuration template on 500 sites (issue 21 "npm run bench: batch setting applied to 500 sites";
// rules §9 500 websites per submission). Over real HTTP on a temporary SQLite file: the preview (dry run, each site's
// changes), the submit (every site checked and written in one transaction, with an operation-log diff per site and
// group; its answer is the per-site result the UI shows first), the time from submit until the provisioning job first
// reports progress (what the UI's progress bar shows next), and until it is done. Figures, not pass/fail.
// Run alone: `npm run bench config-template`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../../demo/server/app.js';
import { createParentAccount } from '../../demo/server/features/account/store.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';

const SITES = 500;
const RUNS = 3;

/** Prints the figures. */
export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'ec-bench-'));
  const app = await buildServer({ dbPath: join(folder, 'bench.db'), seed: false, jobStepDelayMs: 0 });
  try {
    const email = 'bench@example.com';
    const password = 'Bench#2026x';
    const now = Date.now();
    const { memberId } = createParentAccount(app.db, { email, passwordHash: hashPasswordSync(password) }, now);
    const insert = app.db.prepare("INSERT INTO domains (member_id, domain, created_at, status, updated_at) VALUES (?, ?, ?, 'serving', ?)");
    const origin = app.db.prepare("INSERT INTO website_origins (member_id, domain_id, address, port, line) VALUES (?, ?, '192.0.2.10', 80, 'primary')");
    const ids: number[] = [];
    app.db.transaction(() => {
      for (let i = 0; i < SITES; i++) {
        const id = Number(insert.run(memberId, `site-${i}.bench.example`, now, now).lastInsertRowid);
        origin.run(memberId, id);
        ids.push(id);
      }
    })();

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    let key = 0;
    const call = async <T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> => {
      const response = await fetch(`${base}/${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${++key}`, ...(token ? { 'x-token': token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { status: { code: number }; data: T };
      if (envelope.status.code !== 1) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      return envelope.data;
    };
    const token = (await call<{ token: string }>('POST', 'sso/V4/login', null, { email, password })).token;

    console.log(`Batch setting by configuration template, ${SITES} serving sites, ${RUNS} runs (HTTP on 127.0.0.1):`);
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      // Each run changes every site (alternating values), so the writes and the job are real.
      const on = runIndex % 2 === 0;
      const template = await call<{ id: number }>('POST', 'V4/web.config.template.create', token, {
        name: `Bench ${runIndex}`,
        remark: '',
        items: { Webp: { status: on ? 'on' : 'off' }, page_gzip: { status: on ? 'off' : 'on' }, upload_size: { megabytes: on ? 300 : 200 } },
      });
      const body = { template_id: template.id, selection: { ids } };
      let started = performance.now();
      const preview = await call<{ succeeded: number }>('POST', 'V4/web.config.template.apply', token, { ...body, dry_run: true });
      const previewMs = performance.now() - started;
      started = performance.now();
      const applied = await call<{ succeeded: number; job_id: number }>('POST', 'V4/web.config.template.apply', token, body);
      const submitMs = performance.now() - started;
      let firstProgressMs = Number.NaN;
      for (;;) {
        const job = await call<{ state: string; progress: number }>('GET', `V4/job.task.get?id=${applied.job_id}`, token);
        if (Number.isNaN(firstProgressMs) && (job.progress > 0 || job.state === 'complete')) firstProgressMs = performance.now() - started;
        if (job.state === 'complete' || job.state === 'failed' || job.state === 'canceled') break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const jobMs = performance.now() - started;
      if (preview.succeeded !== SITES || applied.succeeded !== SITES) throw new Error(`expected ${SITES} sites, got ${preview.succeeded}/${applied.succeeded}`);
      console.log(
        `  run ${runIndex + 1}: preview ${previewMs.toFixed(0).padStart(5)} ms   submit (per-site result) ${submitMs.toFixed(0).padStart(5)} ms   first job progress ${firstProgressMs.toFixed(0).padStart(5)} ms   job done ${jobMs.toFixed(0).padStart(5)} ms`,
      );
    }
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
