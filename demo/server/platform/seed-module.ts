/**
 * The shape of a demo seed module. Each feature area seeds its own sample data in `features/<area>/seed.ts`; a module runs
 * once per database (recorded in `seed_runs`), so a restart never duplicates data, and a module added by a later
 * feature seeds an existing demo database the first time it starts.
 */
import type { Db } from './database.js';

/** What a seed module receives. */
export interface SeedContext {
  db: Db;
  /** Milliseconds since the epoch. */
  now: number;
}

/** One area's demo data. */
export interface SeedModule {
  /** Unique, kebab-case; recorded in `seed_runs`. */
  name: string;
  run(context: SeedContext): void;
}

/** Runs the pending modules; returns the names run now (empty on a restart). */
export function runSeeds(db: Db, now: number, modules: readonly SeedModule[]): string[] {
  const done = new Set((db.prepare('SELECT name FROM seed_runs').all() as { name: string }[]).map((row) => row.name));
  const record = db.prepare('INSERT INTO seed_runs (name, applied_at) VALUES (?, ?)');
  const ran: string[] = [];
  for (const module of modules) {
    if (done.has(module.name)) continue;
    db.transaction(() => {
      module.run({ db, now });
      record.run(module.name, now);
    })();
    ran.push(module.name);
  }
  return ran;
}
