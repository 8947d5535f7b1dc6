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
  'GET /V4/firewall.report.block.list': getRoute(
    TAG,
    'Firewall block list (shell §7): per firewall policy (type firewall) or built-in package rule (type package) the requests it blocked, with figures, series and top targets, paged',
    queryFields('type', 'from', 'to', 'granularity', 'domain_ids', 'page', 'per_page'),
  ),
  'GET /V4/firewall.report.block.details': getRoute(
    TAG,
    'One firewall policy\'s blocked requests, newest first, paged, at most 3000 (rules §9 detail lists)',
    queryFields('type', 'id', 'from', 'to', 'granularity', 'domain_ids', 'page', 'per_page'),
  ),
  'GET /V4/report.dashboard.summary': getRoute(TAG, "Today's figures (Beijing day), top domains, status-code mix and alerts"),
};
