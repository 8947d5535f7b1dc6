/**
 * What the server instance carries for routes and hooks: the database, the clock and the job runner. Declared here so
 * every module that reads `request.server.db` sees the same typing.
 */
import type { Db } from './database.js';
import type { JobRunner } from './jobs/runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SQLite database. */
    db: Db;
    /** Milliseconds since the epoch; injected in tests to move time. */
    now: () => number;
    /** Long tasks (rules §4). */
    jobs: JobRunner;
  }
}
