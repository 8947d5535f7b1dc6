/**
 * The cache matcher: which cache rule a request falls under, what the edge and the browser keep and for how long, and
 * the cache key. The same code runs in the cache tester of `<ec-cache-rules>` and on the reference server.
 *
 * Evaluation model (stated in the editor): the built-in rules are checked first, then the domain's rules by priority
 * (1 first); the first enabled rule whose request rule and matching content both hold decides, and later rules are not
 * looked at; a suspended rule is skipped; when no rule holds, the default rule of rules §9 applies. Request rules use
 * the condition matcher of the WAF (`conditions.ts`) in three-valued logic, so a rule the tester cannot decide (a
 * pattern JavaScript cannot run, a field left out) is reported as undecided instead of guessed.
 *
 * TTLs, reading rules §9 "Default cache" as: only 200, 206 and 404 are ever cached by default; 404 for 10 s; 200 and
 * 206 for the origin's explicit lifetime (s-maxage, then max-age), else the Last-Modified heuristic, else 2 hours;
 * `no-store`, `no-cache` and `private` from the origin forbid caching. A matching cache rule decides 200 and 206
 * itself (by its mode) and error statuses through its error-cache rows, falling back to the default for errors it
 * does not list; other statuses are never cached. Nothing is kept longer than a year (rules §5).
 */
import { compilePcre } from './pcre-to-js.js';
import { allOf, evaluateCondition, type Outcome, type UnknownReason } from './conditions.js';
import { viewRequest, type SampleHeader } from './request.js';
import type { CacheRuleInput } from '../rules/cache.js';
import { splitMultiValue } from '../rules/multi-value.js';
import {
  CACHE_MAX_SECONDS,
  CACHE_TIME_UNIT_SECONDS,
  defaultCacheSeconds,
  lastModifiedHeuristicSeconds,
  type CacheTimeUnit,
} from '../rules/origin.js';

/** A request as the cache tester describes it, with what the origin answers. */
export interface CacheTestRequest {
  /** A whole URL (`https://www.example.com/a.js?v=1`) or a path and query (`/a.js?v=1`). */
  url: string;
  /** Default `GET`. */
  method?: string;
  /** Request headers; a `Host` header names the domain when the URL has none, a `Cookie` header adds cookies. */
  headers?: readonly SampleHeader[];
  /** Cookies as a Cookie header writes them: `a=1; b=2`. */
  cookies?: string;
  /** One of the device types (`pc`, `mobile`, `tablet`, `other`), for device conditions. */
  device_type?: string;
  /** The origin's status code; default 200. */
  status?: number | null;
  /** The origin's Cache-Control header, if it sends one. */
  cache_control?: string;
  /** Seconds between the origin's Last-Modified and now, if it sends one. */
  last_modified_age?: number | null;
}

/** A rule as the matcher reads it: a saved rule, a built-in one or a draft. */
export interface CacheMatchRule extends CacheRuleInput {
  /** The domain whose cache a sharing rule uses (resolved from `share_domain_id`); null when it does not share. */
  share_domain?: string | null;
}

/** What evaluation needs besides the rules. */
export interface CacheContext {
  /** The domain the rules belong to: the host of a path-only URL, and of the cache key. */
  domain: string;
  /** The domain's browser_cache group: off passes the origin's Cache-Control on whatever the rules say. */
  browserCache: 'on' | 'off';
  /** Evaluate nested unbounded repetition in patterns (only under a time limit). */
  allowNestedQuantifiers?: boolean;
}

/** Which list a rule is in. */
export type CacheRuleList = 'built-in' | 'custom';

/** One rule's result. */
export interface CacheRuleResult {
  list: CacheRuleList;
  /** Position in its list, 0-based (priority − 1 for custom rules). */
  index: number;
  /** Both parts together; `suspended` rules are skipped (their parts are still shown). */
  outcome: Outcome | 'suspended';
  /** The request rule (always `match` for all requests). */
  request: Outcome;
  /** The cache type's matching content. */
  content: Outcome;
  /** Why a part is unknown. */
  reasons: UnknownReason[];
}

/** Why the edge keeps a response for as long as it does, or not at all. */
export type EdgeReason =
  | 'rule-ttl'
  | 'origin-header'
  | 'heuristic'
  | 'default-status'
  | 'error-row'
  | 'no-cache-rule'
  | 'origin-forbids'
  | 'status-not-cached'
  | 'ttl-zero';

/** The edge's verdict. */
export interface EdgeVerdict {
  cached: boolean;
  /** Seconds the edge keeps the response; 0 when not cached. */
  seconds: number;
  reason: EdgeReason;
}

/** What the browser is told: the rule's max-age, or the origin's Cache-Control passed on (null: it sent no lifetime). */
export interface BrowserVerdict {
  source: 'rule' | 'origin';
  seconds: number | null;
}

/** The cache key of a cached response. */
export interface CacheKey {
  host: string;
  path: string;
  /** The query string as the key keeps it, without `?`. */
  query: string;
  /** `name=value` of each cookie the key keeps. */
  cookies: string[];
  /** Host, path and query in one line. */
  text: string;
}

/** The whole result. */
export interface CacheEvaluation {
  rules: CacheRuleResult[];
  /** The rule that decides: its list and position, or the default rule. */
  decision: { list: CacheRuleList | 'default'; index: number | null };
  /** Rules before the deciding one that the tester could not decide: any of them might apply instead. */
  undecided: CacheRuleResult[];
  edge: EdgeVerdict;
  browser: BrowserVerdict;
  /** Null when the response is not cached. */
  key: CacheKey | null;
}

/** The request as the cache rules read it. */
interface ParsedRequest {
  host: string;
  /** As sent (percent-encoded). */
  rawPath: string;
  /** Decoded. */
  path: string;
  query: string;
  cookies: Map<string, string>;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** True when the tester's URL can be read (a path, or an http(s) URL). */
export function isTestableUrl(url: string): boolean {
  return parseUrl(url, 'example.com') !== null;
}

function parseUrl(url: string, domain: string): URL | null {
  const text = url.trim();
  if (text === '') return null;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (absolute && !/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(absolute ? text : `http://${domain}${text.startsWith('/') ? '' : '/'}${text}`);
  } catch {
    return null;
  }
}

function parseCookies(request: CacheTestRequest): Map<string, string> {
  const sources = [request.cookies ?? '', ...(request.headers ?? []).filter((header) => header.name.trim().toLowerCase() === 'cookie').map((header) => header.value)];
  const cookies = new Map<string, string>();
  for (const pair of sources.join(';').split(';')) {
    const equals = pair.indexOf('=');
    const name = (equals >= 0 ? pair.slice(0, equals) : pair).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, equals >= 0 ? pair.slice(equals + 1).trim() : '');
  }
  return cookies;
}

function parseRequest(request: CacheTestRequest, domain: string): ParsedRequest | null {
  const url = parseUrl(request.url, domain);
  if (url === null) return null;
  const absolute = /^https?:\/\//i.test(request.url.trim());
  const hostHeader = (request.headers ?? []).find((header) => header.name.trim().toLowerCase() === 'host')?.value.trim();
  const host = (absolute ? url.hostname : hostHeader ? hostHeader.replace(/:\d+$/, '') : domain).toLowerCase();
  return { host, rawPath: url.pathname, path: decode(url.pathname), query: url.search.replace(/^\?/, ''), cookies: parseCookies(request) };
}

const bool = (value: boolean): Outcome => (value ? 'match' : 'no-match');

/** The matching content of a rule against the request. */
function contentOutcome(rule: CacheMatchRule, request: ParsedRequest, context: CacheContext, reasons: UnknownReason[]): Outcome {
  const fold = (text: string) => (rule.ignore_case ? text.toLowerCase() : text);
  const entries = splitMultiValue(rule.match_content);
  const path = fold(request.path);
  switch (rule.match_type) {
    case 'extension': {
      const segment = path.slice(path.lastIndexOf('/') + 1);
      const dot = segment.lastIndexOf('.');
      const extension = dot > 0 ? segment.slice(dot + 1) : '';
      return bool(extension !== '' && entries.some((entry) => fold(entry.replace(/^\./, '')) === extension));
    }
    case 'path':
      return bool(entries.some((entry) => path.startsWith(fold(entry))));
    case 'exact':
      return bool(entries.some((entry) => path === fold(entry)));
    case 'fuzzy': {
      const outcomes = entries.map((pattern): Outcome => {
        const compiled = compilePcre(pattern, { allowNestedQuantifiers: context.allowNestedQuantifiers });
        if ('construct' in compiled) {
          reasons.push({ kind: 'regex', pattern, construct: compiled.construct, offset: compiled.offset });
          return 'unknown';
        }
        return bool(compiled.regex.test(request.path));
      });
      return outcomes.includes('match') ? 'match' : outcomes.includes('unknown') ? 'unknown' : 'no-match';
    }
    case 'guest':
      return bool(!entries.some((name) => request.cookies.has(name)));
  }
}

/** The origin's Cache-Control, read for the edge (s-maxage first) and for the browser (max-age). */
export interface OriginLifetime {
  /** `no-store`, `no-cache` or `private`. */
  forbids: boolean;
  edge: number | null;
  browser: number | null;
}

/** Reads a Cache-Control header. */
export function parseCacheControl(header: string | undefined): OriginLifetime {
  const directives = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [name, value = ''] = part.split('=').map((text) => text.trim());
    if (name) directives.set(name.toLowerCase(), value.replace(/^"|"$/g, ''));
  }
  const seconds = (name: string): number | null => {
    const value = directives.get(name);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
  };
  const forbids = ['no-store', 'no-cache', 'private'].some((name) => directives.has(name));
  const maxAge = seconds('max-age');
  return { forbids, edge: seconds('s-maxage') ?? maxAge, browser: forbids ? 0 : maxAge };
}

function ttlSeconds(value: number | string, unit: CacheTimeUnit): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed > 0 ? Math.min(CACHE_MAX_SECONDS, Math.floor(parsed) * CACHE_TIME_UNIT_SECONDS[unit]) : 0;
}

function kept(seconds: number, reason: EdgeReason): EdgeVerdict {
  const capped = Math.min(CACHE_MAX_SECONDS, seconds);
  return capped > 0 ? { cached: true, seconds: capped, reason } : { cached: false, seconds: 0, reason: 'ttl-zero' };
}

const notKept = (reason: EdgeReason): EdgeVerdict => ({ cached: false, seconds: 0, reason });

/** Statuses whose lifetime a cache rule's edge TTL decides (the cacheable successes of rules §9). */
const RULE_TTL_STATUSES: readonly number[] = [200, 206];

/** The default rule of rules §9 for a response. */
export function defaultEdgeVerdict(status: number, origin: OriginLifetime, lastModifiedAge: number | null | undefined): EdgeVerdict {
  const fixed = defaultCacheSeconds(status);
  if (fixed === 0) return notKept('status-not-cached');
  if (origin.forbids) return notKept('origin-forbids');
  if (!RULE_TTL_STATUSES.includes(status)) return kept(fixed, 'default-status');
  if (origin.edge !== null) return kept(origin.edge, 'origin-header');
  if (lastModifiedAge !== null && lastModifiedAge !== undefined) return kept(lastModifiedHeuristicSeconds(lastModifiedAge), 'heuristic');
  return kept(fixed, 'default-status');
}

function ruleEdgeVerdict(rule: CacheMatchRule, status: number, origin: OriginLifetime, lastModifiedAge: number | null | undefined): EdgeVerdict {
  if (rule.action === 'no-cache') return notKept('no-cache-rule');
  if (status >= 400 && status <= 599) {
    const row = rule.error_cache.find((entry) => Number(entry.code) === status);
    return row ? kept(ttlSeconds(row.ttl, row.unit), 'error-row') : defaultEdgeVerdict(status, origin, lastModifiedAge);
  }
  if (!RULE_TTL_STATUSES.includes(status)) return notKept('status-not-cached');
  if (rule.mode === 'follow-origin') return defaultEdgeVerdict(status, origin, lastModifiedAge);
  const own = ttlSeconds(rule.edge_ttl, rule.edge_ttl_unit);
  if (rule.mode === 'override') return kept(own, 'rule-ttl');
  if (origin.forbids) return notKept('origin-forbids');
  return origin.edge !== null ? kept(origin.edge, 'origin-header') : kept(own, 'rule-ttl');
}

/** Splits a query into `name=value` pairs as sent, with each decoded name. */
function queryPairs(query: string): { name: string; pair: string }[] {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => ({ name: decode((pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : pair).replace(/\+/g, ' ')), pair }));
}

/** The cache key of a request under a rule (the default rule keeps host, path and the whole query as sent). */
function cacheKey(rule: CacheMatchRule | null, request: ParsedRequest): CacheKey {
  const fold = (text: string) => (rule?.ignore_case ? text.toLowerCase() : text);
  const host = (rule?.share_domain || request.host).toLowerCase();
  const path = fold(request.rawPath);
  let pairs = queryPairs(request.query);
  if (rule) {
    const listed = new Set(splitMultiValue(rule.query_params).map(fold));
    if (rule.query_mode === 'ignore-all') pairs = [];
    if (rule.query_mode === 'keep') pairs = pairs.filter((entry) => listed.has(fold(entry.name)));
    if (rule.query_mode === 'ignore') pairs = pairs.filter((entry) => !listed.has(fold(entry.name)));
    // Code-unit order, the same in every runtime (localeCompare is not).
    if (rule.sort_query) pairs = [...pairs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.pair < b.pair ? -1 : a.pair > b.pair ? 1 : 0));
  }
  const query = pairs.map((entry) => fold(entry.pair)).join('&');
  const cookies =
    rule?.cookie_mode === 'keep'
      ? splitMultiValue(rule.cookie_names)
          .filter((name) => request.cookies.has(name))
          .map((name) => `${name}=${request.cookies.get(name)}`)
      : [];
  return { host, path, query, cookies, text: `${host}${path}${query ? `?${query}` : ''}` };
}

/**
 * Evaluates a request against the built-in rules and the domain's rules, in that order (see the module comment).
 * Answers null when the URL cannot be read.
 */
export function evaluateCache(
  builtIn: readonly CacheMatchRule[],
  custom: readonly CacheMatchRule[],
  request: CacheTestRequest,
  context: CacheContext,
): CacheEvaluation | null {
  const parsed = parseRequest(request, context.domain);
  if (parsed === null) return null;
  const view = viewRequest({
    method: request.method?.trim() || 'GET',
    url: request.url,
    host: parsed.host,
    headers: request.headers,
    client_ip: '',
    device_type: request.device_type,
  });
  const results: CacheRuleResult[] = [];
  const undecided: CacheRuleResult[] = [];
  let winner: { rule: CacheMatchRule; result: CacheRuleResult } | null = null;
  const lists: [CacheRuleList, readonly CacheMatchRule[]][] = [
    ['built-in', builtIn],
    ['custom', custom],
  ];
  const matchContext = { allowNestedQuantifiers: context.allowNestedQuantifiers };
  for (const [list, rules] of lists) {
    for (const [index, rule] of rules.entries()) {
      const reasons: UnknownReason[] = [];
      const conditions = rule.request_rule === 'custom' ? rule.conditions.map((condition) => evaluateCondition(condition, view, matchContext)) : [];
      for (const condition of conditions) reasons.push(...condition.reasons);
      const requestOutcome = allOf(conditions.map((condition) => condition.outcome));
      const content = contentOutcome(rule, parsed, context, reasons);
      const outcome = rule.status === 'suspended' ? 'suspended' : allOf([requestOutcome, content]);
      const result: CacheRuleResult = { list, index, outcome, request: requestOutcome, content, reasons: outcome === 'unknown' ? reasons : [] };
      results.push(result);
      // Every rule's outcome is shown; only those before the deciding one can be undecided.
      if (winner !== null) continue;
      if (outcome === 'match') winner = { rule, result };
      else if (outcome === 'unknown') undecided.push(result);
    }
  }
  const status = request.status ?? 200;
  const origin = parseCacheControl(request.cache_control);
  const edge = winner ? ruleEdgeVerdict(winner.rule, status, origin, request.last_modified_age) : defaultEdgeVerdict(status, origin, request.last_modified_age);
  const browser: BrowserVerdict =
    winner && context.browserCache === 'on' && winner.rule.browser_mode === 'override'
      ? { source: 'rule', seconds: ttlSeconds(winner.rule.browser_ttl, winner.rule.browser_ttl_unit) }
      : { source: 'origin', seconds: origin.browser };
  return {
    rules: results,
    decision: winner ? { list: winner.result.list, index: winner.result.index } : { list: 'default', index: null },
    undecided,
    edge,
    browser,
    key: edge.cached ? cacheKey(winner?.rule ?? null, parsed) : null,
  };
}
