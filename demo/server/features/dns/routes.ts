/**
 * Cloud DNS (issue 10; rules §3-§5, §9 DNS; shell §2 cloud-resolving, §6 domainList permission): domains, domain
 * groups, statistics, records, import and export, and the DNS jobs, whose handlers are registered on the job runner
 * here.
 */
import type { FastifyInstance } from 'fastify';
import { domainRoutes } from './domain-routes.js';
import { groupRoutes } from './group-routes.js';
import { jobListRoutes } from './job-routes.js';
import { registerDnsJobs } from './jobs.js';
import { recordRoutes } from './record-routes.js';

/** Registers the DNS routes (under /api) and the DNS job types. */
export async function dnsRoutes(api: FastifyInstance): Promise<void> {
  registerDnsJobs(api.jobs);
  domainRoutes(api);
  groupRoutes(api);
  recordRoutes(api);
  jobListRoutes(api);
}
