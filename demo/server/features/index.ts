/**
 * The one list of feature areas. An area is a folder under features/ holding its routes, store, payloads, jobs,
 * migration and seed (README "Reference server"); it joins the server by adding one entry here. The platform
 * (../platform) knows none of them; the app assembly (../app.ts) reads this list.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from '../platform/migration.js';
import { platformMigration } from '../platform/migrations/0001-platform.js';
import type { SeedModule } from '../platform/seed-module.js';
import type { RouteSchemas } from '../platform/http/schemas.js';
import { accessKeyRoutes, accessKeysMigration, accessRoutes, accessSchemas, accessKeySecretsMigration, moduleGrantsMigration } from './access/index.js';
import { accountSchemas } from './account/schemas.js';
import { banSchemas } from './bans/schemas.js';
import { certificateSchemas } from './certificates/schemas.js';
import { dnsSchemas } from './dns/schemas.js';
import { errorReportSchemas } from './error-reports/schemas.js';
import { domainSettingsSchemas } from './domain-settings/schemas.js';
import { jobSchemas } from './jobs/schemas.js';
import { messageSchemas } from './messages/schemas.js';
import { operationLogSchemas } from './operation-log/schemas.js';
import { wafSchemas } from './waf/schemas.js';
import { websiteGroupSchemas } from './website-groups/schemas.js';
import { websiteSchemas } from './websites/schemas.js';
import { authRoutes } from './account/auth-routes.js';
import { consoleInfoSeed } from './account/console-info-seed.js';
import { platformRoutes } from './account/platform-routes.js';
import { accountsSeed } from './account/seed.js';
import { viewerAccountSeed } from './account/viewer-seed.js';
import { ipListRoutes } from './bans/ip-list-routes.js';
import { banListIndexMigration } from './bans/list-index-migration.js';
import { bansMigration } from './bans/migration.js';
import { banRoutes } from './bans/routes.js';
import { bansSeed } from './bans/seed.js';
import { cacheMigration } from './cache/migration.js';
import { cacheSeed } from './cache/seed.js';
import { cacheTasksMigration } from './cache-tasks/migration.js';
import { cacheTaskRoutes } from './cache-tasks/routes.js';
import { cacheTaskSchemas } from './cache-tasks/schemas.js';
import { certificatesMigration } from './certificates/migration.js';
import { certificateRoutes } from './certificates/routes.js';
import { certificatesSeed } from './certificates/seed.js';
import { dnsImportTruthMigration } from './dns/import-truth-migration.js';
import { dnsMigration } from './dns/migration.js';
import { dnsRoutes } from './dns/routes.js';
import { dnsSeed } from './dns/seed.js';
import { domainSettingsRoutes } from './domain-settings/routes.js';
import { domainSettingsMigration } from './domain-settings/migration.js';
import { originSettingsMigration } from './domain-settings/origin-migration.js';
import { httpsOptionsMigration } from './domain-settings/https-migration.js';
import { configMethodMigration } from './domain-settings/config-migration.js';
import { configMethodRoutes } from './domain-settings/config-routes.js';
import { configMethodSeed } from './domain-settings/config-seed.js';
import { errorReportsMigration } from './error-reports/migration.js';
import { errorReportRoutes } from './error-reports/routes.js';
import { jobRoutes } from './jobs/routes.js';
import { logsMigration } from './logs/migration.js';
import { logRoutes } from './logs/routes.js';
import { logSchemas } from './logs/schemas.js';
import { jobStreamRoutes } from './jobs/stream.js';
import { mailOutboxMigration, mailSchemas, mailViewerRoutes } from './mail/index.js';
import { messagesMigration } from './messages/migration.js';
import { messageRoutes } from './messages/routes.js';
import { messageCenterMigration } from './messages/center-migration.js';
import { contactRoutes } from './messages/contact-routes.js';
import { messageStreamRoutes } from './messages/stream.js';
import { messageProducers } from './messages/producers.js';
import { messagesSeed } from './messages/seed.js';
import { oplogRoutes } from './operation-log/routes.js';
import { plansSeed } from './plans/seed.js';
import { wafMigration } from './waf/migration.js';
import { wafRoutes } from './waf/routes.js';
import { wafSeed } from './waf/seed.js';
import { websiteGroupRoutes } from './website-groups/routes.js';
import { websitesSeed } from './websites/seed.js';
import { domainsMigration } from './websites/migration.js';
import { websiteListIndexesMigration } from './websites/search-migration.js';
import { domainsSeed } from './websites/domains-seed.js';
import { websiteRoutes } from './websites/routes.js';
import { logDownloadRoutes, logDownloadSchemas, logDownloadsMigration } from './logs/downloads/index.js';
import { accelerationPolicyRoutes, accelerationPolicySchemas, configTemplateRoutes, configTemplatesMigration, templateTimesMigration } from './acceleration-policy/index.js';
import { packageRoutes, packageSchemas, packagesMigration } from './packages/index.js';
import { workOrderRoutes, workOrderSchemas, workOrdersMigration } from './work-orders/index.js';
import { identityMigration, userCenterMigration, userCenterRoutes, userCenterSchemas } from './user-center/index.js';
// Not through the area's index: the identity review notifies through messages, whose sign-in notices use the user
// center's index, so re-exporting it there would close an import cycle.
import { identityRoutes } from './user-center/identity.js';
import { layer4Migration, layer4Routes, layer4Schemas, layer4Seed } from './layer4/index.js';
import { reportRoutes, reportSchemas } from './reports/index.js';
import { documentRoutes, documentSchemas } from './documents/index.js';
import { botReportRoutes, botReportSchemas } from './bot-reports/index.js';
import { sdkMigration, sdkRoutes, sdkSchemas, sdkSeed } from './sdk/index.js';
import { conditionRulesMigration, conditionSchemas } from './conditions/index.js';
// Not through the area's index: the WAF area uses that index (reference checks, expansion) and the routes use the
// WAF's, so re-exporting the routes there would close an import cycle.
import { conditionRoutes } from './conditions/routes.js';
import { conditionRulesSeed } from './conditions/seed.js';
import { webSecurityMigration, webSecurityRoutes, webSecuritySchemas, webSecuritySeed } from './web-security/index.js';

/** Registers an area's API routes inside the /api scope (after the session and idempotency hooks). */
export type RouteRegistration = (api: FastifyInstance) => Promise<void>;

/** One feature area: what it adds to the database, the demo data and the API. */
export interface FeatureArea {
  /** The folder name under features/. */
  name: string;
  /** Its schema changes; versions are unique across areas (see MIGRATIONS). */
  migrations?: readonly Migration[];
  /** Its demo data, in the order the area needs; areas are seeded in list order. */
  seeds?: readonly SeedModule[];
  /** Its API routes. */
  routes?: readonly RouteRegistration[];
  /** The request schema of each of its routes, by `METHOD /path` (platform/http/schemas.ts). */
  schemas?: RouteSchemas;
}

/** Every feature area, in seeding order: an area comes after the areas whose data its seed builds on. */
export const FEATURE_AREAS: readonly FeatureArea[] = [
  { name: 'account', seeds: [accountsSeed, consoleInfoSeed], routes: [authRoutes, platformRoutes], schemas: accountSchemas },
  { name: 'plans', seeds: [plansSeed] },
  { name: 'jobs', routes: [jobRoutes, jobStreamRoutes], schemas: jobSchemas },
  { name: 'operation-log', routes: [oplogRoutes], schemas: operationLogSchemas },
  { name: 'error-reports', migrations: [errorReportsMigration], routes: [errorReportRoutes], schemas: errorReportSchemas },
  { name: 'websites', migrations: [domainsMigration, websiteListIndexesMigration], seeds: [domainsSeed, websitesSeed], routes: [websiteRoutes], schemas: websiteSchemas },
  { name: 'mail', migrations: [mailOutboxMigration], routes: [mailViewerRoutes], schemas: mailSchemas },
  {
    name: 'messages',
    migrations: [messagesMigration, messageCenterMigration],
    seeds: [messagesSeed],
    routes: [messageRoutes, contactRoutes, messageStreamRoutes, messageProducers],
    schemas: messageSchemas,
  },
  { name: 'website-groups', routes: [websiteGroupRoutes], schemas: websiteGroupSchemas },
  { name: 'dns', migrations: [dnsMigration, dnsImportTruthMigration], seeds: [dnsSeed], routes: [dnsRoutes], schemas: dnsSchemas },
  { name: 'certificates', migrations: [certificatesMigration], seeds: [certificatesSeed], routes: [certificateRoutes], schemas: certificateSchemas },
  { name: 'waf', migrations: [wafMigration], seeds: [wafSeed], routes: [wafRoutes], schemas: wafSchemas },
  // Issue 22: the conditions match engine; WAF rules reference its condition rules.
  { name: 'conditions', migrations: [conditionRulesMigration], seeds: [conditionRulesSeed], routes: [conditionRoutes], schemas: conditionSchemas },
  { name: 'cache', migrations: [cacheMigration], seeds: [cacheSeed] },
  { name: 'cache-tasks', migrations: [cacheTasksMigration], routes: [cacheTaskRoutes], schemas: cacheTaskSchemas },
  {
    name: 'domain-settings',
    migrations: [domainSettingsMigration, originSettingsMigration, httpsOptionsMigration, configMethodMigration],
    seeds: [configMethodSeed],
    routes: [domainSettingsRoutes, configMethodRoutes],
    schemas: domainSettingsSchemas,
  },
  // Issue 22: after waf (its seed turns the WAF seed's bindings into policies) and domain-settings.
  { name: 'web-security', migrations: [webSecurityMigration], seeds: [webSecuritySeed], routes: [webSecurityRoutes], schemas: webSecuritySchemas },
  { name: 'bans', migrations: [bansMigration, banListIndexMigration], seeds: [bansSeed], routes: [banRoutes, ipListRoutes], schemas: banSchemas },
  { name: 'logs', migrations: [logsMigration, logDownloadsMigration], routes: [logRoutes, logDownloadRoutes], schemas: { ...logSchemas, ...logDownloadSchemas } },
  { name: 'access', migrations: [accessKeysMigration, moduleGrantsMigration, accessKeySecretsMigration], routes: [accessRoutes, accessKeyRoutes], schemas: accessSchemas },
  {
    name: 'acceleration-policy',
    migrations: [configTemplatesMigration, templateTimesMigration],
    routes: [accelerationPolicyRoutes, configTemplateRoutes],
    schemas: accelerationPolicySchemas,
  },
  { name: 'packages', migrations: [packagesMigration], routes: [packageRoutes], schemas: packageSchemas },
  { name: 'work-orders', migrations: [workOrdersMigration], routes: [workOrderRoutes], schemas: workOrderSchemas },
  { name: 'user-center', migrations: [userCenterMigration, identityMigration], routes: [userCenterRoutes, identityRoutes], schemas: userCenterSchemas },
  // After websites: the demo TCP package is the one a seeded website is bound to.
  { name: 'layer4', migrations: [layer4Migration], seeds: [layer4Seed], routes: [layer4Routes], schemas: layer4Schemas },
  // The read-only demo sub-account names a website and its certificates, so it is seeded after them.
  { name: 'demo-viewer', seeds: [viewerAccountSeed] },
  // Issue 25: the dashboard and traffic reports read the log store the logs area opens.
  { name: 'reports', routes: [reportRoutes], schemas: reportSchemas },
  // Issue 29: the documentation centre (articles from demo/docs and custom-elements.json; no tables).
  { name: 'documents', routes: [documentRoutes], schemas: documentSchemas },
  // Issue 25: the bot reports classify the same log store's lines (core/logs/bots.ts), plan-gated (rules §6).
  { name: 'bot-reports', routes: [botReportRoutes], schemas: botReportSchemas },
  // Issue 29: the application protection product (after websites: a business routes through one of them).
  { name: 'sdk', migrations: [sdkMigration], seeds: [sdkSeed], routes: [sdkRoutes], schemas: sdkSchemas },
];

/** Every migration in version order: the platform's tables first, then each area's. */
export const MIGRATIONS: readonly Migration[] = [
  platformMigration,
  ...FEATURE_AREAS.flatMap((area) => area.migrations ?? []).sort((a, b) => a.version - b.version),
];

/** Every demo seed module, area by area. */
export const SEED_MODULES: readonly SeedModule[] = FEATURE_AREAS.flatMap((area) => area.seeds ?? []);

/** Every area's API routes, area by area. */
export const API_ROUTES: readonly RouteRegistration[] = FEATURE_AREAS.flatMap((area) => area.routes ?? []);

/** Every area's route schemas in one table. */
export const ROUTE_SCHEMAS: RouteSchemas = Object.assign({}, ...FEATURE_AREAS.map((area) => area.schemas ?? {}));
