/**
 * The web security area (issue 22): global, template and domain-specific security policies with their protection
 * cards, security templates, binding, method changes and batch configuration.
 */
export { webSecurityMigration } from './migration.js';
export { webSecurityRoutes, securityPolicyWritable } from './routes.js';
export { webSecuritySchemas } from './schemas.js';
export { webSecuritySeed } from './seed.js';
export { businessesQuoting, setRuleSetDomains } from './store.js';
