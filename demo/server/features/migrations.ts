/**
 * Every migration, in order. A feature area adds its tables by appending the next numbered migration here.
 */
import { platformMigration } from '../platform/migrations/0001-platform.js';
import { messagesMigration } from './messages/migration.js';
import { domainsMigration } from './websites/migration.js';
import { wafMigration } from './waf/migration.js';
import { dnsMigration } from './dns/migration.js';
import { cacheMigration } from './cache/migration.js';
import { certificatesMigration } from './certificates/migration.js';
import { bansMigration } from './bans/migration.js';
import type { Migration } from '../platform/migration.js';

/** The migrations applied at start. */
export const MIGRATIONS: readonly Migration[] = [platformMigration, messagesMigration, domainsMigration, wafMigration, dnsMigration, cacheMigration, certificatesMigration, bansMigration];
