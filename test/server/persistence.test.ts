import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { UserInfoAnswer } from '../../core/api/endpoints/auth.js';
import type { DomainListItem, ListAnswer, PlansAnswer } from '../../core/api/endpoints/platform.js';
import { buildServer } from '../../demo/server/app.js';
import { openDatabase } from '../../demo/server/platform/database.js';
import { applyMigrations } from '../../demo/server/platform/migrate.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import { MIGRATIONS, SEED_MODULES } from '../../demo/server/features/index.js';
import { runSeeds } from '../../demo/server/platform/seed-module.js';
import { expectOk, signInParent, testClock } from './helpers.js';

describe('persistence (DESIGN §4: the data survives a restart)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ec-persist-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('creates the database file and its folder, and keeps sessions, settings and seed data across a restart', async () => {
    const dbPath = join(folder, 'nested', 'console.db');
    const clock = testClock();
    const first = await buildServer({ dbPath, now: clock.now });
    await first.ready();
    assert.ok(existsSync(dbPath));
    const { token } = await signInParent(first);
    await expectOk(first, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Asia/Singapore' } });
    await first.close();

    const second = await buildServer({ dbPath, now: clock.now });
    await second.ready();
    try {
      // The session from before the restart is still valid, and the setting is still there.
      await expectOk<UserInfoAnswer>(second, 'GET', 'sso/V4/user/info', { token });
      const stored = second.db.prepare("SELECT timezone FROM users WHERE email = 'admin@example.com'").get() as { timezone: string };
      assert.equal(stored.timezone, 'Asia/Singapore');
      // The seed ran once: no duplicated domains or plans.
      const domains = await expectOk<ListAnswer<DomainListItem>>(second, 'GET', 'V4/cloudsafe.hwws.domain.list', { token });
      assert.equal(domains.total, DEMO_DOMAINS.length);
      const plans = await expectOk<PlansAnswer>(second, 'GET', 'V4/member.product.plan', { token });
      assert.equal(plans.plans.length, 1);
      const migrations = second.db.prepare('SELECT version FROM schema_migrations').all();
      assert.equal(migrations.length, MIGRATIONS.length);
    } finally {
      await second.close();
    }
  });

  it('applies only pending migrations, in order, and refuses an out-of-order list', () => {
    const db = openDatabase(':memory:');
    try {
      assert.deepEqual(applyMigrations(db, MIGRATIONS, 0), MIGRATIONS.map((migration) => migration.version));
      assert.deepEqual(applyMigrations(db, MIGRATIONS, 1), []);
      // Areas own numbered slots (versions need not be consecutive), so the next one follows the highest.
      const later = { version: MIGRATIONS[MIGRATIONS.length - 1]!.version + 1, name: 'later', up: (target: typeof db) => target.exec('CREATE TABLE later_table (member_id INTEGER)') };
      assert.deepEqual(applyMigrations(db, [...MIGRATIONS, later], 2), [later.version]);
      assert.throws(() => applyMigrations(db, [later, ...MIGRATIONS], 3), /out of order/);
    } finally {
      db.close();
    }
  });

  it('runs each seed module once, and a module added later seeds an existing database once', () => {
    const db = openDatabase(':memory:');
    try {
      applyMigrations(db, MIGRATIONS, 0);
      assert.deepEqual(runSeeds(db, 0, SEED_MODULES), SEED_MODULES.map((module) => module.name));
      assert.deepEqual(runSeeds(db, 1, SEED_MODULES), []);
      let runs = 0;
      const added = { name: 'added-later', run: () => void runs++ };
      assert.deepEqual(runSeeds(db, 2, [...SEED_MODULES, added]), ['added-later']);
      runSeeds(db, 3, [...SEED_MODULES, added]);
      assert.equal(runs, 1);
    } finally {
      db.close();
    }
  });
});
