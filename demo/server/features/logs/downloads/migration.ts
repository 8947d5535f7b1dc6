/**
 * Log download templates and the files of completed download tasks (rules §3 "Log template", "Log download task";
 * rules §9 "Log download kept 7 days"). A task itself is a row of the platform's `jobs` table (type `logs.download`);
 * its file is kept here as gzip-compressed bytes so the whole reference server stays one SQLite file.
 */
import type { Migration } from '../../../platform/migration.js';

/** Migration 250 (issue 24). */
export const logDownloadsMigration: Migration = {
  version: 250,
  name: 'log-downloads',
  up(db) {
    db.exec(`
      CREATE TABLE log_templates (
        id INTEGER PRIMARY KEY,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        -- Who created it: a sub-account may change only its own templates.
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        group_name TEXT NOT NULL DEFAULT '',
        log_type TEXT NOT NULL CHECK (log_type IN ('access', 'waf', 'cc', 'acl')),
        fields TEXT NOT NULL,
        limitation TEXT NOT NULL DEFAULT '',
        enabled INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX log_templates_member ON log_templates (member_id, log_type, updated_at);

      -- Parts are what each step of a running task writes (gzip-compressed, so a long task holds little); a step
      -- repeated after a restart just replaces its part, and the last step joins them into the file.
      CREATE TABLE log_download_parts (
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (job_id, seq)
      );

      CREATE TABLE log_download_files (
        job_id INTEGER PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        data BLOB NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX log_download_files_expiry ON log_download_files (expires_at);
    `);
  },
};
