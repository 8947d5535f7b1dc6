/**
 * The shape of a demo seed module. Each feature area seeds its own sample data in `features/<area>/seed.ts`; a module runs
 * once per database (recorded in `seed_runs`), so a restart never duplicates data, and a module added by a later
 * feature seeds an existing demo database the first time it starts.
 */
import type { Db } from './database.js';
import type { Language } from './http/messages.js';

/**
 * The language a demo database is seeded in (issue 19: seed data in the language of the console it is shown in).
 * Seeded texts are data, stored once, so one database holds one wording; "both seeds available" is met by choosing
 * it when the database is created: `EC_SEED_LANGUAGE` (config.ts, default zh_CN, the console's default language),
 * `npm run start:en` for the English demo, both printed at start (demo-accounts.ts) and in the README.
 */
export type SeedLanguage = Language;

/** Every seed language; zh_CN first, the default. */
export const SEED_LANGUAGES: readonly SeedLanguage[] = ['zh_CN', 'en_US'];

/** The language a seed uses when none is asked for: the console's default. */
export const DEFAULT_SEED_LANGUAGE: SeedLanguage = 'zh_CN';

/**
 * A seed module's texts: one table per language of the same shape (the zh_CN table sets it; the en_US one must match
 * it key for key), so a module keeps one list of its demo objects and looks each human text up by key. Names that are
 * data in every language (domain names, addresses, e-mails, user names) stay in the object list, never here.
 */
export function seedWording<Texts>(table: { zh_CN: Texts; en_US: NoInfer<Texts> }): Readonly<Record<SeedLanguage, Texts>> {
  return table;
}

/** What a seed module receives. */
export interface SeedContext {
  db: Db;
  /** Milliseconds since the epoch. */
  now: number;
  /** The language of every human text the seed writes. */
  language: SeedLanguage;
}

/** One area's demo data. */
export interface SeedModule {
  /** Unique, kebab-case; recorded in `seed_runs`. */
  name: string;
  run(context: SeedContext): void;
}

/**
 * Runs the pending modules in `language`; returns the names run now (empty on a restart). What is seeded keeps its
 * wording: the language only applies to modules that have not run, so the English demo wants a fresh database
 * (`DB_PATH`, see config.ts).
 */
export function runSeeds(db: Db, now: number, modules: readonly SeedModule[], language: SeedLanguage = DEFAULT_SEED_LANGUAGE): string[] {
  const done = new Set((db.prepare('SELECT name FROM seed_runs').all() as { name: string }[]).map((row) => row.name));
  const record = db.prepare('INSERT INTO seed_runs (name, applied_at) VALUES (?, ?)');
  const ran: string[] = [];
  for (const module of modules) {
    if (done.has(module.name)) continue;
    db.transaction(() => {
      module.run({ db, now, language });
      record.run(module.name, now);
    })();
    ran.push(module.name);
  }
  return ran;
}
