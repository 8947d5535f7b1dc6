/**
 * The platform calls of shell §7 (OEM, member console info, time zone, regions, plans, the domain picker list, the
 * embedded app-login check) and the shared list, job and operation-log shapes every area uses. The reference server
 * imports these types, so the browser and the server share one definition of every payload.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import { readShared } from '../shared-reads.js';
import type { EditionFlag } from './auth.js';

// ── Lists (shell §9) ──────────────────────────────────────────────────────────────────────────────────────────────

/** Every list answer: one page of rows and the total across pages. */
export interface ListAnswer<T> {
  list: T[];
  total: number;
}

/** Paging of every list call. The server also accepts the aliases size, pagesize and page_size (shell §9). */
export interface PageQuery {
  /** 1-based page number. */
  page?: number;
  per_page?: number;
}

// ── OEM (shell §1, §7) ────────────────────────────────────────────────────────────────────────────────────────────

/** Image URLs an OEM partner overrides. Empty strings keep the product's own. */
export interface OemAssets {
  favicon: string;
  logo: string;
  logoConsole: string;
}

/** An OEM configuration (shell §1: logo, favicon, title, per-module settings; hides documentation links). */
export interface OemConfig {
  assets: OemAssets;
  title: string;
  /** Per sidebar module id, e.g. `{ "cloud-speed": { "title": "Edge" } }`. */
  modulesSettings: Record<string, Record<string, unknown>>;
}

/** Answer of `oem/cfg`; `oem` is null when the deployment has no OEM branding. */
export interface OemConfigAnswer {
  oem: OemConfig | null;
}

// ── Member console info (shell §4) ────────────────────────────────────────────────────────────────────────────────

/** Shell §4: 'done' selects the new menu, 'normal' (or absent) the old; 'gray' and 'observing' show the switch link. */
export type VersionGrayStatus = 'done' | 'normal' | 'gray' | 'observing';
/** An on/off switch of the member console info. */
export type SwitchStatus = 'on' | 'off';

/** Answer of `V4/member.set.info.console`: which menu layout and which optional modules the account sees. */
export interface MemberConsoleInfo {
  version_gray: { status: VersionGrayStatus };
  /** Access management (sub-accounts). */
  subacl: { status: SwitchStatus };
  /** Conditions match engine. */
  condition_source: { condition_source_view: SwitchStatus };
  /** Ban manage and ban record. */
  ban: { status: SwitchStatus };
}

// ── Time zone (shell §4, §7) ──────────────────────────────────────────────────────────────────────────────────────

/** Body of `POST sso/V4/timezone`, sent on app start. */
export interface TimeZoneRequest {
  /** An IANA time zone name, e.g. `Asia/Shanghai`. */
  timezone: string;
}

/** Answer of `POST sso/V4/timezone`: the zone now stored on the session. */
export interface TimeZoneAnswer {
  timezone: string;
}

// ── Regions (shell §3 "Region data") ──────────────────────────────────────────────────────────────────────────────

/** Shell §3 region codes. */
export type RegionCode = 'CN' | 'ASIA' | 'AMERICA' | 'EUROPE' | 'AFRICA' | 'OCEANIA';
/** Every region code, in display order. */
export const REGION_CODES: readonly RegionCode[] = ['CN', 'ASIA', 'AMERICA', 'EUROPE', 'AFRICA', 'OCEANIA'];
/** Shell §3 special group of mainland provinces. */
export const MAINLAND_GROUP_KEY = 'CNPR';
/** Shell §3 special group of Hong Kong, Macao and Taiwan. */
export const HMT_GROUP_KEY = 'CNHMT';

/** A country or province option; `label` is in the request's language, both languages are given too. */
export interface RegionOption {
  value: string;
  label: string;
  label_zh: string;
  label_en: string;
}

/** A country option (shell §3: value is the code). */
export interface CountryOption extends RegionOption {
  /** The region group the country belongs to. */
  region: RegionCode;
}

/** A node of the IP region tree: region codes, then the CNPR/CNHMT groups or countries, then provinces. */
export interface IpRegion {
  key: string;
  /** In the request's language. */
  name: string;
  label_zh: string;
  label_en: string;
  child?: IpRegion[];
}

/** Answer of `V4/share_data.region` (the spelling `countrys` is the platform's). */
export interface RegionData {
  countrys: CountryOption[];
  provinces: RegionOption[];
  ipRegions: IpRegion[];
}

// ── Plans (shell §3 "Plan info", "Plan config"; rules §6 package gating) ─────────────────────────────────────────────

/** Package versions of rules §1, from lowest to highest. */
export type PlanLevel = 'trial' | 'business' | 'commercial' | 'flagship' | 'ultimate';
/** Package versions in ascending order, so gating can say "flagship or above". */
export const PLAN_LEVELS: readonly PlanLevel[] = ['trial', 'business', 'commercial', 'flagship', 'ultimate'];

/** Package-dependent settings of a plan. */
export interface PlanSetting {
  auto_renew: boolean;
  /** Rules §3 network type; non-standard ports need the exclusive IP network (rules §6). */
  network_type: 'standard' | 'exclusive_ip';
  /** Business increase packages bought (each adds 10 businesses, rules §9). */
  business_packages: number;
}

/** One plan of the account (shell §3 "Plan info"). */
export interface PlanInfo {
  id: number;
  meal_flag: PlanLevel;
  plan_name: string;
  /** ISO 8601, UTC. */
  expire_time: string;
  /** Domain expansion packs bought. */
  domain_packet_kurong_nums: number;
  domain_usage: { total: number; used: number };
  plan_setting: PlanSetting;
}

/** Answer of `V4/member.product.plan`. */
export interface PlansAnswer {
  plans: PlanInfo[];
}

/**
 * Feature actions a plan unlocks (rules §6 package gating). The console gates cards on these names; an action missing
 * from the answer shows the upgrade (online edition) or work-order notice.
 */
export type PlanAction =
  | 'domain_add'
  | 'domain_expand'
  | 'plan_renew'
  | 'https'
  | 'websocket'
  | 'waf_custom_rule'
  | 'cc_protection'
  | 'attack_full_report'
  | 'cache_regex'
  | 'template_copy'
  | 'bot_analytics'
  | 'non_standard_port'
  /** The live streaming settings groups (shell §3; shown only where the plan has them). */
  | 'live_streaming';

/** Rules §4 protection modes: observation, blocking, ban. */
export type WafMode = 'observe' | 'block' | 'ban';
/** Rules §3 custom error page types: default, custom HTML, URL link. */
export type BlockPageType = 'default' | 'html' | 'url';

/** Options the package allows (shell §3 "Plan config" allow). */
export interface PackageAllow {
  https: boolean;
  domain_proxy_conf: boolean;
  cloud_waf: { waf_mode: WafMode[] };
  waf_block_diy_page: { type: BlockPageType[] };
}

/** Answer of `V4/member.plan.actions`. */
export interface PlanActionsAnswer {
  actions: PlanAction[];
  package_allow: PackageAllow;
  /** The package version of the plan in force (rules §6 "flagship or above"); absent without a live plan. */
  level?: PlanLevel;
}

// ── Domain picker list (shell §7, §9: per_page 10000) ────────────────────────────────────────────────────────────

/** One row of `V4/cloudsafe.hwws.domain.list`. */
export interface DomainListItem {
  domain: string;
  domain_id: number;
}

/** Query of the domain picker list; `domain` filters by substring. */
export interface DomainListQuery extends PageQuery {
  domain?: string;
}

/** The domain list size the shell asks for (shell §9). */
export const DOMAIN_PICKER_PAGE_SIZE = 10_000;

// ── Embedded app-login check (shell §4) ───────────────────────────────────────────────────────────────────────────

/** Products an embedded console can be opened as. */
export type ConsoleApp = 'cloud-speed' | 'cloud-resolving' | 'taichi-app';

/** Data of APP_LOGIN_UNAVAILABLE_CODE (604): flag 2 adds unableOpen=1 to the dashboard redirect (shell §4). */
export interface AppLoginUnavailableData {
  flag: EditionFlag;
}

// ── Permissions (rules §6) ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Modules a sub-account group is granted per: rules §6 names domain, certificate and the dedicated IP resource pack;
 * issue 26 adds the modules of this wave (DNS, security policy, logs, reports) so a group can be granted them too.
 */
export type PermissionModule = 'domain' | 'certificate' | 'dedicated_ip' | 'dns' | 'security_policy' | 'logs' | 'reports' | 'layer4';
/** Every permission module, in the order the group editor shows them. */
export const PERMISSION_MODULES: readonly PermissionModule[] = ['domain', 'certificate', 'dedicated_ip', 'dns', 'security_policy', 'logs', 'reports', 'layer4'];
/** Rules §6: all resources, in-group (objects bound to the group) or specified objects. */
export type ObjectScope = 'all' | 'group' | 'specified';
/** Whether the group may only look or also change objects of the module. */
export type ModuleAccess = 'read' | 'manage';

/** One module grant of a sub-account group. */
export interface ModuleGrant {
  module: PermissionModule;
  object_scope: ObjectScope;
  access: ModuleAccess;
  /** Rules §6: new objects created by the group's sub-accounts are bound to the group automatically. */
  auto_bind_new: boolean;
}

/**
 * Answer of `V4/permission.get.grants` (the call is the project's own; the spec names none): the caller's grant of
 * each module it may see, so an element shows read-only state before a save fails (issue 19). A parent holds every
 * module with all objects and manage access. Whether one object may be changed comes with the object (`editable`).
 */
export interface CallerGrantsAnswer {
  grants: ModuleGrant[];
}

/** The caller's module grants. */
export function getCallerGrants(client: ApiClient, options?: CallOptions): Promise<CallerGrantsAnswer> {
  return client.get('V4/permission.get.grants', undefined, options);
}

// ── Jobs (rules §4 "Task") ────────────────────────────────────────────────────────────────────────────────────────

/** Task states of rules §4. */
export type JobState = 'not_started' | 'preparing' | 'in_progress' | 'complete' | 'failed' | 'canceled';
/** Every job state, in lifecycle order. */
export const JOB_STATES: readonly JobState[] = ['not_started', 'preparing', 'in_progress', 'complete', 'failed', 'canceled'];
/** States a job never leaves. */
export const FINISHED_JOB_STATES: readonly JobState[] = ['complete', 'failed', 'canceled'];

/** A long task (purge, prefetch, log download, DNS job, certificate issuance). */
export interface JobInfo {
  id: number;
  /** The handler type, e.g. `cache.purge`. */
  type: string;
  state: JobState;
  /** 0-100. */
  progress: number;
  params: unknown;
  /** What the job produced once complete. */
  result: unknown;
  /** Why it failed; empty otherwise. */
  reason: string;
  /** Who started it: a child's user_name or the parent's e-mail. */
  operator: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Query of `V4/job.task.list`. */
export interface JobListQuery extends PageQuery {
  type?: string;
  state?: JobState;
  /** Created at or after this ISO time (shell §9 date ranges). */
  from?: string;
  /** Created before this ISO time. */
  to?: string;
}

// ── Operation log ─────────────────────────────────────────────────────────────────────────────────────────────────

/** One recorded write: who, when, what, and the values before and after (the console shows them as a diff). */
export interface OperationLogEntry {
  id: number;
  /** ISO 8601, UTC. */
  time: string;
  user_id: number;
  /** A child's user_name or the parent's e-mail. */
  operator: string;
  account_type: number;
  /** The feature area, e.g. `domain`, `waf`, `job`. */
  area: string;
  /** What was done, e.g. `create`, `update`, `delete`, `cancel`. */
  action: string;
  object_id: string;
  object_label: string;
  before: unknown;
  after: unknown;
  ip: string;
}

/** Query of `V4/oplog.list`; times are ISO 8601. */
export interface OperationLogQuery extends PageQuery {
  area?: string;
  action?: string;
  object_id?: string;
  user_id?: number;
  start_time?: string;
  end_time?: string;
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** OEM branding; needs no session, the console loads it before sign-in. */
export function getOemConfig(client: ApiClient): Promise<OemConfigAnswer> {
  return client.get('oem/cfg', undefined, { auth: false });
}

/** Menu layout and optional modules of the signed-in account. */
export function getMemberConsoleInfo(client: ApiClient): Promise<MemberConsoleInfo> {
  return client.get('V4/member.set.info.console');
}

/** Stores the browser's time zone on the session (shell §4: posted on app start). */
export function postTimeZone(client: ApiClient, timezone: string): Promise<TimeZoneAnswer> {
  const body: TimeZoneRequest = { timezone };
  return client.post('sso/V4/timezone', body);
}

/** Countries, provinces and IP regions; needs no session. */
export function getRegionData(client: ApiClient): Promise<RegionData> {
  return client.get('V4/share_data.region', undefined, { auth: false });
}

/** The account's plans; elements loading together share one call (usage moves, so it is not kept). */
export function getMemberPlans(client: ApiClient): Promise<PlansAnswer> {
  return readShared(client, 'V4/member.product.plan', () => client.get('V4/member.product.plan'), 'in-flight');
}

/**
 * The actions and package options the account's plan allows; elements loading together share one call. Not kept for
 * the page: a plan can change while the page is open (an upgrade in another tab), and nothing tells the page yet.
 */
export function getPlanActions(client: ApiClient): Promise<PlanActionsAnswer> {
  return readShared(client, 'V4/member.plan.actions', () => client.get('V4/member.plan.actions'), 'in-flight');
}

/** Domains the session may see, for pickers (shell §9: the shell asks for 10,000 per page). */
export function listDomainPicker(
  client: ApiClient,
  query: DomainListQuery = { per_page: DOMAIN_PICKER_PAGE_SIZE },
): Promise<ListAnswer<DomainListItem>> {
  return client.get('V4/cloudsafe.hwws.domain.list', { ...query } as QueryParams);
}

/**
 * The embedded app-login check (shell §4). Sent even without a token so the server can answer 44; the caller reacts
 * to 44 and 604 itself, so no toast is shown. The server reads `Authorization: Bearer` and falls back to `x-token`.
 */
export function checkAppLogin(client: ApiClient, app: ConsoleApp, options?: CallOptions): Promise<null> {
  return client.get('dashboard-api/account/user/appLogin', { app }, { auth: false, notify: false, ...options });
}

/** Jobs of the account (a child sees its own). */
export function listJobs(client: ApiClient, query: JobListQuery = {}): Promise<ListAnswer<JobInfo>> {
  return client.get('V4/job.task.list', { ...query } as QueryParams);
}

/** One job, for polling its progress. */
export function getJob(client: ApiClient, id: number): Promise<JobInfo> {
  return client.get('V4/job.task.get', { id });
}

/** Cancels an unfinished job; answers the job as it now stands. */
export function cancelJob(client: ApiClient, id: number): Promise<JobInfo> {
  return client.post('V4/job.task.cancel', { id });
}

/** The operation log (a child sees its own entries). */
export function listOperations(client: ApiClient, query: OperationLogQuery = {}): Promise<ListAnswer<OperationLogEntry>> {
  return client.get('V4/oplog.list', { ...query } as QueryParams);
}
