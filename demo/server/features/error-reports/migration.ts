/**
 * Error reports of the console (shell §7 "error-reporting posts go to a metrics endpoint"): failures users met, as
 * the browser reported them (core/api/error-report.ts), without personal data.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 70. */
export const errorReportsMigration: Migration = {
  version: 70,
  name: 'error-reports',
  up(db) {
    db.exec(`
      CREATE TABLE client_error_reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        seen_at TEXT NOT NULL,
        source TEXT NOT NULL,
        kind TEXT NOT NULL,
        code INTEGER,
        request_id TEXT,
        path TEXT NOT NULL,
        language TEXT NOT NULL,
        console_version TEXT NOT NULL
      );
      CREATE INDEX client_error_reports_recent ON client_error_reports (member_id, received_at);
    `);
  },
};
