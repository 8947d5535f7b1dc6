/**
 * The validation catalogue: every rule and limit of rules §5 and §9 and the pure multi-value rules of shell §5, shared
 * by the browser and the reference server. Rules answer `null` or a {@link RuleIssue} whose key is a message of the
 * `rules` i18n namespace; form validators answer `FieldIssue[]`. The worker entry (`batch-worker.ts`) is not
 * re-exported: it binds to a worker's global scope when loaded.
 */
export * from './types.js';
export * from './common.js';
export * from './ip.js';
export * from './domain.js';
export * from './url.js';
export * from './html.js';
export * from './pcre.js';
export * from './batch.js';
export * from './batch-jobs.js';
export * from './multi-value.js';
export * from './accounts.js';
export * from './access.js';
export * from './dns.js';
export * from './websites.js';
export * from './origin.js';
export * from './cache.js';
export * from './waf.js';
export * from './waf-actions.js';
export * from './match-catalogue.js';
export * from './condition-rules.js';
export * from './certificates.js';
export * from './bans.js';
export * from './cache-tasks.js';
export * from './service-limits.js';
export * from './message-center.js';
export * from './user-center.js';
export * from './identity.js';
export * from './reports.js';
