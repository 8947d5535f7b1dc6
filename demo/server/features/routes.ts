/**
 * Every API area, mounted under /api. A feature area adds its routes by appending its plugin here.
 */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './account/auth-routes.js';
import { banRoutes } from './bans/routes.js';
import { certificateRoutes } from './certificates/routes.js';
import { dnsRoutes } from './dns/routes.js';
import { ipListRoutes } from './ip-lists/routes.js';
import { domainSettingsRoutes } from './domain-settings/routes.js';
import { jobRoutes } from './jobs/routes.js';
import { messageRoutes } from './messages/routes.js';
import { oplogRoutes } from './operation-log/routes.js';
import { platformRoutes } from './account/platform-routes.js';
import { wafRoutes } from './waf/routes.js';
import { websiteGroupRoutes } from './website-groups/routes.js';
import { websiteRoutes } from './websites/routes.js';

/** The API plugins, registered in order inside the /api scope (after the session and idempotency hooks). */
export const API_ROUTES: ReadonlyArray<(api: FastifyInstance) => Promise<void>> = [
  authRoutes,
  platformRoutes,
  jobRoutes,
  oplogRoutes,
  messageRoutes,
  websiteRoutes,
  websiteGroupRoutes,
  dnsRoutes,
  certificateRoutes,
  wafRoutes,
  domainSettingsRoutes,
  banRoutes,
  ipListRoutes,
];
