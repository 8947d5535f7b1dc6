/**
 * Idempotency survives a crash (security finding: a key stayed "in progress" for 5 minutes after the server was
 * killed mid-request, so every retry answered 100409). The real server runs as a child process on a SQLite file, is
 * killed with SIGKILL while a write holds its key, and started again on the same file: the retry with the same key
 * then runs and succeeds.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Starts demo/server/main.ts on the file; resolves with the process and its base URL once it listens. */
function startProcess(dbPath: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DB_PATH: dbPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${match[1]}/api` });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('idempotency after kill -9 (security finding)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ec-crash-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('a key held by a request whose process was killed is released on restart; the retry runs once', async () => {
    const dbPath = join(folder, 'console.db');
    let { child, base } = await startProcess(dbPath);
    const signIn = await fetch(`${base}/sso/V4/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const write = () =>
      fetch(`${base}/V4/dns.group.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token, 'idempotency-key': 'crash-key-1' },
        body: JSON.stringify({ name: 'After the crash', remark: '' }),
      }).then(async (response) => ((await response.json()) as { status: { code: number } }).status.code);

    // The write is in flight: its key is claimed (what the preHandler writes) when the process dies.
    const db = new Database(dbPath);
    db.prepare('INSERT INTO idempotency_keys (member_id, key, fingerprint, response, created_at) VALUES (?, ?, ?, NULL, ?)').run(
      DEMO_MEMBER_ID,
      'crash-key-1',
      'fingerprint-of-the-lost-request',
      Date.now(),
    );
    db.close();
    assert.equal(await write(), 100409, 'while the process lives, the key is in progress');
    await killed(child);

    ({ child, base } = await startProcess(dbPath));
    try {
      assert.equal(await write(), 1, 'after the restart the retry runs');
      assert.equal(await write(), 1, 'and a second retry replays the stored answer');
      const check = new Database(dbPath, { readonly: true });
      const groups = check.prepare("SELECT COUNT(*) AS n FROM dns_groups WHERE name = 'After the crash'").get() as { n: number };
      check.close();
      assert.equal(groups.n, 1, 'the write ran exactly once');
    } finally {
      await killed(child);
    }
  });
});
