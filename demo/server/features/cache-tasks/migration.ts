/**
 * Cache tasks (rules §3 "Cache task") and the simulated edge they act on: the URLs each website has cached, with the
 * time each was cached, and the per-URL results of every purge and prefetch task.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 230 (issue 23). */
export const cacheTasksMigration: Migration = {
  version: 230,
  name: 'cache-tasks',
  up(db) {
    db.exec(`
      CREATE TABLE edge_cache (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        domain_id INTEGER NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        cached_at INTEGER NOT NULL,
        PRIMARY KEY (member_id, url)
      );
      CREATE INDEX edge_cache_domain ON edge_cache (member_id, domain_id, url);

      CREATE TABLE cache_task_urls (
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        url TEXT NOT NULL,
        domain_id INTEGER NOT NULL,
        result TEXT NOT NULL DEFAULT 'pending' CHECK (result IN ('pending', 'success', 'fail')),
        reason TEXT NOT NULL DEFAULT '',
        objects INTEGER NOT NULL DEFAULT 0,
        finished_at INTEGER,
        PRIMARY KEY (job_id, position)
      );
      CREATE INDEX cache_task_urls_result ON cache_task_urls (job_id, result, position);
    `);
  },
};
