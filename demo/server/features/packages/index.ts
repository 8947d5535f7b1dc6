/** The packages area: the account's plans, renewal, expansion and billing method changes. */
export { packagesMigration } from './migration.js';
export { packageRoutes } from './routes.js';
export { packageSchemas } from './schemas.js';
