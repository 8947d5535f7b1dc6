/**
 * Log download templates and tasks, as the logs area registers them: its migration, routes and schemas. The job
 * handler is registered by the routes, with the server's log store.
 */
export { logDownloadsMigration } from './migration.js';
export { logDownloadRoutes } from './routes.js';
export { logDownloadSchemas } from './schemas.js';
export { logDownloadHandler, type LogDownloadJobParams } from './jobs.js';
