/**
 * Packages (rules §4 billing method change): a plan's billing method and the change waiting for the 1st of next
 * month. Migration 290 of the range given to this area (290-294).
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 290. */
export const packagesMigration: Migration = {
  version: 290,
  name: 'package-billing',
  up(db) {
    db.exec(`
      ALTER TABLE plans ADD COLUMN billing_method TEXT NOT NULL DEFAULT 'traffic';
      ALTER TABLE plans ADD COLUMN billing_pending TEXT;
      ALTER TABLE plans ADD COLUMN billing_effective_at INTEGER;
    `);
  },
};
