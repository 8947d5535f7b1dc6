/**
 * The protection cards' decisions on one sample request (issue 22 "the isomorphic matcher extended so that the cards'
 * decisions can be evaluated on a sample request"; rules §2 cards, §4 modes, levels and replay actions, §5 paths and
 * the visitor token, §9 replay window, visitor auth tolerance and regional blocking on Beijing time). The request
 * trace (core/settings/trace.ts) runs it in the browser; node tests and the bench run it too.
 *
 * Cards are evaluated in SECURITY_CARDS order (core/security/cards.ts). A card whose action answers the visitor
 * (block, ban, a challenge, "not allowed") ends the evaluation; the cards after it are listed as not reached. A card in
 * observation only records that it matched. Nothing here guesses: what one request cannot tell is said, not decided.
 *
 * Readings where the spec says less than a matcher needs (each the stricter or the more common one):
 * - Paths (CSRF, replay, visitor authentication): an entry covers the path equal to it and every path below it
 *   (`/api` covers `/api` and `/api/x`, not `/apix`); compared case-insensitively (rules §5 "String matching is
 *   case-insensitive"); exception paths win over protected paths. No protected paths means every path for replay
 *   protection and visitor authentication (they guard a whole site unless narrowed) and no path for CSRF (CSRF
 *   protection names the forms it guards).
 * - Regional blocking: the request's region (a country or province key, the one the WAF region conditions read)
 *   against the listed keys through the IP region tree, so a continent or the CNPR/CNHMT groups cover their members.
 *   The schedule is read on Beijing time (UTC+8, rules §9); a window whose end is before its start runs past midnight
 *   and its after-midnight part belongs to the weekday it started on.
 * - Visitor authentication: the token of core/security/visitor-token.ts in the card's header; missing, malformed,
 *   wrongly signed or stale (over one hour, rules §8) tokens are refused (403).
 * - Referer hotlink: the Referer's host against the listed domains (wildcards as the WAF's domain match); the site's
 *   own host always passes (a page may load its own images); an empty Referer follows `allow_empty`.
 * - CSRF: unsafe methods (POST, PUT, PATCH, DELETE) on protected paths need an Origin, or failing that a Referer,
 *   whose host is the requested host (same origin host: the stricter of "same site" readings); neither header is a
 *   cross-site request too.
 * - Replay protection: the request carries its time and a nonce as the `X-Timestamp` (Unix seconds) and `X-Nonce`
 *   headers, or failing those the `timestamp` and `nonce` query parameters; it replays when either is missing, the
 *   time is further from now than the window, or the nonce was already seen (the caller passes the nonces it has seen;
 *   one sample request has seen none).
 * - Bot management: the User-Agent names the bot (KNOWN_BOTS below); the edge also checks that a crawler comes from its
 *   operator's addresses, which a sample request cannot show, so a known bot here is "claims to be". No User-Agent, or
 *   the one of an HTTP library or headless browser, is an unknown bot.
 * - Webshell detection reads uploaded file contents and responses, which a sample request does not carry: undecided.
 * - Application DDoS/CC, IP behaviour analysis and intelligent protection count requests over time: one request never
 *   decides them; the verdict names the thresholds of this model (RATE_THRESHOLDS; the spec gives none).
 * - Cloud WAF is the trace's WAF step (its rule sets): reported as "see the WAF step", not evaluated twice.
 */
import { SECURITY_CARDS, type IntelligentLevel, type KnownBotCategory, type ProtectionLevel, type SecurityCardName, type SecurityCardValues } from '../security/cards.js';
import { verifyVisitorToken } from '../security/visitor-token.js';
import { viewRequest, type SampleRequest } from './request.js';
import { domainMatches, regionMatches, type RegionNode } from './values.js';

/** What a card does to the request. `none`: nothing (off, not matched, not reached, undecided). */
export type CardAction = 'none' | 'allow' | 'observe' | 'block' | 'ban' | 'captcha' | 'js_challenge' | 'deny';

/** Why a card decided as it did: a code (a message key of the trace) and the values it names. */
export type CardReasonCode =
  | 'off'
  | 'not-reached'
  | 'see-waf-step'
  | 'rate-based'
  | 'needs-body'
  | 'path-not-protected'
  | 'path-exception'
  | 'region-outside-schedule'
  | 'region-unknown'
  | 'region-listed'
  | 'region-not-listed'
  | 'region-undecided'
  | 'token-missing'
  | 'token-malformed'
  | 'token-bad-signature'
  | 'token-stale'
  | 'token-ok'
  | 'no-key'
  | 'referer-empty-allowed'
  | 'referer-empty-refused'
  | 'referer-own-host'
  | 'referer-listed'
  | 'referer-not-listed'
  | 'csrf-safe-method'
  | 'csrf-same-origin'
  | 'csrf-cross-origin'
  | 'csrf-no-origin'
  | 'replay-missing'
  | 'replay-outside-window'
  | 'replay-nonce-seen'
  | 'replay-fresh'
  | 'bot-known'
  | 'bot-unknown'
  | 'bot-browser';

export interface CardReason {
  code: CardReasonCode;
  values?: Record<string, string | number>;
}

/** One card's verdict. */
export interface SecurityCardVerdict {
  card: SecurityCardName;
  enabled: boolean;
  /** Whether the card's condition held (a match in observation only records). */
  matched: boolean;
  /** False when one request cannot decide the card (rates, bodies, an unknown region). */
  decided: boolean;
  action: CardAction;
  /** Whether the action answers the visitor: the cards after it are not reached. */
  stops: boolean;
  reason: CardReason;
}

/** What the evaluation needs besides the request. */
export interface SecurityCardsContext {
  /** Now, milliseconds since the epoch (the schedule, the visitor token and the replay window read it). */
  now: number;
  /** The IP region tree, to place the request's region under continents and the CNPR/CNHMT groups. */
  regions?: readonly RegionNode[];
  /** Replay nonces already seen. */
  seenNonces?: ReadonlySet<string>;
}

/** A rate threshold of this model: more than `requests` from one client IP within `seconds`. */
export interface RateThreshold {
  requests: number;
  seconds: number;
}

/** The thresholds each rate-based card applies, by level (a model: the spec names the levels, not the numbers). */
export const RATE_THRESHOLDS: {
  application_ddos_protection: Record<ProtectionLevel, RateThreshold>;
  ip_behavior_analysis: Record<ProtectionLevel, RateThreshold>;
  intelligent_protection: Record<IntelligentLevel, RateThreshold>;
} = {
  application_ddos_protection: { normal: { requests: 300, seconds: 10 }, strict: { requests: 100, seconds: 10 } },
  ip_behavior_analysis: { normal: { requests: 1200, seconds: 60 }, strict: { requests: 600, seconds: 60 } },
  intelligent_protection: {
    default: { requests: 600, seconds: 60 },
    normal: { requests: 300, seconds: 60 },
    strict: { requests: 120, seconds: 60 },
    captcha: { requests: 300, seconds: 60 },
  },
};

/** Real crawler User-Agent tokens per known bot category (lower case, matched as substrings). */
export const KNOWN_BOTS: Record<KnownBotCategory, readonly string[]> = {
  search_engine: ['googlebot', 'bingbot', 'baiduspider', 'yandexbot', 'sogou web spider', '360spider', 'duckduckbot', 'applebot', 'yisouspider'],
  monitoring: ['uptimerobot', 'pingdom', 'statuscake', 'site24x7', 'datadogsynthetics', 'newrelicpinger'],
  feed_reader: ['feedly', 'inoreader', 'newsblur', 'feedbin', 'feedfetcher-google'],
  ai_crawler: ['gptbot', 'chatgpt-user', 'oai-searchbot', 'claudebot', 'anthropic-ai', 'ccbot', 'perplexitybot', 'bytespider'],
  social_media: ['facebookexternalhit', 'twitterbot', 'linkedinbot', 'slackbot', 'whatsapp', 'telegrambot', 'discordbot'],
  other: ['ahrefsbot', 'semrushbot', 'mj12bot', 'dotbot', 'petalbot', 'rogerbot'],
};

/** User-Agents of HTTP libraries and automation: a client that names no bot but is not a browser. */
const AUTOMATION = ['curl/', 'wget/', 'python-requests', 'python-urllib', 'aiohttp', 'go-http-client', 'java/', 'okhttp', 'libwww-perl', 'scrapy', 'headlesschrome', 'phantomjs', 'httpclient', 'node-fetch', 'axios/'];

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const STOPPING: ReadonlySet<CardAction> = new Set(['block', 'ban', 'captcha', 'js_challenge', 'deny']);
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** Whether a path list entry covers the path (equal, or the path is below it). Both lower case. */
function covers(entry: string, path: string): boolean {
  const prefix = entry.trim().toLowerCase();
  if (prefix === '') return false;
  if (path === prefix || prefix === '/') return true;
  return path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

type PathScope = 'protected' | 'path-not-protected' | 'path-exception';

function pathScope(path: string, paths: readonly string[], exceptions: readonly string[], emptyMeansAll: boolean): PathScope {
  if (exceptions.some((entry) => covers(entry, path))) return 'path-exception';
  if (paths.length === 0) return emptyMeansAll ? 'protected' : 'path-not-protected';
  return paths.some((entry) => covers(entry, path)) ? 'protected' : 'path-not-protected';
}

function minutesOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** Whether the schedule holds at `now` (Beijing time, rules §9). Also answers the Beijing weekday and time it read. */
export function regionScheduleHolds(schedule: SecurityCardValues['region_block']['schedule'], now: number): { holds: boolean; weekday: number; time: string } {
  const beijing = new Date(now + BEIJING_OFFSET_MS);
  const weekday = beijing.getUTCDay() === 0 ? 7 : beijing.getUTCDay();
  const minute = beijing.getUTCHours() * 60 + beijing.getUTCMinutes();
  const time = `${String(beijing.getUTCHours()).padStart(2, '0')}:${String(beijing.getUTCMinutes()).padStart(2, '0')}`;
  if (schedule.always) return { holds: true, weekday, time };
  const start = minutesOf(schedule.start);
  const end = minutesOf(schedule.end);
  if (start === null || end === null) return { holds: false, weekday, time };
  const days = new Set(schedule.weekdays);
  const previous = weekday === 1 ? 7 : weekday - 1;
  const holds = start <= end ? days.has(weekday) && minute >= start && minute <= end : (days.has(weekday) && minute >= start) || (days.has(previous) && minute <= end);
  return { holds, weekday, time };
}

/** The host of an Origin or Referer value, lower case; null when it names none. */
function hostOfUrl(value: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value.trim());
  if (!match) return null;
  const host = match[1]!.replace(/^[^@]*@/, '').toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon > 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}

/** The bot a User-Agent names: a known category and the token, `unknown`, or a browser. */
export function classifyUserAgent(userAgent: string | undefined): { kind: 'known'; category: KnownBotCategory; name: string } | { kind: 'unknown'; name: string } | { kind: 'browser' } {
  const text = (userAgent ?? '').trim().toLowerCase();
  if (text === '') return { kind: 'unknown', name: '' };
  for (const [category, names] of Object.entries(KNOWN_BOTS) as [KnownBotCategory, readonly string[]][]) {
    const name = names.find((token) => text.includes(token));
    if (name) return { kind: 'known', category, name };
  }
  const automation = AUTOMATION.find((token) => text.includes(token));
  if (automation) return { kind: 'unknown', name: automation.replace(/\/$/, '') };
  // Generic crawler words of bots not on the list still count as bots, of the `other` category.
  const generic = /\b([a-z0-9_-]*(?:bot|crawler|spider))\b/.exec(text);
  if (generic) return { kind: 'known', category: 'other', name: generic[1]! };
  return text.startsWith('mozilla/') ? { kind: 'browser' } : { kind: 'unknown', name: text.split(/[\s/]/)[0] ?? '' };
}

function verdict(card: SecurityCardName, enabled: boolean, fields: Partial<Omit<SecurityCardVerdict, 'card' | 'enabled'>> & { reason: CardReason }): SecurityCardVerdict {
  const action = fields.action ?? 'none';
  return { card, enabled, matched: fields.matched ?? false, decided: fields.decided ?? true, action, stops: fields.stops ?? STOPPING.has(action), reason: fields.reason };
}

/** Evaluates one request against the cards; see the module comment for every reading. */
export function evaluateSecurityCards(cards: SecurityCardValues, request: SampleRequest, context: SecurityCardsContext): SecurityCardVerdict[] {
  const view = viewRequest(request);
  const path = (view.observe('url') as { values: string[] }).values[0] ?? '/';
  const header = (name: string): string | undefined => {
    const found = (request.headers ?? []).find((entry) => entry.name.trim().toLowerCase() === name);
    return found === undefined ? undefined : found.value.trim();
  };
  const param = (name: string): string | undefined => {
    const observed = view.observe('request-parameter', name);
    return 'values' in observed ? observed.values[0] : undefined;
  };
  const hostObserved = view.observe('domain');
  const host = 'values' in hostObserved ? hostObserved.values[0] ?? '' : '';
  const method = request.method.trim().toLowerCase();
  const nowSeconds = Math.floor(context.now / 1000);

  const decide: { [N in SecurityCardName]: (value: SecurityCardValues[N]) => SecurityCardVerdict } = {
    region_block: (value) => {
      const card = 'region_block';
      const schedule = regionScheduleHolds(value.schedule, context.now);
      if (!schedule.holds) return verdict(card, true, { reason: { code: 'region-outside-schedule', values: { weekday: schedule.weekday, time: schedule.time } } });
      const region = request.region?.trim().toUpperCase();
      if (!region) return verdict(card, true, { decided: false, reason: { code: 'region-unknown' } });
      let undecided: string | null = null;
      for (const target of value.regions) {
        const outcome = regionMatches(region, target.trim().toUpperCase(), context.regions ?? []);
        if (outcome === 'match') return verdict(card, true, { matched: true, action: value.mode, reason: { code: 'region-listed', values: { region, target } } });
        if (outcome === 'unknown') undecided ??= target;
      }
      if (undecided !== null) return verdict(card, true, { decided: false, reason: { code: 'region-undecided', values: { region, target: undecided } } });
      return verdict(card, true, { reason: { code: 'region-not-listed', values: { region } } });
    },
    visitor_authentication: (value) => {
      const card = 'visitor_authentication';
      const scope = pathScope(path, value.paths, [], true);
      if (scope !== 'protected') return verdict(card, true, { reason: { code: scope } });
      if (value.key === '') return verdict(card, true, { decided: false, reason: { code: 'no-key' } });
      const token = header(value.header.trim().toLowerCase());
      if (token === undefined || token === '') return verdict(card, true, { matched: true, action: 'block', reason: { code: 'token-missing', values: { header: value.header } } });
      const check = verifyVisitorToken(value.key, token, nowSeconds);
      const values = { header: value.header, ...(check.skew === undefined ? {} : { skew: check.skew }) };
      if (check.verdict === 'ok') return verdict(card, true, { reason: { code: 'token-ok', values } });
      return verdict(card, true, { matched: true, action: 'block', reason: { code: `token-${check.verdict}`, values } });
    },
    referer_hotlink: (value) => {
      const card = 'referer_hotlink';
      const referer = header('referer');
      if (referer === undefined || referer === '') {
        return value.allow_empty ? verdict(card, true, { reason: { code: 'referer-empty-allowed' } }) : verdict(card, true, { matched: true, action: 'block', reason: { code: 'referer-empty-refused' } });
      }
      const refererHost = hostOfUrl(referer) ?? '';
      if (refererHost !== '' && refererHost === host) return verdict(card, true, { reason: { code: 'referer-own-host', values: { host: refererHost } } });
      const listed = value.domains.find((domain) => refererHost !== '' && domainMatches(refererHost, domain.trim().toLowerCase()));
      const refused = value.list_type === 'allow' ? listed === undefined : listed !== undefined;
      const reason: CardReason = { code: listed === undefined ? 'referer-not-listed' : 'referer-listed', values: { host: refererHost, list: value.list_type, ...(listed ? { domain: listed } : {}) } };
      return refused ? verdict(card, true, { matched: true, action: 'block', reason }) : verdict(card, true, { reason });
    },
    replay_protection: (value) => {
      const card = 'replay_protection';
      const scope = pathScope(path, value.paths, value.exception_paths, true);
      if (scope !== 'protected') return verdict(card, true, { reason: { code: scope } });
      const window = value.window_minutes;
      const action = value.action;
      const timestampText = header('x-timestamp') ?? param('timestamp');
      const nonce = header('x-nonce') ?? param('nonce');
      if (!timestampText || !nonce || !/^\d{1,12}$/.test(timestampText)) return verdict(card, true, { matched: true, action, reason: { code: 'replay-missing', values: { window } } });
      const skew = nowSeconds - Number(timestampText);
      if (Math.abs(skew) > window * 60) return verdict(card, true, { matched: true, action, reason: { code: 'replay-outside-window', values: { window, skew } } });
      if (context.seenNonces?.has(nonce)) return verdict(card, true, { matched: true, action, reason: { code: 'replay-nonce-seen', values: { window, nonce } } });
      return verdict(card, true, { reason: { code: 'replay-fresh', values: { window, skew } } });
    },
    csrf: (value) => {
      const card = 'csrf';
      if (!UNSAFE_METHODS.has(method)) return verdict(card, true, { reason: { code: 'csrf-safe-method', values: { method: method.toUpperCase() } } });
      const scope = pathScope(path, value.paths, value.exception_paths, false);
      if (scope !== 'protected') return verdict(card, true, { reason: { code: scope } });
      const source = header('origin') || header('referer');
      if (!source) return verdict(card, true, { matched: true, action: value.mode, reason: { code: 'csrf-no-origin' } });
      const sourceHost = hostOfUrl(source) ?? '';
      if (sourceHost !== '' && sourceHost === host) return verdict(card, true, { reason: { code: 'csrf-same-origin', values: { host: sourceHost } } });
      return verdict(card, true, { matched: true, action: value.mode, reason: { code: 'csrf-cross-origin', values: { host: sourceHost, expected: host } } });
    },
    cloud_waf: () => verdict('cloud_waf', true, { decided: false, reason: { code: 'see-waf-step' } }),
    webshell_detection: (value) => verdict('webshell_detection', true, { decided: false, reason: { code: 'needs-body', values: { mode: value.mode } } }),
    bot_management: (value) => {
      const card = 'bot_management';
      const bot = classifyUserAgent(header('user-agent'));
      if (bot.kind === 'browser') return verdict(card, true, { reason: { code: 'bot-browser' } });
      if (bot.kind === 'known') {
        const action = value.known_bots[bot.category];
        return verdict(card, true, { matched: true, action, reason: { code: 'bot-known', values: { category: bot.category, name: bot.name } } });
      }
      return verdict(card, true, { matched: true, action: value.unknown_bot_action, reason: { code: 'bot-unknown', values: { name: bot.name } } });
    },
    ip_behavior_analysis: (value) => {
      const threshold = RATE_THRESHOLDS.ip_behavior_analysis[value.level];
      return verdict('ip_behavior_analysis', true, { decided: false, reason: { code: 'rate-based', values: { ...threshold, level: value.level, mode: value.mode } } });
    },
    intelligent_protection: (value) => {
      const threshold = RATE_THRESHOLDS.intelligent_protection[value.level];
      return verdict('intelligent_protection', true, { decided: false, reason: { code: 'rate-based', values: { ...threshold, level: value.level, mode: value.level === 'captcha' ? 'captcha' : 'block' } } });
    },
    application_ddos_protection: (value) => {
      const threshold = RATE_THRESHOLDS.application_ddos_protection[value.level];
      const ban: Record<string, number> = value.mode === 'ban' ? { ban_seconds: value.ban_seconds } : {};
      return verdict('application_ddos_protection', true, { decided: false, reason: { code: 'rate-based', values: { ...threshold, level: value.level, mode: value.mode, ...ban } } });
    },
  };

  const verdicts: SecurityCardVerdict[] = [];
  let stopped = false;
  for (const { name } of SECURITY_CARDS) {
    const value = cards[name] as SecurityCardValues[typeof name] | undefined;
    const enabled = value?.enabled === true;
    if (stopped) {
      verdicts.push(verdict(name, enabled, { reason: { code: 'not-reached' } }));
      continue;
    }
    if (!enabled || value === undefined) {
      verdicts.push(verdict(name, false, { reason: { code: 'off' } }));
      continue;
    }
    const found = (decide[name] as (card: typeof value) => SecurityCardVerdict)(value);
    verdicts.push(found);
    if (found.stops) stopped = true;
  }
  return verdicts;
}
