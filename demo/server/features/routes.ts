/**
 * Every API area, mounted under /api. A feature area adds its routes by appending its plugin here.
 */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.js';
import { banRoutes } from './bans.js';
import { certificateRoutes } from './certificates.js';
import { dnsRoutes } from './dns.js';
import { ipListRoutes } from './ip-lists.js';
import { domainSettingsRoutes } from './domain-settings.js';
import { jobRoutes } from './jobs.js';
import { messageRoutes } from './messages.js';
import { oplogRoutes } from './oplog.js';
import { platformRoutes } from './platform.js';
import { wafRoutes } from './waf.js';
import { websiteGroupRoutes } from './website-groups.js';
import { websiteRoutes } from './websites.js';

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
