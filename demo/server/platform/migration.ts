/**
 * The shape of a schema migration. Migrations are numbered, applied in order inside a transaction each, and recorded
 * in `schema_migrations`, so a restart applies only the new ones and the data survives.
 */
import type { Db } from './database.js';

/** One schema change. Never edit a migration that has shipped: add the next number instead. */
export interface Migration {
  /** Unique and ascending: 1, 2, 3 ... */
  version: number;
  /** Short kebab-case description, shown in `schema_migrations`. */
  name: string;
  up(db: Db): void;
}
