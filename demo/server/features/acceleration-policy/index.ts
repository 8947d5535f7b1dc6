/**
 * The acceleration policy area (issue 21): the global acceleration policy, acceleration templates and configuration
 * templates with batch setting by template.
 */
export { configTemplatesMigration, templateTimesMigration } from './migration.js';
export { accelerationPolicyRoutes } from './routes.js';
export { configTemplateRoutes } from './config-templates.js';
export { accelerationPolicySchemas } from './schemas.js';
