/**
 * Cloud DNS calls (rules §3-§5, §9 DNS; shell §2 cloud-resolving). The spec shows no DNS paths (shell §7), so they
 * are designed in the platform's style (DESIGN §3): `V4/dns.<object>.<verb>`, lists taking `page`/`per_page` and
 * answering `{ list, total }`. Writes answer VALIDATION_FAILED_CODE with field issues from `core/rules/dns.ts`;
 * batch writes (batch add domains, batch add records, import) run as jobs of the job runner and answer the job.
 * The reference server imports these types.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { DnsStatus } from '../../rules/dns.js';
import type { JobState, ListAnswer, PageQuery } from './platform.js';

// ── Domains (rules §3 DNS "Domain hosting/access status"; §4 "DNS domain: normal or disabled") ────────────────────

/** Hosting/access status of a DNS domain (rules §3): connected, not connected, DNS not detected, specified DNS not used. */
export type DnsAccessStatus = 'connected' | 'not_connected' | 'dns_not_detected' | 'specified_dns_not_used';
/** Every access status, in display order. */
export const DNS_ACCESS_STATUSES: readonly DnsAccessStatus[] = ['connected', 'not_connected', 'dns_not_detected', 'specified_dns_not_used'];

/** One DNS domain (zone) of the account. */
export interface DnsDomain {
  id: number;
  domain: string;
  status: DnsStatus;
  access_status: DnsAccessStatus;
  /** The domain group (rules §3 "Website group"), or null. */
  group_id: number | null;
  /** The group's name; empty without a group. */
  group_name: string;
  record_count: number;
  /** ISO 8601, UTC. */
  created_at: string;
  updated_at: string;
  /** The caller may change this domain and its records (rules §6 per object; the server's own rule). */
  editable: boolean;
}

/** Query of `V4/dns.domain.list`. */
export interface DnsDomainListQuery extends PageQuery {
  /** Substring of the domain name. */
  keyword?: string;
  group_id?: number;
  status?: DnsStatus;
  access_status?: DnsAccessStatus;
  /** Exact domain names, comma-joined (the import preview resolves its sheets' domains with it). */
  domains?: readonly string[];
}

/** Body of `V4/dns.domain.batch.add` (rules §5 DNS: one per line, at most 100). */
export interface DnsBatchAddDomainsRequest {
  domains: string[];
  /** The group the new domains join; null for none. */
  group_id?: number | null;
}

/** Body of the status calls of domains and records. */
export interface DnsStatusRequest {
  ids: number[];
  status: DnsStatus;
}

/** Body of the delete calls. */
export interface DnsIdsRequest {
  ids: number[];
}

/** Body of `V4/dns.domain.group.set`: moves domains into a group (null: out of any group). */
export interface DnsDomainGroupRequest {
  ids: number[];
  group_id: number | null;
}

/** Answer of the status, delete and group-set calls: how many rows changed. */
export interface DnsChangedAnswer {
  changed: number;
}

// ── Domain groups (rules §3 DNS "Website group: group name, remark, modification time") ───────────────────────────

/** A domain group. */
export interface DnsGroup {
  id: number;
  name: string;
  remark: string;
  domain_count: number;
  /** Modification time, ISO 8601, UTC. */
  updated_at: string;
  /** The caller may rename or delete this group: it may change domains and the group holds none it cannot see. */
  editable: boolean;
}

/** What the group form edits. */
export interface DnsGroupInput {
  name: string;
  remark: string;
}

/** Body of `V4/dns.group.update`. */
export interface DnsGroupUpdateRequest extends DnsGroupInput {
  id: number;
}

/** Query of `V4/dns.group.list`. */
export interface DnsGroupListQuery extends PageQuery {
  keyword?: string;
}

// ── Statistics (shell §2 domainList/statistics) ─────────────────────────────────────────────────────────────────

/** Days the statistics page can show. */
export const DNS_STATISTICS_DAYS: readonly number[] = [7, 30];

/** Query of `V4/dns.domain.statistics`; without `domain_id` it covers every visible domain. */
export interface DnsStatisticsQuery {
  domain_id?: number;
  days?: number;
}

/** Resolution queries on one day (UTC+8 calendar day, rules §9 "Log time UTC+8"). */
export interface DnsQueryDay {
  /** `YYYY-MM-DD`. */
  date: string;
  queries: number;
}

/** Answer of `V4/dns.domain.statistics`. */
export interface DnsStatistics {
  domains: { total: number; normal: number; disabled: number; by_access: Record<DnsAccessStatus, number> };
  records: { total: number; by_type: Record<string, number> };
  queries: { total: number; days: DnsQueryDay[] };
}

// ── Records (rules §3 DNS "Domain record") ───────────────────────────────────────────────────────────────────────

/** The editable fields of a record (rules §3). `priority` is set for MX records only. */
export interface DnsRecordFields {
  host: string;
  type: string;
  line: string;
  value: string;
  priority: number | null;
  ttl: number;
  remark: string;
  status: DnsStatus;
  group: string;
}

/** A stored record. */
export interface DnsRecord extends DnsRecordFields {
  id: number;
  domain_id: number;
  created_at: string;
  updated_at: string;
  /** The caller may change this record (the same answer as its domain's `editable`). */
  editable: boolean;
}

/** Query of `V4/dns.record.list`. */
export interface DnsRecordListQuery extends PageQuery {
  domain_id: number;
  /** Substring of the host record or the value. */
  keyword?: string;
  type?: string;
  line?: string;
  status?: DnsStatus;
}

/** Answer of `V4/dns.record.list`: the page and the domain it belongs to. */
export interface DnsRecordListAnswer extends ListAnswer<DnsRecord> {
  domain: DnsDomain;
}

/** Body of `V4/dns.record.create`. */
export interface DnsRecordCreateRequest extends DnsRecordFields {
  domain_id: number;
}

/** Body of `V4/dns.record.update`. */
export interface DnsRecordUpdateRequest extends DnsRecordFields {
  id: number;
}

/** Body of `V4/dns.record.batch.add`: every record is added to every chosen domain. */
export interface DnsRecordBatchAddRequest {
  domain_ids: number[];
  records: DnsRecordFields[];
}

/** What an import does with the domain's existing records. */
export type DnsImportMode = 'append' | 'replace';

/** A zone's SOA as its BIND file states it (RFC 1035 §3.3.13), kept so export writes back the same SOA. */
export interface DnsZoneSoa {
  /** The SOA's own TTL, or null when the file gave none. */
  ttl: number | null;
  /** Primary name server, absolute with its trailing dot (escapes as written). */
  mname: string;
  /** Responsible mailbox in domain form, absolute with its trailing dot (escapes as written). */
  rname: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  /** Negative-caching TTL (RFC 2308 §4). */
  minimum: number;
}

/** One domain of an import: a workbook sheet or a zone file (rules §5 DNS: one domain per tab). */
export interface DnsImportSheet {
  domain: string;
  records: DnsRecordFields[];
  /** The SOA of an imported zone file; the domain keeps it for export. Workbooks send none. */
  soa?: DnsZoneSoa | null;
}

/** Body of `V4/dns.record.import`: the rows the browser parsed and previewed; the server checks them again. */
export interface DnsImportRequest {
  file_name: string;
  /** `append` keeps existing records and skips repeats; `replace` deletes the domains' records first. */
  mode: DnsImportMode;
  sheets: DnsImportSheet[];
}

/** Answer of `V4/dns.record.export`: a domain and all of its records, for the xlsx and BIND exports. */
export interface DnsExportAnswer {
  domain: DnsDomain;
  records: DnsRecord[];
  /** The SOA the zone was imported with, written back unchanged by the BIND export; null for a console zone. */
  soa: DnsZoneSoa | null;
}

// ── Jobs (rules §3 DNS "Job"; §4 "DNS job: waiting, in progress, success, fail") ─────────────────────────────────

/** The DNS job types (rules §3: batch add domains, batch import records, batch add records). */
export const DNS_JOB_TYPES = ['dns.batch-add-domains', 'dns.batch-import-records', 'dns.batch-add-records'] as const;
/** A DNS job type. */
export type DnsJobType = (typeof DNS_JOB_TYPES)[number];
/** DNS job statuses (rules §4). */
export const DNS_JOB_STATUSES = ['waiting', 'in_progress', 'success', 'fail'] as const;
/** A DNS job status. */
export type DnsJobStatus = (typeof DNS_JOB_STATUSES)[number];
/**
 * The outcome of one detail row. `skipped`: the row was not written because it was already there (an append import
 * or a batch add meeting the same record), which is neither a success nor a failure.
 */
export type DnsJobItemResult = 'waiting' | 'success' | 'skipped' | 'fail';
/** Detail row outcomes, for filters and checks. */
export const DNS_JOB_ITEM_RESULTS: readonly DnsJobItemResult[] = ['waiting', 'success', 'skipped', 'fail'];

/**
 * A DNS job. `status` is the rules §4 reading of the runner's `state`: not started or preparing is waiting; a finished
 * job is a success only when none of its rows failed (issue 18: never "success" over failed rows), otherwise, and
 * when it failed or was canceled, a failure. The counts tell exactly how many rows were written, skipped and failed.
 */
export interface DnsJob {
  id: number;
  type: DnsJobType;
  status: DnsJobStatus;
  state: JobState;
  /** 0-100. */
  progress: number;
  operator: string;
  created_at: string;
  finished_at: string | null;
  total: number;
  succeeded: number;
  skipped: number;
  failed: number;
  /** Why the whole job failed; empty otherwise. */
  reason: string;
  /** The imported file's name (batch import only). */
  file_name: string;
}

/** Query of `V4/dns.job.list`. */
export interface DnsJobListQuery extends PageQuery {
  type?: DnsJobType;
  status?: DnsJobStatus;
}

/** One detail row of a job (rules §3: host, type, line, value) with its result. */
export interface DnsJobItem {
  id: number;
  domain: string;
  host: string;
  type: string;
  line: string;
  value: string;
  result: DnsJobItemResult;
  /** Why the row failed, in the request's language; empty otherwise. */
  reason: string;
}

/** Query of `V4/dns.job.detail.list`. */
export interface DnsJobDetailQuery extends PageQuery {
  job_id: number;
  result?: DnsJobItemResult;
}

/** Answer of `V4/dns.job.detail.list`: the job and a page of its rows. */
export interface DnsJobDetailAnswer extends ListAnswer<DnsJobItem> {
  job: DnsJob;
}

/** Answer of the calls that start a job. */
export interface DnsJobStarted {
  job: DnsJob;
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The account's DNS domains (a child sees those its group may; shell §6 domainList permission). */
export function listDnsDomains(client: ApiClient, query: DnsDomainListQuery = {}, options?: CallOptions): Promise<ListAnswer<DnsDomain>> {
  return client.get('V4/dns.domain.list', { ...query } as QueryParams, options);
}

/** One DNS domain. */
export function getDnsDomain(client: ApiClient, id: number, options?: CallOptions): Promise<DnsDomain> {
  return client.get('V4/dns.domain.get', { id }, options);
}

/** Starts the batch-add-domains job. */
export function batchAddDnsDomains(client: ApiClient, body: DnsBatchAddDomainsRequest, options?: CallOptions): Promise<DnsJobStarted> {
  return client.post('V4/dns.domain.batch.add', body, options);
}

/** Enables or disables domains (a disabled domain stops resolving). */
export function setDnsDomainStatus(client: ApiClient, body: DnsStatusRequest, options?: CallOptions): Promise<DnsChangedAnswer> {
  return client.post('V4/dns.domain.status', body, options);
}

/** Deletes domains and their records. */
export function deleteDnsDomains(client: ApiClient, body: DnsIdsRequest, options?: CallOptions): Promise<DnsChangedAnswer> {
  return client.post('V4/dns.domain.delete', body, options);
}

/** Moves domains into a group. */
export function setDnsDomainGroup(client: ApiClient, body: DnsDomainGroupRequest, options?: CallOptions): Promise<DnsChangedAnswer> {
  return client.post('V4/dns.domain.group.set', body, options);
}

/** Domain, record and query counts. */
export function getDnsStatistics(client: ApiClient, query: DnsStatisticsQuery = {}, options?: CallOptions): Promise<DnsStatistics> {
  return client.get('V4/dns.domain.statistics', { ...query } as QueryParams, options);
}

/** The domain groups. */
export function listDnsGroups(client: ApiClient, query: DnsGroupListQuery = {}, options?: CallOptions): Promise<ListAnswer<DnsGroup>> {
  return client.get('V4/dns.group.list', { ...query } as QueryParams, options);
}

/** Creates a group. */
export function createDnsGroup(client: ApiClient, body: DnsGroupInput, options?: CallOptions): Promise<DnsGroup> {
  return client.post('V4/dns.group.create', body, options);
}

/** Renames a group or changes its remark. */
export function updateDnsGroup(client: ApiClient, body: DnsGroupUpdateRequest, options?: CallOptions): Promise<DnsGroup> {
  return client.post('V4/dns.group.update', body, options);
}

/** Deletes groups; their domains stay, without a group. */
export function deleteDnsGroups(client: ApiClient, body: DnsIdsRequest, options?: CallOptions): Promise<DnsChangedAnswer> {
  return client.post('V4/dns.group.delete', body, options);
}

/** A page of a domain's records. */
export function listDnsRecords(client: ApiClient, query: DnsRecordListQuery, options?: CallOptions): Promise<DnsRecordListAnswer> {
  return client.get('V4/dns.record.list', { ...query } as QueryParams, options);
}

/** Adds a record. */
export function createDnsRecord(client: ApiClient, body: DnsRecordCreateRequest, options?: CallOptions): Promise<DnsRecord> {
  return client.post('V4/dns.record.create', body, options);
}

/** Changes a record. */
export function updateDnsRecord(client: ApiClient, body: DnsRecordUpdateRequest, options?: CallOptions): Promise<DnsRecord> {
  return client.post('V4/dns.record.update', body, options);
}

/** Enables or disables records. */
export function setDnsRecordStatus(client: ApiClient, body: DnsStatusRequest, options?: CallOptions): Promise<DnsChangedAnswer> {
  return client.post('V4/dns.record.status', body, options);
}

/** Deletes records. */
export function deleteDnsRecords(client: ApiClient, body: DnsIdsRequest, options?: CallOptions): Promise<DnsChangedAnswer> {
  return client.post('V4/dns.record.delete', body, options);
}

/** Starts the batch-add-records job. */
export function batchAddDnsRecords(client: ApiClient, body: DnsRecordBatchAddRequest, options?: CallOptions): Promise<DnsJobStarted> {
  return client.post('V4/dns.record.batch.add', body, options);
}

/** Starts the import job with the previewed rows. */
export function importDnsRecords(client: ApiClient, body: DnsImportRequest, options?: CallOptions): Promise<DnsJobStarted> {
  return client.post('V4/dns.record.import', body, options);
}

/** Every record of a domain, for export. */
export function exportDnsRecords(client: ApiClient, domainId: number, options?: CallOptions): Promise<DnsExportAnswer> {
  return client.get('V4/dns.record.export', { domain_id: domainId }, options);
}

/** The DNS jobs (a child sees the jobs it started). */
export function listDnsJobs(client: ApiClient, query: DnsJobListQuery = {}, options?: CallOptions): Promise<ListAnswer<DnsJob>> {
  return client.get('V4/dns.job.list', { ...query } as QueryParams, options);
}

/** A job and a page of its detail rows. */
export function listDnsJobDetails(client: ApiClient, query: DnsJobDetailQuery, options?: CallOptions): Promise<DnsJobDetailAnswer> {
  return client.get('V4/dns.job.detail.list', { ...query } as QueryParams, options);
}
