/**
 * The shape of a demo seed module. Each feature area seeds its own sample data in `db/seed/<area>.ts`; a module runs
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
