/** Request schemas of the dashboard and traffic reports (issue 25); limits live in core/rules/reports.ts. */
import { getRoute, queryFields, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'reports';

/** Schemas by `METHOD /path`. */
export const reportSchemas: RouteSchemas = {
  'GET /V4/report.website.list': getRoute(TAG, 'Websites whose reports the caller may read'),
  'GET /V4/report.traffic.get': getRoute(
    TAG,
    'One traffic report tab: series (1m/5m/1h/1d buckets, Beijing days), optionally the previous period\'s, and top-N tables over the log store',
    queryFields('type', 'from', 'to', 'granularity', 'domain_ids', 'top', 'compare'),
  ),
  'GET /V4/report.security.get': getRoute(
    TAG,
    'One security report (WAF, CC or precise access control lines), or one rule of it: series per action and rankings',
    queryFields('type', 'from', 'to', 'granularity', 'domain_ids', 'top', 'rule_id'),
  ),
  'GET /V4/report.dashboard.summary': getRoute(TAG, "Today's figures (Beijing day), top domains, status-code mix and alerts"),
};
