/**
 * The dashboard and the traffic reports (issue 25) over the log store. Authorization is per object (rules §6): the
 * figures are counted over the websites the caller's `reports` grant covers, found by the same scope code log
 * retrieval uses (logs/access.ts); a website named outside it is refused, never silently dropped. Plan gating: the
 * traffic reports and the dashboard's figures are in every plan (core/config/plan-gates.ts gates only the full attack
 * reports and bot analytics, which these are not).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CERTIFICATE_ALERT_DAYS,
  isTrafficReportType,
  type DashboardSummary,
  type ExpiringCertificate,
  type IdleDomain,
  type ReportTableName,
  type ReportTopRow,
  type TrafficReport,
  type TrafficReportType,
} from '../../../../core/api/endpoints/reports.js';
import { startOfLogDay } from '../../../../core/i18n/time-range.js';
import type { LogType } from '../../../../core/logs/fields.js';
import type { LogFieldName } from '../../../../core/logs/predicate.js';
import type { FieldIssue } from '../../../../core/rules/types.js';
import { isoTime, prepare } from '../../platform/database.js';
import { ok } from '../../platform/http/envelope.js';
import { permissions } from '../../platform/security/permissions.js';
import { requireSession } from '../../platform/security/session.js';
import { readableWebsites } from '../logs/index.js';
import type { LogSearch, LogStore, LogTotalOrder } from '../logs/store/index.js';
import { previousSearch, series, statusMix, statusSeries, topRows, totals } from './aggregate.js';
import { MAP_ROWS, readReportWindow, requireReports, type ReportWindow } from './window.js';
import { firewallReportRoutes } from './firewall-routes.js';
import { securityReportRoutes } from './security-routes.js';

const DAY_MS = 86_400_000;
/** Rows of the dashboard's top domains and of each alert list. */
const DASHBOARD_TOP = 10;
const ALERTS_MAX = 20;
/**
 * Security actions that stopped a request: blocked, banned or challenged (a challenge stops an automated attack; the
 * stricter reading of "attacks blocked" would count block and ban only, but a challenged bot never reaches the site).
 */
const STOPPING_ACTIONS = ['block', 'ban', 'captcha', 'js-challenge'];
const SECURITY_TYPES: readonly LogType[] = ['waf', 'cc', 'acl'];

/** One table of a report: which field, ranked by what. */
interface TableSpec {
  field: LogFieldName;
  orderBy: LogTotalOrder;
  /** Maps read whole rather than top-N. */
  all?: boolean;
}

/** The tables each tab shows (the spec's tab names; the series are answered for every tab). */
const TABLES: Readonly<Record<TrafficReportType, Partial<Record<ReportTableName, TableSpec>>>> = {
  'wide-flow-range': { domains: { field: 'domain', orderBy: 'bytes' } },
  'access-analysis': {
    urls: { field: 'uri', orderBy: 'requests' },
    referers: { field: 'referer', orderBy: 'requests' },
    user_agents: { field: 'user_agent', orderBy: 'requests' },
    countries: { field: 'country', orderBy: 'requests', all: true },
    provinces: { field: 'province', orderBy: 'requests', all: true },
  },
  'distribution-request': {
    domains: { field: 'domain', orderBy: 'requests' },
    countries: { field: 'country', orderBy: 'requests', all: true },
    provinces: { field: 'province', orderBy: 'requests', all: true },
    methods: { field: 'method', orderBy: 'requests' },
    schemes: { field: 'scheme', orderBy: 'requests' },
    cache: { field: 'cache_status', orderBy: 'requests' },
  },
  'status-code-analysis': { codes: { field: 'status', orderBy: 'requests' } },
  'hotspot-analysis': {
    urls: { field: 'uri', orderBy: 'requests' },
    urls_by_bytes: { field: 'uri', orderBy: 'bytes' },
    ips: { field: 'client_ip', orderBy: 'requests' },
  },
};

/** A report request as read from the query. */
interface ReportRequest extends ReportWindow {
  type: TrafficReportType;
  /** The previous period's series is asked for too. */
  compare: boolean;
}

/** Reads and checks a report request; answers the refusal and returns null when it may not run. */
function readReport(request: FastifyRequest, reply: FastifyReply): ReportRequest | null {
  if (!requireReports(request, reply)) return null;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = isTrafficReportType(query.type) ? [] : [{ field: 'type', key: 'common.format-error' }];
  if (query.compare !== undefined && query.compare !== '' && query.compare !== 'previous') issues.push({ field: 'compare', key: 'common.format-error' });
  const window = readReportWindow(request, reply, 'access', issues);
  return window && { ...window, type: query.type as TrafficReportType, compare: query.compare === 'previous' };
}

/** Every table of a tab, read side by side. */
async function tables(store: LogStore, report: ReportRequest): Promise<TrafficReport['tables']> {
  const specs = Object.entries(TABLES[report.type]) as [ReportTableName, TableSpec][];
  const rows = await Promise.all(
    specs.map(([, spec]) => topRows(store, report.search, spec.field, spec.orderBy, spec.all ? MAP_ROWS : report.top, report.names)),
  );
  // Provinces are only the Chinese clients' ('' for everyone else), so the empty value is not a region.
  return Object.fromEntries(specs.map(([name, spec], index) => [name, spec.field === 'province' ? rows[index]!.filter((row) => row.key !== '') : rows[index]!]));
}

/** Bans in force now on the websites. */
function activeBans(request: FastifyRequest, domainIds: readonly number[], now: number): number {
  if (domainIds.length === 0) return 0;
  const row = prepare(
    request.server.db,
    `SELECT count(*) AS n FROM ban_records WHERE member_id = @member_id AND status = 'banned' AND expires_at > @now
        AND domain_id IN (SELECT value FROM json_each(@ids))`,
  ).get({ member_id: requireSession(request).memberId, now, ids: JSON.stringify(domainIds) }) as { n: number };
  return row.n;
}

/** Certificates the caller may see that expire within the alert window, or already did, soonest first. */
function expiringCertificates(request: FastifyRequest, now: number): ExpiringCertificate[] {
  if (!permissions(request).can('certificate', 'read')) return [];
  const visible = permissions(request).visible('certificate', 'id');
  const rows = prepare(
    request.server.db,
    `SELECT id, name, not_after FROM certificates WHERE member_id = @member_id AND (${visible.where})
        AND not_after IS NOT NULL AND not_after <= @until ORDER BY not_after, id LIMIT @max`,
  ).all({ ...visible.params, member_id: requireSession(request).memberId, until: now + CERTIFICATE_ALERT_DAYS * DAY_MS, max: ALERTS_MAX }) as {
    id: number;
    name: string;
    not_after: number;
  }[];
  return rows.map((row) => ({ id: row.id, name: row.name, not_after: isoTime(row.not_after), expired: row.not_after <= now }));
}

/** Covered websites that are not serving traffic now. */
function idleDomains(request: FastifyRequest, domainIds: readonly number[]): IdleDomain[] {
  if (domainIds.length === 0) return [];
  return prepare(
    request.server.db,
    `SELECT id, domain, status FROM domains WHERE member_id = @member_id AND status <> 'serving'
        AND id IN (SELECT value FROM json_each(@ids)) ORDER BY domain LIMIT @max`,
  ).all({ member_id: requireSession(request).memberId, ids: JSON.stringify(domainIds), max: ALERTS_MAX }) as IdleDomain[];
}

/** Security lines that stopped a request, over every security log type. */
async function attacksBlocked(store: LogStore, search: LogSearch): Promise<number> {
  const counts = await Promise.all(
    SECURITY_TYPES.map(async (logType) => {
      const [sums] = await store.totals({ ...search, logType, where: { op: 'in', field: 'action', values: STOPPING_ACTIONS } }, null, 'requests', 1);
      return sums?.requests ?? 0;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Registers the routes (under /api). */
export async function reportRoutes(api: FastifyInstance): Promise<void> {
  await securityReportRoutes(api);
  await firewallReportRoutes(api);
  api.get('/V4/report.website.list', async (request, reply) => {
    if (!requireReports(request, reply)) return reply;
    return ok(reply, { websites: readableWebsites(request, 'reports') });
  });

  api.get('/V4/report.traffic.get', async (request, reply) => {
    const report = readReport(request, reply);
    if (!report) return reply;
    const store = api.logStore;
    const [points, previousPoints, statusPoints, tableRows] = await Promise.all([
      series(store, report.search, report.granularity),
      report.compare ? series(store, previousSearch(report.search, report.granularity), report.granularity) : Promise.resolve(null),
      report.type === 'status-code-analysis' ? statusSeries(store, report.search, report.granularity) : Promise.resolve([]),
      tables(store, report),
    ]);
    const answer: TrafficReport = {
      type: report.type,
      from: isoTime(report.search.from),
      to: isoTime(report.search.to - 1),
      granularity: report.granularity,
      totals: await totals(store, report.search, points),
      series: points,
      previous_series: previousPoints,
      status_series: statusPoints,
      tables: tableRows,
    };
    return ok(reply, answer);
  });

  api.get('/V4/report.dashboard.summary', async (request, reply) => {
    if (!requireReports(request, reply)) return reply;
    const now = api.now();
    const websites = readableWebsites(request, 'reports');
    const names = new Map(websites.map((website) => [website.domain, website.id]));
    const domainIds = websites.map((website) => website.id);
    // Today is the Beijing day (rules §9 "Log time UTC+8"), whatever the server's or the browser's zone.
    const search: LogSearch = { memberId: requireSession(request).memberId, logType: 'access', from: startOfLogDay(now), to: now + 1, domainIds, where: null };
    const store = api.logStore;
    // The bandwidth peak is read at five minutes, the granularity bandwidth is billed and charted at.
    const [hourly, fiveMinutes, topDomains, mix, blocked] = await Promise.all([
      series(store, search, '1h'),
      series(store, search, '5m'),
      topRows(store, search, 'domain', 'requests', DASHBOARD_TOP, names),
      statusMix(store, search),
      attacksBlocked(store, search),
    ]);
    const answer: DashboardSummary = {
      from: isoTime(search.from),
      to: isoTime(now),
      totals: await totals(store, search, fiveMinutes),
      attacks_blocked: blocked,
      active_bans: activeBans(request, domainIds, now),
      series: hourly,
      top_domains: topDomains as ReportTopRow[],
      status_mix: mix,
      alerts: { certificates_expiring: expiringCertificates(request, now), domains_not_serving: idleDomains(request, domainIds) },
    };
    return ok(reply, answer);
  });
}
