/**
 * Bot classification (rules §6 "bot analytics", shell §2 `Bot`, `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`): one
 * module shared by the reference server, which counts bot traffic in the log store with the predicates below, and
 * the console, which names bots and their categories from the same catalogue.
 *
 * A request is one of three:
 * - a **known bot**: its user agent carries the token of a catalogue entry AND its address passes that vendor's
 *   verification: the address's reverse DNS name ends with one of the suffixes the vendor publishes, and that name
 *   resolves forward to the same address (the check the vendors themselves describe, e.g. Google's "Verifying
 *   Googlebot" page: reverse lookup, domain check, forward lookup);
 * - an **unknown bot**: a known bot's user agent from an address that fails the verification (a spoofed crawler), or
 *   any line the rules of {@link UNKNOWN_BOT_RULES} mark: an empty user agent, an automation library or command-line
 *   tool, a headless browser, a vulnerability scanner, a generic "bot/crawler/spider" word outside the catalogue, the
 *   TLS fingerprint (JA3) of an automation stack whatever the user agent claims, or an address whose request rate
 *   in a five-minute window passes {@link BOT_RATE_PER_FIVE_MINUTES};
 * - a **human** (browser or app) otherwise.
 *
 * The known-bot check wins over the unknown rules: a verified crawler is a known bot even when its TLS stack is a
 * library's. The same rules exist twice, as plain functions over one line ({@link classifyLine}, for tests and
 * single lines) and as log-store predicates ({@link botPredicates}, for counting millions of lines), built from the
 * same data so they cannot disagree.
 */
import type { LogPredicate } from './predicate.js';

/** What a known bot does (the report's pie of categories). */
export const BOT_CATEGORIES = ['search-engine', 'social-preview', 'monitoring'] as const;
export type BotCategory = (typeof BOT_CATEGORIES)[number];

/** One catalogue entry. */
export interface KnownBot {
  /** Stable id: the detail page's `:id` (`Bot/KnowDetail/googlebot`). */
  id: string;
  /** The product name, as the vendor writes it (not translated). */
  name: string;
  category: BotCategory;
  vendor: string;
  /** A case-sensitive substring of every user agent the vendor publishes for it. */
  token: string;
  /**
   * Reverse DNS suffixes (with the leading dot) the vendor documents for its crawler addresses: an address whose
   * PTR name ends with one of them, and resolves back to the address, is the vendor's.
   */
  reverseDns: readonly string[];
}

/**
 * The catalogue. Tokens and suffixes are the vendors' published ones (their webmaster documentation of the crawler
 * user agent and of "verify by reverse DNS"). Only bots whose vendor documents a reverse DNS check are listed, so
 * every known bot can be verified; a bot without one counts among the unknown ones (the stricter reading).
 */
export const KNOWN_BOTS: readonly KnownBot[] = [
  { id: 'googlebot', name: 'Googlebot', category: 'search-engine', vendor: 'Google', token: 'Googlebot', reverseDns: ['.googlebot.com', '.google.com'] },
  { id: 'bingbot', name: 'Bingbot', category: 'search-engine', vendor: 'Microsoft', token: 'bingbot', reverseDns: ['.search.msn.com'] },
  { id: 'baiduspider', name: 'Baiduspider', category: 'search-engine', vendor: 'Baidu', token: 'Baiduspider', reverseDns: ['.baidu.com', '.baidu.jp'] },
  { id: 'yandexbot', name: 'YandexBot', category: 'search-engine', vendor: 'Yandex', token: 'YandexBot', reverseDns: ['.yandex.ru', '.yandex.net', '.yandex.com'] },
  { id: 'sogou', name: 'Sogou web spider', category: 'search-engine', vendor: 'Sogou', token: 'Sogou web spider', reverseDns: ['.sogou.com'] },
  { id: 'applebot', name: 'Applebot', category: 'search-engine', vendor: 'Apple', token: 'Applebot', reverseDns: ['.applebot.apple.com'] },
  { id: 'petalbot', name: 'PetalBot', category: 'search-engine', vendor: 'Huawei', token: 'PetalBot', reverseDns: ['.petalsearch.com'] },
  { id: 'yahoo-slurp', name: 'Yahoo! Slurp', category: 'search-engine', vendor: 'Yahoo', token: 'Yahoo! Slurp', reverseDns: ['.crawl.yahoo.net'] },
  { id: 'twitterbot', name: 'Twitterbot', category: 'social-preview', vendor: 'X (Twitter)', token: 'Twitterbot', reverseDns: ['.twttr.com'] },
  { id: 'facebookexternalhit', name: 'facebookexternalhit', category: 'social-preview', vendor: 'Meta', token: 'facebookexternalhit', reverseDns: ['.fbsv.net'] },
  { id: 'pingdom', name: 'Pingdom', category: 'monitoring', vendor: 'SolarWinds Pingdom', token: 'Pingdom.com_bot', reverseDns: ['.pingdom.com'] },
];

/** The catalogue entry of an id, if any. */
export function knownBot(id: string): KnownBot | undefined {
  return KNOWN_BOTS.find((bot) => bot.id === id);
}

/** The catalogue entry whose token the user agent carries (the first in catalogue order), if any. */
export function knownBotOfAgent(userAgent: string): KnownBot | undefined {
  return KNOWN_BOTS.find((bot) => userAgent.includes(bot.token));
}

/** Why a line counts as an unknown bot. */
export const UNKNOWN_BOT_REASONS = ['spoofed', 'empty-agent', 'automation', 'headless', 'scanner', 'bot-word', 'tool-fingerprint', 'rate'] as const;
export type UnknownBotReason = (typeof UNKNOWN_BOT_REASONS)[number];

/** A user-agent rule: case-sensitive substrings (the spelling the tools send). */
interface AgentRule {
  reason: Extract<UnknownBotReason, 'automation' | 'headless' | 'scanner'>;
  tokens: readonly string[];
}

/**
 * User-agent rules of unknown bots. Tokens are the default user agents the libraries and tools send (`curl/8.5.0`,
 * `python-requests/2.32.3`, `Go-http-client/1.1`, `sqlmap/1.8.4#stable`...), matched as substrings.
 */
export const UNKNOWN_BOT_RULES: readonly AgentRule[] = [
  {
    reason: 'automation',
    tokens: [
      'curl/',
      'Wget/',
      'python-requests/',
      'Python-urllib/',
      'python-httpx/',
      'aiohttp/',
      'Go-http-client/',
      'okhttp/',
      'Java/',
      'Apache-HttpClient/',
      'libwww-perl/',
      'PostmanRuntime/',
      'node-fetch',
      'axios/',
      'Scrapy/',
    ],
  },
  { reason: 'headless', tokens: ['HeadlessChrome', 'PhantomJS', 'Selenium', 'puppeteer'] },
  { reason: 'scanner', tokens: ['sqlmap', 'Nikto', 'zgrab', 'masscan', 'Nmap Scripting Engine', 'Nuclei', 'WPScan', 'gobuster', 'DirBuster', 'Acunetix', 'Nessus'] },
];

/**
 * A generic crawler word outside the catalogue (`SomeBot/1.0`, `MegaIndex crawler`): "bot" ending a word, "crawl",
 * "spider". Written without flags so the same pattern runs in JavaScript and in the stores' RE2 (DuckDB, ClickHouse).
 * "bot" must end a word so a phone maker such as "CUBOT" in a browser's user agent is not taken for one.
 */
export const BOT_WORD_PATTERN = '[Bb][Oo][Tt]\\b|[Cc]rawl|[Ss]pider';
const BOT_WORD = new RegExp(BOT_WORD_PATTERN);

/**
 * JA3 fingerprints of automation TLS stacks as the edge records them (curl on OpenSSL, Python's requests/urllib3,
 * Go's net/http, Scrapy/Twisted, the scanners' stack). A browser user agent over one of these is a tool in disguise.
 */
export const TOOL_JA3: readonly string[] = [
  '456523fc94726331a4d5a2e1d40b2cd7',
  '3e860202fc555b939e83e7a7ab518c38',
  'e7d705a3286e19ea42f587b344ee6865',
  '19e29534fd49dd27d09234e639c4057e',
];

/**
 * Requests from one address in a five-minute window above which it is a bot whatever it claims: 120 a minute held
 * for five minutes, far above a person clicking through pages (a browser's sub-requests of a page come in one burst,
 * not for minutes).
 */
export const BOT_RATE_PER_FIVE_MINUTES = 600;

/** The verdict on one reverse-then-forward lookup of an address. */
export interface AddressLookup {
  /** The PTR name of the address, or null when it has none. */
  name: string | null;
  /** Whether that name resolves back to the address. */
  confirmed: boolean;
}

/** Whether an address's lookup verifies it as the bot's (the vendor's suffix, confirmed forward). */
export function verifiesAs(bot: KnownBot, lookup: AddressLookup): boolean {
  if (!lookup.name || !lookup.confirmed) return false;
  const name = lookup.name.toLowerCase().replace(/\.$/, '');
  return bot.reverseDns.some((suffix) => name.endsWith(suffix));
}

/** What a line is. */
export type BotClass = 'human' | 'known' | 'unknown';

/** The verdict on one line. */
export type LineVerdict =
  | { class: 'human' }
  | { class: 'known'; bot: KnownBot }
  | { class: 'unknown'; reasons: UnknownBotReason[]; claims?: KnownBot };

/** What one line offers the rules. */
export interface LineFacts {
  userAgent: string;
  ja3: string;
  /** The address's lookup (only asked for lines that claim a known bot). */
  lookup: AddressLookup | null;
  /** The address passed the rate rule in the window. */
  rateExceeded?: boolean;
}

/** The unknown-bot reasons of a user agent and fingerprint (not the rate, which needs the address's history). */
export function agentReasons(userAgent: string, ja3: string): UnknownBotReason[] {
  const reasons: UnknownBotReason[] = [];
  const agent = userAgent;
  if (agent === '' || agent === '-') reasons.push('empty-agent');
  for (const rule of UNKNOWN_BOT_RULES) if (rule.tokens.some((token) => agent.includes(token))) reasons.push(rule.reason);
  if (agent !== '' && !knownBotOfAgent(agent) && BOT_WORD.test(agent)) reasons.push('bot-word');
  if (TOOL_JA3.includes(ja3)) reasons.push('tool-fingerprint');
  return reasons;
}

/** Classifies one line (the rules of this module's header, in their order). */
export function classifyLine(facts: LineFacts): LineVerdict {
  const claims = knownBotOfAgent(facts.userAgent);
  if (claims && facts.lookup && verifiesAs(claims, facts.lookup)) return { class: 'known', bot: claims };
  const reasons = agentReasons(facts.userAgent, facts.ja3);
  if (facts.rateExceeded) reasons.push('rate');
  if (claims) return { class: 'unknown', reasons: ['spoofed', ...reasons], claims };
  return reasons.length > 0 ? { class: 'unknown', reasons } : { class: 'human' };
}

// ── Store predicates ────────────────────────────────────────────────────────────────────────────────────────────

/** Lines whose user agent carries a bot's token. */
export function claimsPredicate(bot: KnownBot): LogPredicate {
  return { op: 'contains', field: 'user_agent', value: bot.token };
}

/** Lines whose user agent carries any catalogue token. */
export function claimsAnyPredicate(): LogPredicate {
  return { op: 'or', items: KNOWN_BOTS.map(claimsPredicate) };
}

/** What the predicates need to know that the lines alone do not say. */
export interface BotEvidence {
  /** Addresses verified as each bot's (by bot id); a bot not listed has none. */
  verified: ReadonlyMap<string, readonly string[]>;
  /** Addresses that passed the rate rule in the range. */
  rateAddresses: readonly string[];
}

/** The predicates of the three classes and of each bot, for the store. */
export interface BotPredicates {
  known: LogPredicate;
  unknown: LogPredicate;
  /** Any bot, known or unknown. */
  bot: LogPredicate;
  /** A known bot's verified lines. */
  knownBot(bot: KnownBot): LogPredicate;
  /** Lines claiming a known bot from an address that failed its verification. */
  spoofed(bot: KnownBot): LogPredicate;
}

/** The unknown-bot rules on the user agent alone (without the fingerprint, the spoofed and the rate rules). */
function agentOnlyRules(): LogPredicate {
  const tokens = UNKNOWN_BOT_RULES.flatMap((rule) => rule.tokens);
  return {
    op: 'or',
    items: [
      { op: 'in', field: 'user_agent', values: ['', '-'] },
      ...tokens.map((token): LogPredicate => ({ op: 'contains', field: 'user_agent', value: token })),
      { op: 'and', items: [{ op: 'not', item: claimsAnyPredicate() }, { op: 'regex', field: 'user_agent', pattern: BOT_WORD_PATTERN }] },
    ],
  };
}

/**
 * A condition on the user agent alone, tested once per distinct user agent of the range rather than once per line
 * (issue 25: the rules below are some sixty substring tests; the store's `per-value`).
 */
function perAgent(item: LogPredicate): LogPredicate {
  return { op: 'per-value', field: 'user_agent', item };
}

/** Lines whose user agent carries any catalogue token, tested once per distinct user agent (the claimed bots' read). */
export function claimsAnyAgentPredicate(): LogPredicate {
  return perAgent(claimsAnyPredicate());
}

/** Builds the class predicates from the evidence gathered for a range (see the module header for the rules). */
export function botPredicates(evidence: BotEvidence): BotPredicates {
  const knownBotPredicate = (bot: KnownBot): LogPredicate => ({
    op: 'and',
    items: [claimsPredicate(bot), { op: 'in', field: 'client_ip', values: [...(evidence.verified.get(bot.id) ?? [])] }],
  });
  const known: LogPredicate = { op: 'or', items: KNOWN_BOTS.filter((bot) => (evidence.verified.get(bot.id)?.length ?? 0) > 0).map(knownBotPredicate) };
  // One test per distinct user agent for every user agent rule (claims and unknown-bot rules together).
  const suspicious: LogPredicate = {
    op: 'or',
    items: [
      perAgent({ op: 'or', items: [claimsAnyPredicate(), agentOnlyRules()] }),
      { op: 'in', field: 'ja3', values: [...TOOL_JA3] },
      { op: 'in', field: 'client_ip', values: [...evidence.rateAddresses] },
    ],
  };
  const unknown: LogPredicate = { op: 'and', items: [{ op: 'not', item: known }, suspicious] };
  return {
    known,
    unknown,
    bot: { op: 'or', items: [known, suspicious] },
    knownBot: knownBotPredicate,
    spoofed: (bot) => ({ op: 'and', items: [claimsPredicate(bot), { op: 'not', item: knownBotPredicate(bot) }] }),
  };
}

// ── Unknown bot signatures ──────────────────────────────────────────────────────────────────────────────────────

/** What an unknown bot is recognised by in the report: its user agent or its TLS fingerprint. */
export type SignatureKind = 'ua' | 'ja3';

/** An unknown bot signature: its kind and value. */
export interface BotSignature {
  kind: SignatureKind;
  value: string;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Longest user agent a signature id carries (the store keeps longer ones, but no tool sends one). */
export const SIGNATURE_AGENT_MAX = 512;

/**
 * The detail page id of a signature (`Bot/UnknowDetail/:id`): `ja3-<hash>` or `ua-<base64url of the user agent>`,
 * safe in a path segment and reversible, so the page needs no stored list of signatures.
 */
export function signatureId(signature: BotSignature): string {
  return signature.kind === 'ja3' ? `ja3-${signature.value}` : `ua-${toBase64Url(signature.value)}`;
}

/** The signature an id names, or null when it names none. */
export function parseSignatureId(id: string): BotSignature | null {
  if (id.startsWith('ja3-')) {
    const value = id.slice(4);
    return /^[0-9a-f]{32}$/.test(value) ? { kind: 'ja3', value } : null;
  }
  if (id.startsWith('ua-')) {
    const value = fromBase64Url(id.slice(3));
    return value !== null && value.length <= SIGNATURE_AGENT_MAX ? { kind: 'ua', value } : null;
  }
  return null;
}

/** The lines of a signature. */
export function signaturePredicate(signature: BotSignature): LogPredicate {
  return { op: 'compare', field: signature.kind === 'ja3' ? 'ja3' : 'user_agent', operator: '=', value: signature.value };
}
