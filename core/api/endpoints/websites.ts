/**
 * Websites (rules §3 "Website/domain", "Origin"; rules §4 website service status; rules §5 Websites and templates;
 * shell §3 option enums): the domain list with server-side paging, filters and sort, the add-domain wizard, batch
 * add/delete/setting, suspend and enable, website groups and the templates a site starts from. The spec shows no
 * paths for these; they follow the `V4/cloudsafe.hwws.<object>.<verb>` style of the shell's domain picker
 * (`V4/cloudsafe.hwws.domain.list`), lists take `page`/`per_page` and answer `{ list, total }` (DESIGN §3).
 *
 * Batch calls take a {@link WebsiteSelection}: explicit ids, domain names (batch delete by name), or every website
 * matching the list's filters minus some ids, so "select all 10,000 matching" is resolved by the server and never
 * sends 10,000 ids. Every batch answer lists each website with its outcome and, when refused, a reason from the
 * `rules` catalogue, so both the browser's preview and the server's result speak with the same messages.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { RuleIssue } from '../../rules/types.js';
import type { ListAnswer, PageQuery, PlanInfo, PlanSetting } from './platform.js';

// ── Vocabulary (rules §3, §4; shell §3 option enums) ─────────────────────────────────────────────────────────────

/**
 * Rules §4 website service status: approval pending, approval failed (with reason), configuration being issued,
 * origin not set, serving, returned to origin (security acceleration off), suspended (visitors receive 503), update
 * in progress. "Connected or not connected" is the access status, {@link AccessStatus}.
 */
export type WebsiteStatus =
  | 'pending_approval'
  | 'approval_failed'
  | 'deploying'
  | 'no_origin'
  | 'serving'
  | 'returned_to_origin'
  | 'suspended'
  | 'updating';

/** Every service status, in lifecycle order. */
export const WEBSITE_STATUSES: readonly WebsiteStatus[] = [
  'pending_approval',
  'approval_failed',
  'deploying',
  'no_origin',
  'serving',
  'returned_to_origin',
  'suspended',
  'updating',
];

/** Statuses the job runner moves on by itself; the list polls while a row shows one. */
export const TRANSITIONAL_WEBSITE_STATUSES: readonly WebsiteStatus[] = ['pending_approval', 'deploying', 'updating'];

/** Statuses of a site that has not passed approval (rules §5: such sites cannot be batch configured). */
export const UNAPPROVED_WEBSITE_STATUSES: readonly WebsiteStatus[] = ['pending_approval', 'approval_failed'];

/** Rules §3 website type: a website, or a live-streaming domain (the console's liveVideo tab). */
export type WebsiteType = 'web' | 'live';
/** Every website type. */
export const WEBSITE_TYPES: readonly WebsiteType[] = ['web', 'live'];

/** Rules §3 access mode: CNAME or NS. */
export type AccessMode = 'cname' | 'ns';
/** Every access mode. */
export const ACCESS_MODES: readonly AccessMode[] = ['cname', 'ns'];

/** Rules §4 "connected or not connected": whether the domain's DNS already points at the edge. */
export type AccessStatus = 'connected' | 'not_connected';

/** Rules §3 traffic routing mode: shared edge node, dedicated edge node, back to origin. */
export type TrafficMode = 'shared' | 'dedicated' | 'origin';
/** Every traffic routing mode. */
export const TRAFFIC_MODES: readonly TrafficMode[] = ['shared', 'dedicated', 'origin'];

/** Rules §3 network type: standard network or exclusive IP network. */
export type NetworkType = PlanSetting['network_type'];

/** Shell §3 origin protocol: 0 HTTP, 1 HTTPS, 2 follow (the visitor's protocol). */
export type OriginProtocol = 0 | 1 | 2;
/** Every origin protocol, in the spec's order. */
export const ORIGIN_PROTOCOLS: readonly OriginProtocol[] = [0, 1, 2];

/** Shell §3 load balancing: 1 round-robin, 0 IP hash, 2 sticky cookie. */
export type LoadBalancing = 0 | 1 | 2;
/** Every balancing mode, round-robin first (the default). */
export const LOAD_BALANCING_MODES: readonly LoadBalancing[] = [1, 0, 2];

/** Shell §3 "IP view primary/backup": the origin's line. */
export type OriginLine = 'primary' | 'backup';

/** Shell §3 "switch on/off". */
export type SwitchValue = 'on' | 'off';

// ── Shapes ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One origin of a website (rules §3 "Origin": address, port, line, weight). */
export interface WebsiteOrigin {
  /** IPv4, IPv6 or a domain. */
  address: string;
  port: number;
  line: OriginLine;
  weight: number;
}

/**
 * The settings batch setting changes (shell §3 setting groups `page_gzip`, `Webp`, `websocket`, and the origin
 * timeout of rules §5). A site starts with {@link DEFAULT_WEBSITE_SETTINGS}.
 */
export interface WebsiteSettings {
  page_gzip: SwitchValue;
  Webp: SwitchValue;
  /** Plan-gated: the plan action `websocket`. */
  websocket: SwitchValue;
  /** Seconds, 1-300 (rules §5). */
  origin_timeout: number;
}

/** The settings of a new site. */
export const DEFAULT_WEBSITE_SETTINGS: WebsiteSettings = { page_gzip: 'on', Webp: 'off', websocket: 'off', origin_timeout: 30 };

/** The configuration items batch setting offers, in display order. */
export const BATCH_SETTING_ITEMS: readonly (keyof WebsiteSettings)[] = ['page_gzip', 'Webp', 'websocket', 'origin_timeout'];

/** One website (rules §3 "Website/domain"). */
export interface WebsiteInfo {
  id: number;
  domain: string;
  type: WebsiteType;
  /** Website group; null when ungrouped. */
  group_id: number | null;
  group_name: string;
  remark: string;
  status: WebsiteStatus;
  /** Why approval failed (rules §4 "approval failed (with reason)"), as a `rules` message; null otherwise. */
  status_reason: RuleIssue | null;
  access_mode: AccessMode;
  access_status: AccessStatus;
  traffic_mode: TrafficMode;
  network_type: NetworkType;
  /** Due date, ISO 8601; null when the site has none. */
  expire_time: string | null;
  auto_renew: boolean;
  /** The CNAME the customer points the domain at. */
  cname: string;
  origins: WebsiteOrigin[];
  origin_protocol: OriginProtocol;
  load_balancing: LoadBalancing;
  /** HTTPS access (plan-gated by the `https` action). */
  https: boolean;
  /** The bound certificate as the server stores it; 0/'' when none is bound. */
  certificate_id: number | null;
  certificate_name: string;
  /** The TCP security acceleration package the site is bound to, '' when none (rules §8: blocks delete). */
  tcp_package: string;
  template_id: number | null;
  settings: WebsiteSettings;
  created_at: string;
  updated_at: string;
  /** Whether the caller may change this website (rules §6: a sub-account's grant of it is manage); from the server. */
  editable: boolean;
}

/** Sortable columns of the list. */
export type WebsiteSortField = 'domain' | 'status' | 'created_at' | 'expire_time';
/** Every sortable column. */
export const WEBSITE_SORT_FIELDS: readonly WebsiteSortField[] = ['domain', 'status', 'created_at', 'expire_time'];

/** Group filter value for "ungrouped". */
export const UNGROUPED = 0;

/** The list's filters; a batch over "all matching" repeats them so the server resolves the same set. */
export interface WebsiteFilters {
  /** Substring of the domain or the remark, case-insensitive. */
  search?: string;
  status?: WebsiteStatus;
  /** A group id, or {@link UNGROUPED}. */
  group_id?: number;
  access_mode?: AccessMode;
}

/** Query of `V4/cloudsafe.hwws.website.list`. */
export interface WebsiteListQuery extends PageQuery, WebsiteFilters {
  sort?: WebsiteSortField;
  order?: 'asc' | 'desc';
}

/**
 * Which websites a batch call is about: explicit ids, domain names, or every website matching `all` (the list's
 * filters) except `all.exclude`. Exactly one of the three.
 */
export interface WebsiteSelection {
  ids?: number[];
  domains?: string[];
  all?: WebsiteFilters & { exclude?: number[] };
}

/** One website's outcome in a batch answer (and in a dry run, its preview). */
export interface WebsiteOutcome {
  domain: string;
  /** The site's id; null for a domain that was not added or not found. */
  id: number | null;
  ok: boolean;
  /** Why it was refused. */
  reason?: RuleIssue;
  /** The site's status after the call (or now, in a dry run). */
  status?: WebsiteStatus;
}

/** Every batch answer: each website's outcome, the counts, and the job that moves statuses on (if any). */
export interface WebsiteBatchAnswer {
  results: WebsiteOutcome[];
  succeeded: number;
  failed: number;
  /** The provisioning job started by the call; null for a dry run or when nothing needs one. */
  job_id: number | null;
}

/** Body of `V4/cloudsafe.hwws.website.add` (the add-domain wizard and batch add). */
export interface WebsiteAddRequest {
  /** One domain per entry (rules §5: at most 500, no duplicates). */
  domains: string[];
  /** Required (rules §5 "a template must be chosen"). */
  template_id: number | null;
  type?: WebsiteType;
  /** Empty for a batch add without origins: the sites then wait with "origin not set". */
  origins: WebsiteOrigin[];
  origin_protocol?: OriginProtocol;
  load_balancing?: LoadBalancing;
  /** HTTPS access; refused unless the plan allows it. */
  https?: boolean;
  remark?: string;
  group_id?: number | null;
  /** Check every domain and answer the per-row preview without adding anything. */
  dry_run?: boolean;
}

/** Body of `V4/cloudsafe.hwws.website.delete` (at most 500 websites, rules §9). */
export interface WebsiteDeleteRequest {
  selection: WebsiteSelection;
  dry_run?: boolean;
}

/** Suspend (the domain goes offline, visitors receive 503: shell §4) or enable again. */
export type WebsiteStatusAction = 'suspend' | 'enable';

/** Body of `V4/cloudsafe.hwws.website.status`. */
export interface WebsiteStatusRequest {
  selection: WebsiteSelection;
  action: WebsiteStatusAction;
  dry_run?: boolean;
}

/** Body of `V4/cloudsafe.hwws.website.update`: one site's own fields. */
export interface WebsiteUpdateRequest {
  id: number;
  remark?: string;
  group_id?: number | null;
  auto_renew?: boolean;
}

/** Body of `V4/cloudsafe.hwws.website.batch.setting`. */
export interface WebsiteBatchSettingRequest {
  selection: WebsiteSelection;
  /** At least one configuration (rules §5). */
  settings: Partial<WebsiteSettings>;
  dry_run?: boolean;
}

/** A website group (rules §3: group name, remark, modification time). */
export interface WebsiteGroup {
  id: number;
  name: string;
  remark: string;
  /** Websites in the group that the caller may see. */
  domain_count: number;
  updated_at: string;
  /**
   * Whether the caller may rename or delete the group (rules §6: groups span the whole account, so only a grant that
   * manages every website may change them).
   */
  editable: boolean;
}

/** Answer of `V4/cloudsafe.hwws.website.group.list`: a page of groups and whether the caller may create one. */
export interface WebsiteGroupListAnswer extends ListAnswer<WebsiteGroup> {
  /** The caller may create groups (the same rule as each group's `editable`). */
  editable: boolean;
}

/** Body of `V4/cloudsafe.hwws.website.group.create`. */
export interface WebsiteGroupInput {
  name: string;
  remark?: string;
}

/** Body of `V4/cloudsafe.hwws.website.group.update` (rename, new remark). */
export interface WebsiteGroupUpdate extends WebsiteGroupInput {
  id: number;
}

/** Body of `V4/cloudsafe.hwws.website.group.assign`: move websites into a group, or out of any (null). */
export interface WebsiteGroupAssignRequest {
  group_id: number | null;
  selection: WebsiteSelection;
}

/** A template a new site starts from (rules §3 "Configuration template: name, remark"). */
export interface WebsiteTemplate {
  id: number;
  name: string;
  remark: string;
}

// ── Plan quota ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The account's domain quota (shell §3 `domain_usage`): the domains in use and the sum of the totals of the plans that
 * have not expired. The server refuses additions beyond it; the list shows it.
 */
export function domainQuota(plans: readonly PlanInfo[], now: number): { used: number; total: number } {
  const live = plans.filter((plan) => Date.parse(plan.expire_time) > now);
  return {
    used: plans[0]?.domain_usage.used ?? 0,
    total: live.reduce((sum, plan) => sum + plan.domain_usage.total, 0),
  };
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One page of websites with the filters and sort applied by the server. */
export function listWebsites(client: ApiClient, query: WebsiteListQuery = {}, options?: { signal?: AbortSignal }): Promise<ListAnswer<WebsiteInfo>> {
  return client.get('V4/cloudsafe.hwws.website.list', { ...query } as QueryParams, options);
}

/** One website. */
export function getWebsite(client: ApiClient, id: number): Promise<WebsiteInfo> {
  return client.get('V4/cloudsafe.hwws.website.get', { id });
}

/** Adds websites (or, with `dry_run`, previews each domain's outcome). Refused rows do not stop the others. */
export function addWebsites(client: ApiClient, body: WebsiteAddRequest): Promise<WebsiteBatchAnswer> {
  return client.post('V4/cloudsafe.hwws.website.add', body);
}

/** Deletes websites; a site bound to a TCP package is refused (rules §8). */
export function deleteWebsites(client: ApiClient, body: WebsiteDeleteRequest): Promise<WebsiteBatchAnswer> {
  return client.post('V4/cloudsafe.hwws.website.delete', body);
}

/** Suspends or enables websites. */
export function setWebsiteStatus(client: ApiClient, body: WebsiteStatusRequest): Promise<WebsiteBatchAnswer> {
  return client.post('V4/cloudsafe.hwws.website.status', body);
}

/** Changes one website's remark, group or auto renewal. */
export function updateWebsite(client: ApiClient, body: WebsiteUpdateRequest, options?: CallOptions): Promise<WebsiteInfo> {
  return client.post('V4/cloudsafe.hwws.website.update', body, options);
}

/** Applies configuration items to many websites (rules §5: approved sites with an origin only). */
export function batchSetWebsites(client: ApiClient, body: WebsiteBatchSettingRequest): Promise<WebsiteBatchAnswer> {
  return client.post('V4/cloudsafe.hwws.website.batch.setting', body);
}

/** The website groups. */
export function listWebsiteGroups(client: ApiClient, query: PageQuery & { search?: string } = {}): Promise<WebsiteGroupListAnswer> {
  return client.get('V4/cloudsafe.hwws.website.group.list', { ...query } as QueryParams);
}

/** Creates a website group. */
export function createWebsiteGroup(client: ApiClient, body: WebsiteGroupInput, options?: CallOptions): Promise<WebsiteGroup> {
  return client.post('V4/cloudsafe.hwws.website.group.create', body, options);
}

/** Renames a website group or changes its remark. */
export function updateWebsiteGroup(client: ApiClient, body: WebsiteGroupUpdate, options?: CallOptions): Promise<WebsiteGroup> {
  return client.post('V4/cloudsafe.hwws.website.group.update', body, options);
}

/** Deletes a website group; its websites become ungrouped. */
export function deleteWebsiteGroup(client: ApiClient, id: number): Promise<null> {
  return client.post('V4/cloudsafe.hwws.website.group.delete', { id });
}

/** Moves websites into a group (or out of every group with `group_id: null`). */
export function assignWebsiteGroup(client: ApiClient, body: WebsiteGroupAssignRequest): Promise<WebsiteBatchAnswer> {
  return client.post('V4/cloudsafe.hwws.website.group.assign', body);
}

/** The templates a new website can start from. */
export function listWebsiteTemplates(client: ApiClient): Promise<ListAnswer<WebsiteTemplate>> {
  return client.get('V4/cloudsafe.hwws.template.list', { per_page: 100 });
}
