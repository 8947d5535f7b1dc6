/**
 * Opens the SQLite database (better-sqlite3). Every other module receives the handle from here.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

/** The database handle type used across the server. */
export type Db = Database.Database;
/** A prepared statement. */
export type Statement = Database.Statement;

const IN_MEMORY = ':memory:';

/**
 * Opens (and creates when missing) the database file, with the pragmas the server relies on. An in-memory database
 * may start as a copy of `image`, a serialized database (`db.serialize()`).
 */
export function openDatabase(path: string, image?: Buffer): Db {
  if (path !== IN_MEMORY) mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = path === IN_MEMORY && image ? new Database(image) : new Database(path);
  if (path !== IN_MEMORY) {
    // WAL lets readers run while a job step writes; NORMAL is durable across crashes of the process in WAL mode.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

const statementCaches = new WeakMap<Db, Map<string, Statement>>();

/**
 * A prepared statement, compiled once per database and SQL text. Routes build SQL from constants only (values always
 * go through parameters), so the cache stays small.
 */
export function prepare(db: Db, sql: string): Statement {
  let cache = statementCaches.get(db);
  if (!cache) {
    cache = new Map();
    statementCaches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** ISO 8601 (UTC) text of a stored millisecond time; null stays null. */
export function isoTime(ms: number): string;
export function isoTime(ms: number | null): string | null;
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
