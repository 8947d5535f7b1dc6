/**
 * Ban records of one domain, newest first (the ban list's domain filter with its default order, rules §9 date
 * ranges): an index that answers it without sorting the account's records.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 61. */
export const banListIndexMigration: Migration = {
  version: 61,
  name: 'ban-list-by-domain',
  up(db) {
    db.exec('CREATE INDEX ban_records_domain_time ON ban_records (member_id, domain_id, banned_at, id)');
  },
};
