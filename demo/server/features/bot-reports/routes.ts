/**
 * The bot reports (issue 25; shell §2 `Bot`, `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`) over the log store's
 * access lines, classified by core/logs/bots.ts. Authorization is per object (rules §6): figures are counted over the
 * websites the caller's `reports` grant covers, and a website named outside it is refused. Plan gating (rules §6
 * "bot analytics needs ultimate/flagship or above"): a plan without the `bot_analytics` row of the plan-gating table
 * is refused before anything is read, with the row's message and the notice the console shows.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import type {
  BotCategoryRow,
  BotDetail,
  BotDetailKind,
  BotDetailPoint,
  BotPoint,
  BotSummary,
  KnownBotRow,
  UnknownSignatureRow,
} from '../../../../core/api/endpoints/bot-report.js';
import { BOT_DETAIL_KINDS } from '../../../../core/api/endpoints/bot-report.js';
import type { ReportTopRow } from '../../../../core/api/endpoints/reports.js';
import {
  agentReasons,
  BOT_CATEGORIES,
  knownBot,
  knownBotOfAgent,
  parseSignatureId,
  signatureId,
  signaturePredicate,
  TOOL_JA3,
  type BotSignature,
  type KnownBot,
  type UnknownBotReason,
} from '../../../../core/logs/bots.js';
import { allOf, type LogFieldName, type LogPredicate } from '../../../../core/logs/predicate.js';
import { GRANULARITY_MS, type ReportGranularity } from '../../../../core/rules/reports.js';
import type { FieldIssue } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { bucketStart, type LogBucket, type LogGroupSample, type LogSearch, type LogStore } from '../logs/store/index.js';
import { requirePlan } from '../plans/index.js';
import { MAP_ROWS, readReportWindow, requireReports, type ReportWindow } from '../reports/index.js';
import { gatherEvidence, type RangeEvidence } from './evidence.js';

const STORE_BUCKET: Readonly<Record<ReportGranularity, LogBucket>> = { '1m': 'minute', '5m': 'five-minutes', '1h': 'hour', '1d': 'day' };
/** Addresses and countries shown on each unknown signature's row. */
const SIGNATURE_SAMPLES = 3;
/** User agents read per fingerprint signature to tell why it is a bot. */
const SIGNATURE_AGENTS = 5;

/** A checked report request: the reports' own window (range, granularity, top-N, the caller's websites). */
type BotRequest = ReportWindow;

/** Grant, plan, then the query; answers the refusal and returns null when the report may not run. */
function readRequest(request: FastifyRequest, reply: FastifyReply, extra: FieldIssue[] = []): BotRequest | null {
  if (!requireReports(request, reply)) return null;
  if (!requirePlan(request, reply, 'bot_analytics')) return null;
  return readReportWindow(request, reply, 'access', extra);
}

/** The search narrowed by a predicate. */
function narrowed(search: LogSearch, where: LogPredicate): LogSearch {
  return { ...search, where: allOf([search.where, where]) };
}

/** Every bucket start of the range. */
function bucketStarts(search: LogSearch, granularity: ReportGranularity): number[] {
  const starts: number[] = [];
  for (let at = bucketStart(search.from, STORE_BUCKET[granularity]); at < search.to; at += GRANULARITY_MS[granularity]) starts.push(at);
  return starts;
}

/** Requests per bucket of a search. */
async function requestsPerBucket(store: LogStore, search: LogSearch, granularity: ReportGranularity): Promise<Map<number, number>> {
  const rows = await store.aggregate({ ...search, bucket: STORE_BUCKET[granularity] });
  return new Map(rows.map((row) => [row.bucket, row.requests]));
}

/** Requests and distinct addresses of a search. */
async function sums(store: LogStore, search: LogSearch): Promise<{ requests: number; addresses: number }> {
  const [row] = await store.totals(search, null, 'requests', 1);
  return { requests: row?.requests ?? 0, addresses: row?.visitors ?? 0 };
}

/** A top-N table of one field. */
async function top(store: LogStore, search: LogSearch, field: LogFieldName, limit: number): Promise<ReportTopRow[]> {
  const rows = await store.totals(search, field, 'requests', limit);
  return rows.map((row) => ({ key: row.group, requests: row.requests, bytes: row.bytes, visitors: row.visitors }));
}

/**
 * Why the lines of an unknown signature are bots: its own rules first, then the range's evidence. `agents` are the
 * user agents seen with a fingerprint signature; `toolFingerprint` says whether a user agent signature's lines came
 * with a tool's TLS fingerprint (both read for every row at once by {@link signatures}, or for one by the detail).
 */
function signatureReasons(signature: BotSignature, range: RangeEvidence, addresses: readonly string[], agents: readonly string[], toolFingerprint: boolean): UnknownBotReason[] {
  const reasons = new Set<UnknownBotReason>();
  for (const agent of signature.kind === 'ua' ? [signature.value] : agents) {
    if (knownBotOfAgent(agent)) reasons.add('spoofed');
    for (const reason of agentReasons(agent, signature.kind === 'ja3' ? signature.value : '')) reasons.add(reason);
  }
  const rate = new Set(range.evidence.rateAddresses);
  if (addresses.some((ip) => rate.has(ip))) reasons.add('rate');
  // A user agent that says nothing of a bot was caught by its TLS stack or its rate.
  if (signature.kind === 'ua' && [...reasons].every((reason) => reason === 'rate') && toolFingerprint) reasons.add('tool-fingerprint');
  return [...reasons];
}

/**
 * The busiest unknown signatures of one kind, with samples of their addresses and countries (and a fingerprint's user
 * agents), in one store statement: the store ranks the signatures and takes each one's samples with its engine's
 * top-k (issue 25: a ranking, then a query per sample field, ran five queries per kind; a query per row and sample
 * once ran about three per row). Whether a user agent's lines came with a tool's TLS fingerprint is counted in the
 * same statement.
 */
async function signatures(store: LogStore, unknown: LogSearch, field: 'user_agent' | 'ja3', limit: number, range: RangeEvidence): Promise<UnknownSignatureRow[]> {
  // A line without a TLS fingerprint (plain HTTP, or an edge that did not record one) is no fingerprint signature:
  // counted as one, every such line of the range lumped into a row with an empty JA3.
  const candidates = field === 'ja3' ? narrowed(unknown, { op: 'compare', field: 'ja3', operator: '!=', value: '' }) : unknown;
  const samples: LogGroupSample[] = [
    { field: 'client_ip', limit: SIGNATURE_SAMPLES },
    { field: 'country', limit: SIGNATURE_SAMPLES },
    ...(field === 'ja3' ? [{ field: 'user_agent' as const, limit: SIGNATURE_AGENTS }] : []),
  ];
  const conditions: LogPredicate[] = field === 'user_agent' ? [{ op: 'in', field: 'ja3', values: [...TOOL_JA3] }] : [];
  const rows = await store.topGroups({ ...candidates, by: field, limit, samples, conditions });
  const values = (sample: readonly { value: string }[] | undefined) => (sample ?? []).map((entry) => entry.value);
  return rows.map((row) => {
    const signature: BotSignature = { kind: field === 'ja3' ? 'ja3' : 'ua', value: row.group };
    const topAddresses = values(row.samples[0]);
    return {
      id: signatureId(signature),
      kind: signature.kind,
      value: row.group,
      requests: row.requests,
      // Exact in every engine (the address sample's distinct values), where the estimate of a few addresses was off.
      addresses: row.distinct[0] ?? row.visitors,
      top_addresses: topAddresses,
      top_countries: values(row.samples[1]).filter((key) => key !== ''),
      reasons: signatureReasons(signature, range, topAddresses, values(row.samples[2]), (row.matching[0] ?? 0) > 0),
    };
  });
}

/** The summary of a range. */
async function summary(store: LogStore, report: BotRequest): Promise<BotSummary> {
  const { search, granularity } = report;
  const range = await gatherEvidence(store, search);
  const { predicates, claimed } = range;
  const unknown = narrowed(search, predicates.unknown);
  const spoofedAny: LogPredicate = { op: 'or', items: claimed.map((bot) => predicates.spoofed(bot)) };
  // Bots claimed from more addresses than the verification read covers: their spoofed lines are counted by the store.
  const uncounted = claimed.filter((bot) => range.counts.get(bot.id)?.claimedRequests === null);
  // One scan counts every class per bucket (issue 25: the totals and series took ten queries, one per class and bot).
  const [classes, agents, fingerprints, countries, provinces] = await Promise.all([
    store.conditionCounts({ ...search, bucket: STORE_BUCKET[granularity], conditions: [predicates.known, predicates.unknown, spoofedAny, ...uncounted.map((bot) => predicates.spoofed(bot))] }),
    signatures(store, unknown, 'user_agent', report.top, range),
    signatures(store, unknown, 'ja3', report.top, range),
    top(store, narrowed(search, predicates.bot), 'country', MAP_ROWS),
    top(store, narrowed(search, predicates.bot), 'province', MAP_ROWS),
  ]);
  const perBucket = new Map(classes.map((row) => [row.bucket, row]));
  const total = (index: number | null) => classes.reduce((sum, row) => sum + (index === null ? row.requests : row.matching[index]!), 0);
  const series: BotPoint[] = bucketStarts(search, granularity).map((at) => {
    const row = perBucket.get(at);
    const knownCount = row?.matching[0] ?? 0;
    const unknownCount = row?.matching[1] ?? 0;
    return { bucket: isoTime(at), human: (row?.requests ?? 0) - knownCount - unknownCount, known: knownCount, unknown: unknownCount };
  });
  const spoofedOf = new Map(uncounted.map((bot, index) => [bot.id, total(3 + index)]));
  const bots = claimed.map((bot) => knownBotRow(range, bot, spoofedOf.get(bot.id)));
  const knownBots = bots.filter((row) => row.requests > 0 || row.spoofed > 0).sort((a, b) => b.requests - a.requests || b.spoofed - a.spoofed || a.id.localeCompare(b.id));
  const categories: BotCategoryRow[] = BOT_CATEGORIES.map((category) => ({
    category,
    requests: knownBots.filter((row) => row.category === category).reduce((sum, row) => sum + row.requests, 0),
  })).filter((row) => row.requests > 0);
  const [all, known, unknownTotal, spoofed] = [total(null), total(0), total(1), total(2)];
  return {
    from: isoTime(search.from),
    to: isoTime(search.to - 1),
    granularity,
    totals: { requests: all, known, unknown: unknownTotal, human: all - known - unknownTotal, spoofed },
    series,
    known_bots: knownBots.slice(0, report.top),
    categories,
    unknown_agents: agents,
    unknown_fingerprints: fingerprints,
    countries,
    // Provinces are only the Chinese clients' ('' for everyone else), so the empty value is not a region.
    provinces: provinces.filter((row) => row.key !== ''),
  };
}

/**
 * One known bot's row of the summary, from what its verification read counted (evidence.ts): its verified requests,
 * its verified addresses (exact), and the requests claiming it from other addresses (spoofed). Only a bot claimed
 * from more addresses than that read covers is counted by the store (`counted`, from the summary's class scan).
 */
function knownBotRow(range: RangeEvidence, bot: KnownBot, counted: number | undefined): KnownBotRow {
  const counts = range.counts.get(bot.id) ?? { verifiedRequests: 0, claimedRequests: 0 };
  const spoofed = counts.claimedRequests === null ? (counted ?? 0) : counts.claimedRequests - counts.verifiedRequests;
  const addresses = range.evidence.verified.get(bot.id)?.length ?? 0;
  return { id: bot.id, name: bot.name, category: bot.category, vendor: bot.vendor, requests: counts.verifiedRequests, addresses, spoofed };
}

/** A detail page's data: a known bot's verified lines (and those spoofing it), or an unknown signature's lines. */
async function detail(store: LogStore, report: BotRequest, kind: BotDetailKind, id: string, bot: KnownBot | undefined, signature: BotSignature | null): Promise<BotDetail> {
  const { search, granularity } = report;
  const range = await gatherEvidence(store, search, bot);
  const own = narrowed(search, bot ? range.predicates.knownBot(bot) : allOf([range.predicates.unknown, signaturePredicate(signature!)])!);
  const spoofed = bot ? narrowed(search, range.predicates.spoofed(bot)) : null;
  const none = async () => new Map<number, number>();
  const [ownSums, spoofedSums, ownSeries, spoofedSeries, paths, addresses, countries, spoofedAddresses] = await Promise.all([
    sums(store, own),
    spoofed ? sums(store, spoofed) : Promise.resolve({ requests: 0, addresses: 0 }),
    requestsPerBucket(store, own, granularity),
    spoofed ? requestsPerBucket(store, spoofed, granularity) : none(),
    top(store, own, 'uri', report.top),
    top(store, own, 'client_ip', report.top),
    top(store, own, 'country', MAP_ROWS),
    spoofed ? top(store, spoofed, 'client_ip', report.top) : Promise.resolve([]),
  ]);
  const series: BotDetailPoint[] = bucketStarts(search, granularity).map((at) => ({ bucket: isoTime(at), requests: ownSeries.get(at) ?? 0, spoofed: spoofedSeries.get(at) ?? 0 }));
  const answer: BotDetail = {
    kind,
    id,
    from: isoTime(search.from),
    to: isoTime(search.to - 1),
    granularity,
    totals: { requests: ownSums.requests, addresses: ownSums.addresses, spoofed: spoofedSums.requests, spoofed_addresses: spoofedSums.addresses },
    series,
    paths,
    addresses,
    countries: countries.filter((row) => row.key !== ''),
    spoofed_addresses: spoofedAddresses,
  };
  if (bot) answer.bot = { name: bot.name, category: bot.category, vendor: bot.vendor };
  else {
    const [agents, tools] = await Promise.all([
      signature!.kind === 'ja3' ? top(store, own, 'user_agent', SIGNATURE_AGENTS) : Promise.resolve([]),
      signature!.kind === 'ua' ? sums(store, narrowed(own, { op: 'in', field: 'ja3', values: [...TOOL_JA3] })) : Promise.resolve({ requests: 0, addresses: 0 }),
    ]);
    const reasons = signatureReasons(signature!, range, addresses.map((row) => row.key), agents.map((row) => row.key), tools.requests > 0);
    answer.signature = { kind: signature!.kind, value: signature!.value, reasons };
  }
  return answer;
}

/** Registers the routes (under /api). */
export async function botReportRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/report.bot.summary', async (request, reply) => {
    const report = readRequest(request, reply);
    if (!report) return reply;
    return ok(reply, await summary(api.logStore, report));
  });

  api.get('/V4/report.bot.detail', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const kind = query.kind;
    const issues: FieldIssue[] = [];
    if (typeof kind !== 'string' || !(BOT_DETAIL_KINDS as readonly string[]).includes(kind)) issues.push({ field: 'kind', key: 'common.format-error' });
    const report = readRequest(request, reply, issues);
    if (!report) return reply;
    const id = typeof query.id === 'string' ? query.id : '';
    const bot = kind === 'known' ? knownBot(id) : undefined;
    const signature = kind === 'unknown' ? parseSignatureId(id) : null;
    // An id outside the catalogue, or one that names no signature, is no page.
    if (!bot && !signature) return fail(reply, NOT_FOUND_CODE);
    return ok(reply, await detail(api.logStore, report, kind as BotDetailKind, id, bot, signature));
  });
}
