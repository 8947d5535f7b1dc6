/**
 * The website list at 100,000 domains (issue "every page loads only what it shows"): an index for each sort and
 * filter of the list within an account, and a trigram full-text index so the substring search of the domain and
 * remark (the list's search box) reads an index instead of every row.
 *
 * `domains_search` is an external-content FTS5 table over `domains` (no second copy of the text); triggers keep it
 * in step with every insert, rename, remark change and delete, whichever area writes the row.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 11. */
export const websiteListIndexesMigration: Migration = {
  version: 11,
  name: 'website-list-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX domains_member_name ON domains (member_id, domain COLLATE NOCASE, id);
      CREATE INDEX domains_member_expiry ON domains (member_id, expire_at, id);
      DROP INDEX domains_member_status;
      CREATE INDEX domains_member_status ON domains (member_id, status, id);
      DROP INDEX domains_member_group;
      CREATE INDEX domains_member_group ON domains (member_id, group_id, id);

      CREATE VIRTUAL TABLE domains_search USING fts5(domain, remark, content = 'domains', content_rowid = 'id', tokenize = 'trigram');
      INSERT INTO domains_search (domains_search) VALUES ('rebuild');
      CREATE TRIGGER domains_search_insert AFTER INSERT ON domains BEGIN
        INSERT INTO domains_search (rowid, domain, remark) VALUES (new.id, new.domain, new.remark);
      END;
      CREATE TRIGGER domains_search_delete AFTER DELETE ON domains BEGIN
        INSERT INTO domains_search (domains_search, rowid, domain, remark) VALUES ('delete', old.id, old.domain, old.remark);
      END;
      CREATE TRIGGER domains_search_update AFTER UPDATE OF domain, remark ON domains BEGIN
        INSERT INTO domains_search (domains_search, rowid, domain, remark) VALUES ('delete', old.id, old.domain, old.remark);
        INSERT INTO domains_search (rowid, domain, remark) VALUES (new.id, new.domain, new.remark);
      END;
    `);
  },
};
