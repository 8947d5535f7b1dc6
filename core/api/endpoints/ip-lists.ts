/**
 * IP list calls (rules §2 "IP lists"; rules §3 "IP list: name, remark, IP count, creation time"; rules §5 "IP list:
 * IPv4, IPv6, CIDR; up to 200,000 per list and 20,000 per uploaded CSV/TXT file"). Paths follow the
 * `V4/<area>.<object>.<verb>` style of DESIGN §3. A WAF IP condition with the `in-list` operator names a list by its
 * `id` (`PolicyCondition.data.ip_list_id`); `V4/ip.list.options` gives the editor the choices, and a list that a rule
 * references cannot be deleted.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { ListAnswer, PageQuery } from './platform.js';

/** One IP list. */
export interface IpListInfo {
  id: number;
  name: string;
  remark: string;
  /** Entries the list holds (rules §3 "IP count"). */
  entry_count: number;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
  /** WAF rules whose conditions reference the list; such a list cannot be deleted. */
  rule_references: number;
  /** The caller may change the list: it manages every website the rules naming the list act on (rules §6). */
  editable: boolean;
}

/** A list as a choice of the WAF rule editor (`V4/ip.list.options`), the shape `ConditionBuilder` takes. */
export interface IpListOption {
  id: number;
  name: string;
  entry_count: number;
}

/** Query of `V4/ip.list.list`: newest first; `keyword` matches the name and the remark. */
export interface IpListQuery extends PageQuery {
  keyword?: string;
}

/** Body of `V4/ip.list.create`. */
export interface IpListCreateRequest {
  name: string;
  remark: string;
}

/** Body of `V4/ip.list.update`. */
export interface IpListUpdateRequest extends IpListCreateRequest {
  id: number;
}

/** One entry of a list. */
export interface IpListEntry {
  id: number;
  /** An IPv4/IPv6 address or CIDR block, canonical text. */
  entry: string;
  created_at: string;
}

/**
 * Query of `V4/ip.list.entry.list`: one list's entries in the order they were added. `keyword` is an address (entries
 * equal to it or blocks containing it) or part of an entry's text.
 */
export interface IpListEntryQuery extends PageQuery {
  id: number;
  keyword?: string;
}

/** Where added entries came from: typed in the form, or read from an uploaded CSV/TXT file. */
export type IpListEntrySource = 'typed' | 'file';

/** Body of `V4/ip.list.entry.add`: at most 20,000 entries, already checked in the browser. */
export interface IpListEntryAddRequest {
  id: number;
  entries: string[];
  source: IpListEntrySource;
  /** The uploaded file's name, for the operation log. */
  file_name?: string;
}

/** Answer of `V4/ip.list.entry.add`. */
export interface IpListEntryAddAnswer {
  /** Entries new to the list. */
  added: number;
  /** Entries the list held already (same address or block, whatever the spelling). */
  already_listed: number;
  list: IpListInfo;
}

/** Body of `V4/ip.list.entry.remove`. */
export interface IpListEntryRemoveRequest {
  id: number;
  entry_ids: number[];
}

/** Answer of `V4/ip.list.entry.remove`. */
export interface IpListEntryRemoveAnswer {
  removed: number;
  list: IpListInfo;
}

/** Entries one remove call takes. */
export const IP_LIST_REMOVE_MAX = 1000;

/** Answer of `V4/ip.list.export`: a text file, one entry per line. */
export interface IpListExportAnswer {
  file_name: string;
  content_type: string;
  content: string;
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One page of the account's IP lists. */
export function listIpLists(client: ApiClient, query: IpListQuery = {}, options?: CallOptions): Promise<ListAnswer<IpListInfo>> {
  return client.get('V4/ip.list.list', { ...query } as QueryParams, options);
}

/** Every list as a choice for the WAF rule editor's IP condition. */
export function listIpListOptions(client: ApiClient, options?: CallOptions): Promise<IpListOption[]> {
  return client.get('V4/ip.list.options', {}, options);
}

/** One list. */
export function getIpList(client: ApiClient, id: number, options?: CallOptions): Promise<IpListInfo> {
  return client.get('V4/ip.list.get', { id }, options);
}

/** Creates a list. Pass `notify: false` to show the server's field issues inline. */
export function createIpList(client: ApiClient, body: IpListCreateRequest, options?: CallOptions): Promise<IpListInfo> {
  return client.post('V4/ip.list.create', body, options);
}

/** Renames a list or changes its remark. */
export function updateIpList(client: ApiClient, body: IpListUpdateRequest, options?: CallOptions): Promise<IpListInfo> {
  return client.post('V4/ip.list.update', body, options);
}

/** Deletes a list and its entries; refused (100409) while a WAF rule references it. */
export function deleteIpList(client: ApiClient, id: number, options?: CallOptions): Promise<{ id: number }> {
  return client.post('V4/ip.list.delete', { id }, options);
}

/** One page of a list's entries. */
export function listIpListEntries(client: ApiClient, query: IpListEntryQuery, options?: CallOptions): Promise<ListAnswer<IpListEntry>> {
  return client.get('V4/ip.list.entry.list', { ...query } as QueryParams, options);
}

/** Adds entries; all or none (refused when the list would pass 200,000). */
export function addIpListEntries(client: ApiClient, body: IpListEntryAddRequest, options?: CallOptions): Promise<IpListEntryAddAnswer> {
  return client.post('V4/ip.list.entry.add', body, options);
}

/** Removes entries by id. */
export function removeIpListEntries(client: ApiClient, body: IpListEntryRemoveRequest, options?: CallOptions): Promise<IpListEntryRemoveAnswer> {
  return client.post('V4/ip.list.entry.remove', body, options);
}

/** Every entry of a list as a text file. */
export function exportIpList(client: ApiClient, id: number, options?: CallOptions): Promise<IpListExportAnswer> {
  return client.get('V4/ip.list.export', { id }, { timeoutMs: 30_000, ...options });
}
