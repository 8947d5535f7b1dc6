/** Request schemas of the bot reports (issue 25); limits live in core/rules/reports.ts, the rules in core/logs/bots.ts. */
import { getRoute, queryFields, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'reports';

/** Schemas by `METHOD /path`. */
export const botReportSchemas: RouteSchemas = {
  'GET /V4/report.bot.summary': getRoute(
    TAG,
    'Bot traffic (people, known bots, unknown bots) per bucket, known bots, unknown signatures and regions; flagship plans and above',
    queryFields('from', 'to', 'granularity', 'domain_ids', 'top'),
  ),
  'GET /V4/report.bot.detail': getRoute(
    TAG,
    'One known bot (catalogue id) or unknown signature: requests over time, paths, addresses, countries, spoofed requests',
    queryFields('kind', 'id', 'from', 'to', 'granularity', 'domain_ids', 'top'),
  ),
};
