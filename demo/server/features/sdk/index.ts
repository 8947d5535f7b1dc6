/** The application protection (SDK) area: businesses, devices and their reputation, packages, settings, keys, reports. */
export { sdkMigration } from './migration.js';
export { sdkRoutes } from './routes.js';
export { sdkSchemas } from './schemas.js';
export { sdkSeed, DEMO_SDK_DEVICES } from './seed.js';
