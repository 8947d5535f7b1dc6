/**
 * Bot reports (issue 25; shell §2 `Bot`, `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`; rules §6 "bot analytics
 * needs ultimate/flagship or above"). The spec shows no calls; in the house style:
 *
 * - `GET V4/report.bot.summary`: bot traffic over a range: requests of people, known bots and unknown bots per
 *   bucket, the known bots, their categories, the unknown bot signatures (user agent or TLS fingerprint) with their
 *   addresses and regions, and where bot traffic came from;
 * - `GET V4/report.bot.detail`: one known bot (`kind=known`, a catalogue id) or one unknown signature
 *   (`kind=unknown`, an id of core/logs/bots.ts `signatureId`): requests over time, paths, addresses, countries and,
 *   for a known bot, its verified and spoofed requests.
 *
 * Counted from the log store's access lines with core/logs/bots.ts over the websites the caller's `reports` grant
 * covers. A plan below flagship is refused with the plan-gating table's message (`plans.bot-analytics`, issue values
 * naming the feature and the notice), which the elements show as the shell §8 prompt.
 */
import type { BotCategory, SignatureKind, UnknownBotReason } from '../../logs/bots.js';
import type { ReportGranularity } from '../../rules/reports.js';
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { ReportTopRow } from './reports.js';

/** What both calls name: a range (ISO instants, both ends included), a granularity and optionally some websites. */
export interface BotReportQuery {
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** Websites to read (all the caller may read when absent or empty). */
  domain_ids?: readonly number[];
}

/** One bucket of the summary series. */
export interface BotPoint {
  /** Start of the bucket, ISO (UTC). */
  bucket: string;
  human: number;
  known: number;
  unknown: number;
}

/** Requests of the range by class. */
export interface BotTotals {
  requests: number;
  human: number;
  known: number;
  unknown: number;
  /** Unknown requests that claimed a known bot from an address failing its verification. */
  spoofed: number;
}

/** A known bot of the range. */
export interface KnownBotRow {
  /** Catalogue id (core/logs/bots.ts), the detail page's `:id`. */
  id: string;
  name: string;
  category: BotCategory;
  vendor: string;
  /** Verified requests. */
  requests: number;
  /** Distinct verified addresses. */
  addresses: number;
  /** Requests claiming it from addresses that failed verification (counted as unknown bots). */
  spoofed: number;
}

/** Requests of known bots per category. */
export interface BotCategoryRow {
  category: BotCategory;
  requests: number;
}

/** An unknown bot signature of the range. */
export interface UnknownSignatureRow {
  /** The detail page's `:id`. */
  id: string;
  kind: SignatureKind;
  /** The user agent or the JA3 hash. */
  value: string;
  requests: number;
  /** Distinct addresses. */
  addresses: number;
  /** Its busiest addresses and countries, most requests first (at most three each). */
  top_addresses: string[];
  top_countries: string[];
  /** Why its lines are bots (core/logs/bots.ts rules). */
  reasons: UnknownBotReason[];
}

/** Answer of `V4/report.bot.summary`. */
export interface BotSummary {
  from: string;
  to: string;
  granularity: ReportGranularity;
  totals: BotTotals;
  series: BotPoint[];
  known_bots: KnownBotRow[];
  categories: BotCategoryRow[];
  /** By user agent, then by fingerprint, each at most `top` rows, most requests first. */
  unknown_agents: UnknownSignatureRow[];
  unknown_fingerprints: UnknownSignatureRow[];
  /** Bot requests (known and unknown) by country and by mainland province, for the map. */
  countries: ReportTopRow[];
  provinces: ReportTopRow[];
}

/** Which detail page. */
export type BotDetailKind = 'known' | 'unknown';
export const BOT_DETAIL_KINDS: readonly BotDetailKind[] = ['known', 'unknown'];

/** One bucket of a detail series: the bot's requests and, for a known bot, those spoofing it. */
export interface BotDetailPoint {
  bucket: string;
  requests: number;
  spoofed: number;
}

/** Answer of `V4/report.bot.detail`. */
export interface BotDetail {
  kind: BotDetailKind;
  id: string;
  /** Known: the catalogue entry; unknown: the signature. */
  bot?: { name: string; category: BotCategory; vendor: string };
  signature?: { kind: SignatureKind; value: string; reasons: UnknownBotReason[] };
  from: string;
  to: string;
  granularity: ReportGranularity;
  totals: { requests: number; addresses: number; spoofed: number; spoofed_addresses: number };
  series: BotDetailPoint[];
  paths: ReportTopRow[];
  addresses: ReportTopRow[];
  countries: ReportTopRow[];
  /** Known bots only: the addresses that claimed it and failed verification. */
  spoofed_addresses: ReportTopRow[];
}

function reportQuery(query: BotReportQuery): QueryParams {
  const params: Record<string, string> = { from: query.from, to: query.to, granularity: query.granularity };
  if (query.domain_ids && query.domain_ids.length > 0) params.domain_ids = query.domain_ids.join(',');
  return params;
}

/** Bot traffic over a range. */
export function getBotSummary(client: ApiClient, query: BotReportQuery & { top?: number }, options?: CallOptions): Promise<BotSummary> {
  return client.get('V4/report.bot.summary', { ...reportQuery(query), ...(query.top ? { top: query.top } : {}) }, options);
}

/** One known bot or unknown signature over a range. */
export function getBotDetail(client: ApiClient, query: BotReportQuery & { kind: BotDetailKind; id: string }, options?: CallOptions): Promise<BotDetail> {
  return client.get('V4/report.bot.detail', { ...reportQuery(query), kind: query.kind, id: query.id }, options);
}
