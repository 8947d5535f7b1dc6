/**
 * Website rows (migration 10): reading them as the API's {@link WebsiteInfo}, the filters of the list as SQL, and
 * writing new sites with their origins. Used by the website routes, the provisioning job, the demo seed and the
 * benchmarks, so every writer fills the same columns the same way.
 */
import type { PlanSetting } from '../../../../core/api/endpoints/platform.js';
import {
  DEFAULT_WEBSITE_SETTINGS,
  UNGROUPED,
  type AccessMode,
  type AccessStatus,
  type LoadBalancing,
  type NetworkType,
  type OriginProtocol,
  type TrafficMode,
  type WebsiteFilters,
  type WebsiteInfo,
  type WebsiteOrigin,
  type WebsiteSettings,
  type WebsiteSortField,
  type WebsiteStatus,
  type WebsiteType,
} from '../../../../core/api/endpoints/websites.js';
import type { RuleIssue } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import type { Params, Scope } from '../../platform/security/scope.js';
import { CNAME_SUFFIX } from './migration.js';

/** A stored website: the `domains` row with the columns of migration 10. */
export interface WebsiteRow {
  id: number;
  member_id: number;
  domain: string;
  created_by: number | null;
  created_at: number;
  type: WebsiteType;
  group_id: number | null;
  remark: string;
  status: WebsiteStatus;
  status_reason: string;
  access_mode: AccessMode;
  access_status: AccessStatus;
  traffic_mode: TrafficMode;
  network_type: NetworkType;
  expire_at: number | null;
  auto_renew: number;
  cname: string;
  origin_protocol: OriginProtocol;
  load_balancing: LoadBalancing;
  https: number;
  certificate_id: number | null;
  certificate_name: string;
  tcp_package: string;
  template_id: number | null;
  settings: string;
  updated_at: number;
}

/** A website row with its group's name, as the list reads it. */
export type WebsiteListRow = WebsiteRow & { group_name: string | null; origin_count?: number };

/** Columns of a website with its group name (a subquery: the scope reads one table at a time). */
export const WEBSITE_COLUMNS = '*, (SELECT name FROM website_groups g WHERE g.id = domains.group_id) AS group_name';

/** The CNAME of a domain: the domain itself under the edge's suffix (`*` is not valid in a host name). */
export function websiteCname(domain: string): string {
  return `${domain.toLowerCase().replace('*', '_wildcard')}.${CNAME_SUFFIX}`;
}

/** The stored settings over the defaults, so a site written before a setting existed still has every item. */
export function parseSettings(json: string): WebsiteSettings {
  try {
    return { ...DEFAULT_WEBSITE_SETTINGS, ...(JSON.parse(json) as Partial<WebsiteSettings>) };
  } catch {
    return { ...DEFAULT_WEBSITE_SETTINGS };
  }
}

/** The answer shape of a stored website; `editable` is the caller's right to change it (routes.ts mayChangeWebsite). */
export function toWebsiteInfo(row: WebsiteListRow, origins: WebsiteOrigin[], editable: boolean): WebsiteInfo {
  return {
    id: row.id,
    domain: row.domain,
    type: row.type,
    group_id: row.group_id,
    group_name: row.group_name ?? '',
    remark: row.remark,
    status: row.status,
    status_reason: JSON.parse(row.status_reason) as RuleIssue | null,
    access_mode: row.access_mode,
    access_status: row.access_status,
    traffic_mode: row.traffic_mode,
    network_type: row.network_type,
    expire_time: isoTime(row.expire_at),
    auto_renew: row.auto_renew === 1,
    cname: row.cname || websiteCname(row.domain),
    origins,
    origin_protocol: row.origin_protocol,
    load_balancing: row.load_balancing,
    https: row.https === 1,
    certificate_id: row.certificate_id,
    certificate_name: row.certificate_name,
    tcp_package: row.tcp_package,
    template_id: row.template_id,
    settings: parseSettings(row.settings),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at || row.created_at),
    editable,
  };
}

/** The origins of some websites of an account, by website id, in their saved order. */
export function loadOrigins(scope: Scope, ids: readonly number[]): Map<number, WebsiteOrigin[]> {
  const byId = new Map<number, WebsiteOrigin[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = scope.all<WebsiteOrigin & { domain_id: number }>('website_origins', {
    columns: 'domain_id, address, port, line, weight',
    where: 'domain_id IN (SELECT value FROM json_each(@ids))',
    params: { ids: JSON.stringify(ids) },
    orderBy: 'domain_id, position',
  });
  for (const { domain_id, ...origin } of rows) byId.get(domain_id)?.push(origin);
  return byId;
}

/** Rows as answers, with their origins loaded in one query; `editable` tells whether the caller may change a row. */
export function toWebsiteInfos(scope: Scope, rows: readonly WebsiteListRow[], editable: (id: number) => boolean): WebsiteInfo[] {
  const origins = loadOrigins(scope, rows.map((row) => row.id));
  return rows.map((row) => toWebsiteInfo(row, origins.get(row.id) ?? [], editable(row.id)));
}

/** Replaces a website's origins. */
export function replaceOrigins(scope: Scope, domainId: number, origins: readonly WebsiteOrigin[]): void {
  scope.remove('website_origins', 'domain_id = @domain_id', { domain_id: domainId });
  origins.forEach((origin, position) =>
    scope.insert('website_origins', {
      domain_id: domainId,
      address: origin.address,
      port: origin.port,
      line: origin.line,
      weight: origin.weight,
      position,
    }),
  );
}

/** The list's filters as a condition on `domains` (AND-ed with the caller's visibility). */
export function filterCondition(filters: WebsiteFilters): { where: string[]; params: Params } {
  const where: string[] = [];
  const params: Params = {};
  if (filters.search) {
    const term = filters.search.toLowerCase();
    // The trigram index answers substrings of three characters or more; shorter ones scan the account's rows.
    if ([...term].length >= 3) {
      where.push('id IN (SELECT rowid FROM domains_search WHERE domains_search MATCH @search)');
      params.search = `"${term.replaceAll('"', '""')}"`;
    } else {
      where.push('(instr(lower(domain), @search) > 0 OR instr(lower(remark), @search) > 0)');
      params.search = term;
    }
  }
  if (filters.status) {
    where.push('status = @status');
    params.status = filters.status;
  }
  if (filters.group_id !== undefined) {
    if (filters.group_id === UNGROUPED) where.push('group_id IS NULL');
    else {
      where.push('group_id = @group_id');
      params.group_id = filters.group_id;
    }
  }
  if (filters.access_mode) {
    where.push('access_mode = @access_mode');
    params.access_mode = filters.access_mode;
  }
  return { where, params };
}

/** Lifecycle order of the statuses, so sorting by status reads like the rules §4 list. */
const STATUS_ORDER = `CASE status WHEN 'pending_approval' THEN 0 WHEN 'approval_failed' THEN 1 WHEN 'deploying' THEN 2
  WHEN 'no_origin' THEN 3 WHEN 'serving' THEN 4 WHEN 'returned_to_origin' THEN 5 WHEN 'suspended' THEN 6 ELSE 7 END`;

/** ORDER BY of a sort; constants only. The newest site comes first by default. */
export function orderBy(sort: WebsiteSortField | undefined, order: 'asc' | 'desc' | undefined): string {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'domain':
      return `domain COLLATE NOCASE ${direction}, id ${direction}`;
    case 'status':
      return `${STATUS_ORDER} ${direction}, id DESC`;
    case 'expire_time':
      return `expire_at IS NULL, expire_at ${direction}, id ${direction}`;
    case 'created_at':
    default:
      return `id ${direction}`;
  }
}

/** A new website; every field the add route and the seed set. */
export interface NewWebsite {
  domain: string;
  type?: WebsiteType;
  status: WebsiteStatus;
  statusReason?: RuleIssue | null;
  remark?: string;
  groupId?: number | null;
  templateId?: number | null;
  accessMode?: AccessMode;
  accessStatus?: AccessStatus;
  trafficMode?: TrafficMode;
  networkType?: PlanSetting['network_type'];
  expireAt?: number | null;
  autoRenew?: boolean;
  originProtocol?: OriginProtocol;
  loadBalancing?: LoadBalancing;
  https?: boolean;
  certificateId?: number | null;
  certificateName?: string;
  tcpPackage?: string;
  settings?: Partial<WebsiteSettings>;
  origins?: readonly WebsiteOrigin[];
  createdBy?: number | null;
}

/** Column values of a website, shared by insert and the seed's update of the platform's demo rows. */
export function websiteColumns(site: NewWebsite, now: number): Params {
  return {
    type: site.type ?? 'web',
    status: site.status,
    status_reason: JSON.stringify(site.statusReason ?? null),
    remark: site.remark ?? '',
    group_id: site.groupId ?? null,
    template_id: site.templateId ?? null,
    access_mode: site.accessMode ?? 'cname',
    access_status: site.accessStatus ?? 'not_connected',
    traffic_mode: site.trafficMode ?? 'shared',
    network_type: site.networkType ?? 'standard',
    expire_at: site.expireAt ?? null,
    auto_renew: site.autoRenew ? 1 : 0,
    cname: websiteCname(site.domain),
    origin_protocol: site.originProtocol ?? 0,
    load_balancing: site.loadBalancing ?? 1,
    https: site.https ? 1 : 0,
    certificate_id: site.certificateId ?? null,
    certificate_name: site.certificateName ?? '',
    tcp_package: site.tcpPackage ?? '',
    settings: JSON.stringify({ ...DEFAULT_WEBSITE_SETTINGS, ...site.settings }),
    updated_at: now,
  };
}

/** Inserts a website and its origins into an account; returns its id. */
export function insertWebsite(scope: Scope, site: NewWebsite, now: number): number {
  const id = scope.insert('domains', {
    domain: site.domain,
    created_by: site.createdBy ?? null,
    created_at: now,
    ...websiteColumns(site, now),
  });
  if (site.origins?.length) replaceOrigins(scope, id, site.origins);
  return id;
}
