/**
 * The application protection product (shell §1 taichi-app, product access type SDK; rules §2 "business, device
 * reputation, forwarding packages, reports"). Shell §2 gives its pages as labels only and §7 shows no calls, so they
 * follow the house style, `V4/sdk.<object>.<verb>`, lists taking `page`/`per_page` and answering `{ list, total }`:
 * - businesses: `GET V4/sdk.business.list?page=&per_page=&keyword=`, `GET V4/sdk.business.get?id=`,
 *   `POST V4/sdk.business.create|edit|delete`;
 * - devices of a business with their reputation (computed on every read from the device's sessions by
 *   core/rules/sdk.ts, never stored): `GET V4/sdk.device.list?business_id=&level=&page=&per_page=`;
 * - forwarding packages (up to 1000 ports, rules §5): `GET V4/sdk.package.list`, `POST V4/sdk.package.create|edit|delete`;
 * - resource configuration per business: `GET V4/sdk.config.get?business_id=`, `POST V4/sdk.config.save`;
 * - resource management (SDK keys per business): `GET V4/sdk.key.list?business_id=`,
 *   `POST V4/sdk.key.create|rotate|delete`;
 * - data reports (CC attack, visit, WAF) over the log lines of the website the business's SDK traffic goes through:
 *   `GET V4/sdk.report.get?business_id=&type=&from=&to=&granularity=`.
 * Only account owners reach the product: shell §4 shows sub-accounts account security, cloud-speed and
 * cloud-resolving only, so every call answers PERMISSION_DENIED_CODE to a sub-account.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { ReportGranularity } from '../../rules/reports.js';
import type { ListAnswer } from './platform.js';

/** Device reputation levels (rules §3 "normal, high quality (premium), risk"), best first. */
export const SDK_REPUTATION_LEVELS = ['premium', 'normal', 'risk'] as const;
/** A device reputation level. */
export type SdkReputationLevel = (typeof SDK_REPUTATION_LEVELS)[number];

/** App platforms an SDK runs on. */
export const SDK_PLATFORMS = ['android', 'ios'] as const;
/** An app platform. */
export type SdkPlatform = (typeof SDK_PLATFORMS)[number];

/** Forwarding protocols of a package (layer-4's). */
export type SdkPackageProtocol = 'tcp' | 'udp';

/** One SDK business: an app protected by the SDK. */
export interface SdkBusiness {
  id: number;
  name: string;
  /** Android package name; empty when the app has no Android build. */
  android_package: string;
  /** iOS bundle ID; empty when the app has no iOS build. */
  ios_bundle: string;
  remark: string;
  /** The website the SDK's traffic goes through (its log lines are the business's reports); null when none. */
  domain_id: number | null;
  /** That website's name. */
  domain: string | null;
  /** Devices by current reputation. */
  devices: Record<SdkReputationLevel, number>;
  created_at: string;
  updated_at: string;
}

/** Body of create and edit (`id` on edit). */
export interface SdkBusinessInput {
  id?: number;
  name: string;
  android_package: string;
  ios_bundle: string;
  remark: string;
  domain_id: number | null;
}

/** Why a device has its level: a message of the `rules` namespace and its values. */
export interface SdkReputationReason {
  key: string;
  values: Record<string, number>;
}

/** One device running the SDK, with the reputation its sessions give it now. */
export interface SdkDevice {
  id: number;
  business_id: number;
  /** The SDK's device identifier. */
  device_key: string;
  platform: SdkPlatform;
  model: string;
  /** Hours online over every session. */
  online_hours: number;
  /** Sessions started (app launches). */
  launches: number;
  /** End of the latest session. */
  last_seen: string | null;
  level: SdkReputationLevel;
  reason: SdkReputationReason;
}

/** Query of the device list. */
export interface SdkDeviceQuery {
  business_id: number;
  page: number;
  per_page: number;
  level?: SdkReputationLevel;
}

/** One forwarding package (rules §2 forwarding packages; rules §5 at most 1000 ports for the application product). */
export interface SdkPackage {
  id: number;
  name: string;
  business_id: number;
  business: string;
  protocol: SdkPackageProtocol;
  /** Forwarded ports, ascending. */
  ports: number[];
  source_ips: string[];
  source_port: number;
  created_at: string;
}

/** Body of package create and edit: ports as typed ("10000-10999, 443"). */
export interface SdkPackageInput {
  id?: number;
  name: string;
  business_id: number | null;
  protocol: string;
  ports: string;
  source_ips: string[];
  source_port: number | string;
}

/** What the SDK does with a device of the risk level. */
export const SDK_RISK_ACTIONS = ['allow', 'verify', 'block'] as const;
/** One of {@link SDK_RISK_ACTIONS}. */
export type SdkRiskAction = (typeof SDK_RISK_ACTIONS)[number];

/**
 * Protection settings of one business (our design; the spec names the page only):
 * - `cc_enabled`/`cc_threshold`: a device sending more than `cc_threshold` requests a minute is treated as a CC attack;
 * - `risk_action`: what happens to requests from risk-level devices (let through, verify, block);
 * - `block_emulators`, `block_rooted`: refuse emulators and rooted/jailbroken devices outright.
 */
export interface SdkResourceConfig {
  business_id: number;
  cc_enabled: boolean;
  cc_threshold: number;
  risk_action: SdkRiskAction;
  block_emulators: boolean;
  block_rooted: boolean;
  updated_at: string | null;
}

/** One SDK key (an app key the app embeds; a public identifier, so it is shown whole). */
export interface SdkKey {
  id: number;
  business_id: number;
  name: string;
  app_key: string;
  created_at: string;
  rotated_at: string | null;
}

/** The data report types (shell §2: CC attack, visit, WAF). */
export const SDK_REPORT_TYPES = ['cc', 'visit', 'waf'] as const;
/** One of {@link SDK_REPORT_TYPES}. */
export type SdkReportType = (typeof SDK_REPORT_TYPES)[number];

/** Query of a data report. */
export interface SdkReportQuery {
  business_id: number;
  type: SdkReportType;
  from: string;
  to: string;
  granularity: ReportGranularity;
}

/** Requests in one bucket of a report (every bucket of the range, empty ones as zero). */
export interface SdkReportPoint {
  /** Start of the bucket, ISO 8601. */
  bucket: string;
  requests: number;
}

/** One row of a top table. */
export interface SdkReportRow {
  key: string;
  requests: number;
}

/** A data report: the series, the total and the top client IPs and URLs. */
export interface SdkReport {
  /** Null when the business has no website: nothing to count. */
  domain: string | null;
  series: SdkReportPoint[];
  total: number;
  ips: SdkReportRow[];
  urls: SdkReportRow[];
}

/** One page of businesses. */
export function listSdkBusinesses(client: ApiClient, query: { page: number; per_page: number; keyword?: string }, options?: CallOptions): Promise<ListAnswer<SdkBusiness>> {
  return client.get('V4/sdk.business.list', { ...query }, options);
}

/** One business. */
export function getSdkBusiness(client: ApiClient, id: number, options?: CallOptions): Promise<SdkBusiness> {
  return client.get('V4/sdk.business.get', { id }, options);
}

/** Creates a business, or edits it when `input.id` is set. */
export function saveSdkBusiness(client: ApiClient, input: SdkBusinessInput, options?: CallOptions): Promise<SdkBusiness> {
  return client.post(input.id ? 'V4/sdk.business.edit' : 'V4/sdk.business.create', input, options);
}

/** Deletes a business with its devices, packages, configuration and keys. */
export function deleteSdkBusiness(client: ApiClient, id: number, options?: CallOptions): Promise<null> {
  return client.post('V4/sdk.business.delete', { id }, options);
}

/** One page of a business's devices, optionally of one level. */
export function listSdkDevices(client: ApiClient, query: SdkDeviceQuery, options?: CallOptions): Promise<ListAnswer<SdkDevice>> {
  return client.get('V4/sdk.device.list', { ...query }, options);
}

/** One page of forwarding packages. */
export function listSdkPackages(client: ApiClient, query: { page: number; per_page: number }, options?: CallOptions): Promise<ListAnswer<SdkPackage>> {
  return client.get('V4/sdk.package.list', { ...query }, options);
}

/** Creates a package, or edits it when `input.id` is set. */
export function saveSdkPackage(client: ApiClient, input: SdkPackageInput, options?: CallOptions): Promise<SdkPackage> {
  return client.post(input.id ? 'V4/sdk.package.edit' : 'V4/sdk.package.create', input, options);
}

/** Deletes a package. */
export function deleteSdkPackage(client: ApiClient, id: number, options?: CallOptions): Promise<null> {
  return client.post('V4/sdk.package.delete', { id }, options);
}

/** A business's protection settings. */
export function getSdkConfig(client: ApiClient, businessId: number, options?: CallOptions): Promise<SdkResourceConfig> {
  return client.get('V4/sdk.config.get', { business_id: businessId }, options);
}

/** Saves a business's protection settings. */
export function saveSdkConfig(client: ApiClient, config: Omit<SdkResourceConfig, 'updated_at'>, options?: CallOptions): Promise<SdkResourceConfig> {
  return client.post('V4/sdk.config.save', config, options);
}

/** A business's SDK keys. */
export function listSdkKeys(client: ApiClient, businessId: number, options?: CallOptions): Promise<ListAnswer<SdkKey>> {
  return client.get('V4/sdk.key.list', { business_id: businessId }, options);
}

/** Creates a key. */
export function createSdkKey(client: ApiClient, body: { business_id: number; name: string }, options?: CallOptions): Promise<SdkKey> {
  return client.post('V4/sdk.key.create', body, options);
}

/** Replaces a key's value (the old one stops working). */
export function rotateSdkKey(client: ApiClient, id: number, options?: CallOptions): Promise<SdkKey> {
  return client.post('V4/sdk.key.rotate', { id }, options);
}

/** Deletes a key. */
export function deleteSdkKey(client: ApiClient, id: number, options?: CallOptions): Promise<null> {
  return client.post('V4/sdk.key.delete', { id }, options);
}

/** A data report of one business. */
export function getSdkReport(client: ApiClient, query: SdkReportQuery, options?: CallOptions): Promise<SdkReport> {
  return client.get('V4/sdk.report.get', { ...query }, options);
}
