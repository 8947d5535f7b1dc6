/**
 * DNS import that tells the truth (issue 18): a record an append import finds already present is `skipped`, not a
 * failure (the import page promises "repeats are skipped"), so a detail row can now be waiting, success, skipped or
 * fail; and a zone imported from a BIND file keeps its SOA (`dns_domains.soa`, JSON of the SOA fields) so export
 * writes the operator's serial and timers back instead of new ones.
 *
 * SQLite cannot change a CHECK constraint in place: the detail table is rebuilt with its rows, as SQLite's documented
 * twelve-step ALTER procedure does (nothing references `dns_job_items`, so no foreign key needs deferring).
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 31. */
export const dnsImportTruthMigration: Migration = {
  version: 31,
  name: 'dns-import-truth',
  up(db) {
    db.exec(`
      CREATE TABLE dns_job_items_next (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        domain TEXT NOT NULL,
        host TEXT NOT NULL DEFAULT '',
        type TEXT NOT NULL DEFAULT '',
        line TEXT NOT NULL DEFAULT '',
        value TEXT NOT NULL DEFAULT '',
        priority INTEGER,
        ttl INTEGER,
        remark TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'normal',
        record_group TEXT NOT NULL DEFAULT '',
        result TEXT NOT NULL DEFAULT 'waiting' CHECK (result IN ('waiting', 'success', 'skipped', 'fail')),
        reason TEXT NOT NULL DEFAULT '',
        UNIQUE (job_id, seq)
      );
      INSERT INTO dns_job_items_next SELECT * FROM dns_job_items;
      UPDATE dns_job_items_next SET result = 'skipped' WHERE result = 'fail' AND reason = 'dns-record-exists';
      DROP TABLE dns_job_items;
      ALTER TABLE dns_job_items_next RENAME TO dns_job_items;
      CREATE INDEX dns_job_items_result ON dns_job_items (job_id, result);

      ALTER TABLE dns_domains ADD COLUMN soa TEXT;
    `);
  },
};
