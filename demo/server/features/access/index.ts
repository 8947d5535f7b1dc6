/** The access-management area (issue 26): sub-accounts, groups and grants, access keys, the permission simulator. */
export { accessKeysMigration } from './migration.js';
export { moduleGrantsMigration } from './module-grants-migration.js';
export { accessKeySecretsMigration } from './key-secrets-migration.js';
export { accessKeyOpener } from './key-secrets.js';
export { accessRoutes } from './routes.js';
export { accessKeyRoutes } from './key-routes.js';
export { accessSchemas } from './schemas.js';
