/**
 * Applies the numbered migrations that have not run yet, each in its own transaction, and records them in
 * `schema_migrations`. Runs at every start, so a restart keeps the data and picks up new migrations.
 */
import type { Db } from './database.js';
import type { Migration } from './migration.js';

/** Applies pending migrations; returns the versions applied now. */
export function applyMigrations(db: Db, migrations: readonly Migration[], now: number): number[] {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous && migration.version <= previous.version) {
      throw new Error(`Migration ${migration.version} (${migration.name}) is out of order after ${previous.version}`);
    }
  });
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((row) => row.version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      migration.up(db);
      record.run(migration.version, migration.name, now);
    })();
    done.push(migration.version);
  }
  return done;
}
