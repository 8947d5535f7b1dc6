/** The work-orders area: tickets opened from plan notices (shell §6) or directly. */
export { workOrdersMigration } from './migration.js';
export { workOrderRoutes } from './routes.js';
export { workOrderSchemas } from './schemas.js';
