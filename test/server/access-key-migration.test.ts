/**
 * Migration 275 (issue 26, access-key secret storage): a key stored the old way, its HMAC key in the clear, is sealed
 * and given a verifier at the next start, the clear column goes, and the secret its user holds still signs.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { AccessKeySecret } from '../../core/api/endpoints/access.js';
import { buildServer } from '../../demo/server/app.js';
import { openDatabase } from '../../demo/server/platform/database.js';
import { expectOk, signInParent, testClock } from './helpers.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('access keys stored before migration 275 (issue 26)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ec-key-migration-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('are sealed at the next start and keep signing with the secret their user holds', async () => {
    const dbPath = join(folder, 'console.db');
    const clock = testClock();
    const first = await buildServer({ dbPath, now: clock.now });
    await first.ready();
    const { token } = await signInParent(first);
    const made = await expectOk<AccessKeySecret>(first, 'POST', 'V4/access.key.create', { token, body: { remark: 'old' } });
    await first.close();

    // Back to the shape before 275: the HMAC key (the secret's SHA-256) in `signing_key`, nothing sealed.
    const db = openDatabase(dbPath);
    db.exec('ALTER TABLE access_keys ADD COLUMN signing_key TEXT');
    db.prepare('UPDATE access_keys SET signing_key = ? WHERE key_id = ?').run(sha256(made.secret), made.key.key_id);
    db.exec('ALTER TABLE access_keys DROP COLUMN signing_key_sealed; ALTER TABLE access_keys DROP COLUMN verifier; DELETE FROM schema_migrations WHERE version = 275;');
    db.close();

    const second = await buildServer({ dbPath, now: clock.now });
    await second.ready();
    try {
      const row = second.db.prepare('SELECT * FROM access_keys WHERE key_id = ?').get(made.key.key_id) as Record<string, unknown>;
      assert.equal('signing_key' in row, false);
      assert.match(String(row.signing_key_sealed), /^v1:/);
      assert.equal(JSON.stringify(row).includes(sha256(made.secret)), false);

      const path = '/api/V4/cloudsafe.hwws.website.list';
      const timestamp = String(Math.floor(clock.now() / 1000));
      const nonce = randomBytes(12).toString('hex');
      const contentHash = sha256('');
      const text = ['EC1-HMAC-SHA256', 'GET', path, '', contentHash, timestamp, nonce].join('\n');
      const response = await second.inject({
        method: 'GET',
        url: path,
        headers: {
          'x-lang': 'en_US',
          'X-EC-Key': made.key.key_id,
          'X-EC-Timestamp': timestamp,
          'X-EC-Nonce': nonce,
          'X-EC-Content-SHA256': contentHash,
          'X-EC-Signature': createHmac('sha256', sha256(made.secret)).update(text).digest('hex'),
        },
      });
      assert.equal((JSON.parse(response.body) as { status: { code: number } }).status.code, 1);
    } finally {
      await second.close();
    }
  });
});
