/**
 * Every migration, in order. A feature area adds its tables by appending the next numbered migration here.
 */
import { platformMigration } from './0001-platform.js';
import { messagesMigration } from './0002-messages.js';
import { domainsMigration } from './0010-domains.js';
import { wafMigration } from './0020-waf.js';
import { dnsMigration } from './0030-dns.js';
import { dnsImportTruthMigration } from './0031-dns-import-truth.js';
import { cacheMigration } from './0040-cache.js';
import { certificatesMigration } from './0050-certificates.js';
import { bansMigration } from './0060-bans.js';
import type { Migration } from './migration.js';

/** The migrations applied at start. */
export const MIGRATIONS: readonly Migration[] = [platformMigration, messagesMigration, domainsMigration, wafMigration, dnsMigration, dnsImportTruthMigration, cacheMigration, certificatesMigration, bansMigration];
