/**
 * What the bot classes of a range need beyond the lines themselves (core/logs/bots.ts `BotEvidence`): which
 * addresses claiming a known bot pass its vendor's reverse DNS check, and which addresses passed the rate rule. Both
 * are read from the log store with `totals`/`aggregate`, then the class predicates count everything else in the
 * store, so no line is ever loaded into the server to be classified.
 */
import {
  BOT_RATE_PER_FIVE_MINUTES,
  botPredicates,
  claimsAnyAgentPredicate,
  claimsPredicate,
  knownBotOfAgent,
  verifiesAs,
  type BotEvidence,
  type BotPredicates,
  type KnownBot,
} from '../../../../core/logs/bots.js';
import { lookupAddress } from '../../platform/reverse-dns.js';
import type { LogSearch, LogStore } from '../logs/store/index.js';

/**
 * Addresses checked per claimed bot. A crawler's addresses number in the hundreds per day; past this cap the rest are
 * left unverified and so count as unknown bots (the stricter reading: only a verified address is a known bot).
 */
export const CLAIM_ADDRESSES_MAX = 2000;
/** Distinct claiming user agents read to find which bots are claimed at all. */
const CLAIM_AGENTS_MAX = 500;
/** The busiest addresses of the range tried against the rate rule. */
const RATE_CANDIDATES = 50;

/**
 * What the verification read of one claimed bot already counted: the requests of its verified addresses (its known
 * bot row), and of every address claiming it, null when the addresses read stopped at {@link CLAIM_ADDRESSES_MAX}
 * (then the claims are counted by the store). The summary's known bot rows need no query of their own.
 */
export interface ClaimCounts {
  verifiedRequests: number;
  claimedRequests: number | null;
}

/** The evidence and predicates of one range, with the bots claimed in it. */
export interface RangeEvidence {
  evidence: BotEvidence;
  predicates: BotPredicates;
  /** Catalogue bots whose user agent appears in the range, verified or not. */
  claimed: KnownBot[];
  /** Per claimed bot id. */
  counts: ReadonlyMap<string, ClaimCounts>;
}

/** Addresses of `search` claiming `bot` that verify as its, and the requests counted on the way. */
async function verifiedAddresses(store: LogStore, search: LogSearch, bot: KnownBot): Promise<{ addresses: string[]; counts: ClaimCounts }> {
  const rows = await store.totals({ ...search, where: claimsPredicate(bot) }, 'client_ip', 'requests', CLAIM_ADDRESSES_MAX);
  const verified = rows.filter((row) => verifiesAs(bot, lookupAddress(row.group)));
  return {
    addresses: verified.map((row) => row.group),
    counts: {
      verifiedRequests: verified.reduce((sum, row) => sum + row.requests, 0),
      claimedRequests: rows.length < CLAIM_ADDRESSES_MAX ? rows.reduce((sum, row) => sum + row.requests, 0) : null,
    },
  };
}

/** Addresses with more than the rate rule's requests in some five-minute window of the range. */
async function rateAddresses(store: LogStore, search: LogSearch): Promise<string[]> {
  const busiest = await store.totals(search, 'client_ip', 'requests', RATE_CANDIDATES);
  // An address with fewer requests over the whole range cannot have passed the rate in one window.
  const candidates = busiest.filter((row) => row.requests > BOT_RATE_PER_FIVE_MINUTES).map((row) => row.group);
  if (candidates.length === 0) return [];
  const windows = await store.aggregate({ ...search, where: { op: 'in', field: 'client_ip', values: candidates }, bucket: 'five-minutes', groupBy: 'client_ip' });
  return [...new Set(windows.filter((row) => row.requests > BOT_RATE_PER_FIVE_MINUTES).map((row) => row.group))].sort();
}

/** Gathers the evidence of a range, for all bots or (a known bot's detail) one. */
export async function gatherEvidence(store: LogStore, search: LogSearch, only?: KnownBot): Promise<RangeEvidence> {
  let claimed: KnownBot[];
  if (only) claimed = [only];
  else {
    const agents = await store.totals({ ...search, where: claimsAnyAgentPredicate() }, 'user_agent', 'requests', CLAIM_AGENTS_MAX);
    const found = new Set(agents.map((row) => knownBotOfAgent(row.group)).filter((bot): bot is KnownBot => bot !== undefined));
    claimed = [...found];
  }
  const [verified, rate] = await Promise.all([
    Promise.all(claimed.map(async (bot) => [bot.id, await verifiedAddresses(store, search, bot)] as const)),
    rateAddresses(store, search),
  ]);
  const evidence: BotEvidence = { verified: new Map(verified.map(([id, found]) => [id, found.addresses])), rateAddresses: rate };
  return { evidence, predicates: botPredicates(evidence), claimed, counts: new Map(verified.map(([id, found]) => [id, found.counts])) };
}
