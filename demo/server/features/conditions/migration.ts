/**
 * Condition rules of the conditions match engine (rules §3 "Condition rule: name, description, citation count,
 * status"). Conditions are stored in the WAF wire form (`PolicyCondition[]`), so the matcher reads them exactly as it
 * reads a WAF rule's; citations are not stored but counted from the WAF rules whose conditions reference the rule.
 */
import type { Migration } from '../../platform/migration.js';

/** Migration 340. */
export const conditionRulesMigration: Migration = {
  version: 340,
  name: 'condition-rules',
  up(db) {
    db.exec(`
      CREATE TABLE condition_rules (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        conditions TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('enabled', 'suspended')),
        created_by INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX condition_rules_member ON condition_rules (member_id, id);
    `);
  },
};
