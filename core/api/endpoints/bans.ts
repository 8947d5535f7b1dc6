/**
 * Ban calls (rules §2 "Ban management: overview, ban record, immediate unlock, batch unlock"; rules §3 ban record
 * fields; rules §4 ban states and the 180-day retention; rules §5 batch unlock). The spec shows no paths for bans;
 * these follow the `V4/<area>.<object>.<verb>` style of DESIGN §3. Every ban call is refused with 100403 while the
 * account's ban management is switched off (`V4/member.set.info.console` answers `ban.status`, shell §4).
 *
 * Batch unban is sent in chunks (see {@link unbanChunkSize}); each chunk carries its own Idempotency-Key, kept
 * across retries and resumes, and the server releases only records that are still banned, so a chunk sent twice
 * never unbans anything twice.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { ListAnswer, PageQuery } from './platform.js';

/** Rules §3/§4 ban states: banned, automatically unblocked (the duration ran out), manually unblocked. */
export type BanStatus = 'banned' | 'auto_unbanned' | 'manual_unbanned';
/** Every ban state, in display order. */
export const BAN_STATUSES: readonly BanStatus[] = ['banned', 'auto_unbanned', 'manual_unbanned'];

/** Why an address was banned: the protection that banned it. A reason the console does not know is shown by its id. */
export type BanReason = 'waf-rule' | 'cc-rate' | 'bot' | 'ip-behaviour' | 'scanner';
/** Every ban reason, in display order. */
export const BAN_REASONS: readonly BanReason[] = ['waf-rule', 'cc-rate', 'bot', 'ip-behaviour', 'scanner'];

/** One ban record (rules §3 "source IP, domain, ban duration in seconds, reason, rule ID, status, ban time, release time"). */
export interface BanRecord {
  id: number;
  /** The banned source address, canonical text. */
  ip: string;
  domain_id: number;
  domain: string;
  /** Ban duration in seconds. */
  duration: number;
  reason: BanReason;
  /** The rule that banned the address (a WAF rule's code); empty when the ban came from no numbered rule. */
  rule_id: string;
  status: BanStatus;
  /** ISO 8601. */
  banned_at: string;
  /** ISO 8601; null while banned. For an automatic release, the ban time plus the duration. */
  released_at: string | null;
  /** The caller may unban it: it manages the record's website (rules §6). */
  editable: boolean;
}

/** Filters of the ban record list and the overview; times are ISO 8601 and bound the ban time, both ends included. */
export interface BanFilter {
  /** An address or block (records inside it), or part of an address. */
  ip?: string;
  domain_id?: number;
  status?: BanStatus;
  start_time?: string;
  end_time?: string;
}

/** Query of `V4/ban.record.list`: newest ban first. */
export type BanRecordQuery = BanFilter & PageQuery;

/** How often one address or one domain was banned in the overview's window. */
export interface BanTally {
  /** The address, or the domain name. */
  key: string;
  /** The domain id, for domain tallies. */
  domain_id?: number;
  count: number;
}

/** Answer of `V4/ban.overview`: counts by state and the most banned addresses and domains in the window. */
export interface BanOverview {
  counts: Record<BanStatus, number>;
  /** At most {@link BAN_OVERVIEW_TOP} rows, most bans first. */
  top_ips: BanTally[];
  /** At most {@link BAN_OVERVIEW_TOP} rows, most bans first. */
  top_domains: BanTally[];
}

/** Rows of each "most banned" list of the overview. */
export const BAN_OVERVIEW_TOP = 10;

/** Body of `V4/ban.record.unban`: immediate unban of chosen records. */
export interface BanUnbanRequest {
  ids: number[];
}

/** Answer of `V4/ban.record.unban`: how many of the records were still banned and are now released. */
export interface BanUnbanAnswer {
  unbanned: number;
}

/** Records one immediate unban takes at once. */
export const BAN_UNBAN_IDS_MAX = 100;

/** Body of `V4/ban.batch.unban`: one chunk of a batch unban (rules §5: addresses or CIDR blocks, domain required). */
export interface BanBatchUnbanRequest {
  domain_id: number;
  /** IPv4, IPv6 or CIDR entries, already checked in the browser; at most {@link BAN_UNBAN_CHUNK_MAX}. */
  entries: string[];
}

/** Answer of one chunk. */
export interface BanBatchUnbanAnswer {
  /** Entries that released at least one ban. */
  unbanned_entries: number;
  /** Entries with no ban in force on the domain (never banned, or released already). */
  not_banned: string[];
  /** Ban records released (a CIDR entry can release several). */
  released_records: number;
}

/** Entries one chunk may carry. */
export const BAN_UNBAN_CHUNK_MAX = 1000;
/** The smallest chunk worth a request. */
export const BAN_UNBAN_CHUNK_MIN = 50;
/** Chunks a batch is split into when it is large enough, so the progress bar moves in visible steps. */
export const BAN_UNBAN_TARGET_CHUNKS = 20;

/**
 * Entries per chunk for a batch of `total`: about twenty steps of progress, at least 50 and at most 1000 entries per
 * request (100,000 entries from a file go in 100 requests).
 */
export function unbanChunkSize(total: number): number {
  return Math.min(BAN_UNBAN_CHUNK_MAX, Math.max(BAN_UNBAN_CHUNK_MIN, Math.ceil(total / BAN_UNBAN_TARGET_CHUNKS)));
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One page of ban records, newest first. */
export function listBanRecords(client: ApiClient, query: BanRecordQuery = {}, options?: CallOptions): Promise<ListAnswer<BanRecord>> {
  return client.get('V4/ban.record.list', { ...query } as QueryParams, options);
}

/** Counts by state and the most banned addresses and domains for a filter. */
export function getBanOverview(client: ApiClient, query: Omit<BanFilter, 'status' | 'ip'> = {}, options?: CallOptions): Promise<BanOverview> {
  return client.get('V4/ban.overview', { ...query } as QueryParams, options);
}

/** Unbans records now (rules §2 "immediate unlock"). */
export function unbanRecords(client: ApiClient, body: BanUnbanRequest, options?: CallOptions): Promise<BanUnbanAnswer> {
  return client.post('V4/ban.record.unban', body, options);
}

/** Sends one chunk of a batch unban; pass the chunk's own `idempotencyKey` and keep it for every retry. */
export function unbanBatchChunk(client: ApiClient, body: BanBatchUnbanRequest, options?: CallOptions): Promise<BanBatchUnbanAnswer> {
  return client.post('V4/ban.batch.unban', body, options);
}
