/**
 * The request trace (issue 20 "beyond every peer"): one request run, step by step, through a domain's configuration
 * as it stands in the console, unsaved drafts included, with the same matchers the edge's other testers use (the WAF
 * matcher of core/match/rule-set.ts, the cache matcher of core/match/cache.ts, the condition matcher of
 * core/match/conditions.ts). It runs in the browser on the draft configuration and in node for tests and the bench;
 * it never changes what it is given and never throws on a request, however hostile: bad input answers field issues.
 *
 * The order of the steps (each says what matched, why, and the result; a step that ends the request stops the trace,
 * and the steps after it are listed as not reached):
 * 1. HTTP to HTTPS redirect (`https` group).
 * 2. Redirects (`upstream_redirect`): the first rule whose port and path prefix hold.
 * 3. Mobile redirect (`mobile_jump`).
 * 4. URI rewrite (`upstream_uri_change`): the first rule by priority that matches; later steps see the new URI.
 * 5. Protection cards (issue 22): every card of the domain's effective security policy, in SECURITY_CARDS order, with
 *    core/match/security-cards.ts; the first card whose action answers the visitor ends the trace. Left out when the
 *    cards could not be read (the step says so and the trace goes on).
 * 6. WAF: the rule sets the domain quotes, in order; a rule that blocks, bans, challenges or redirects ends the trace.
 * 7. Cache (`cdn_advance_cache`): built-in rules, the domain's rules, or the default rule; TTLs and the cache key.
 * 8. Origin: conditional origins first, then the origin lines, with health states, priority and weights.
 * 9. Request headers added for the origin (`req_headers`).
 * 10. Response headers added (`resp_headers`, and HSTS from the `https` group).
 * 11. The error page that would answer (`custom_page`), for the origin's status or a 502 when no origin is left.
 *
 * Readings where the spec says less than a trace needs (each the stricter or the more common one):
 * - The WAF and conditional origins read the visitor's request as sent (their rules are written against it, and the
 *   WAF rule tester does the same); the cache and the origin read the rewritten URI (rewrite comes first, issue 20).
 * - URI rewrite methods: `exact` replaces a path equal to the original URI; `prefix` replaces any path starting with
 *   it by the rewrite URI; `path-replacement` swaps the leading directory and keeps the rest; `uri-overwrite`
 *   replaces a path equal to the original URI and its query by the rewrite URI's.
 * - A redirect rule with source port 0 holds for every port; its target gets the rest of the path after the source
 *   path, and the query.
 * - "Special browsers" (shell §3 https redirect) are browsers that say so in their User-Agent (`Mozilla/`): API
 *   clients and crawlers keep plain HTTP.
 * - An origin entry serves the requests that arrive on its listening port with its listening protocol.
 * - Health states count only while the health check or the probe is on; `unhealthy` and `blocked` origins are out.
 * - Round-robin and sticky cookie share requests by weight (the trace names the largest share as the likely one);
 *   IP hash places the client IP with a stable hash of this model (the edge's own hash may differ).
 */
import type { CacheMatchRule, CacheEvaluation, CacheKey, EdgeVerdict, BrowserVerdict } from '../match/cache.js';
import { evaluateCache } from '../match/cache.js';
import { allOf, evaluateCondition, type Outcome } from '../match/conditions.js';
import { viewRequest, type SampleHeader, type SampleRequest } from '../match/request.js';
import { evaluateRuleSet, type MatchRule } from '../match/rule-set.js';
import { evaluateSecurityCards, type CardAction, type SecurityCardVerdict } from '../match/security-cards.js';
import type { SecurityCardName, SecurityCardValues } from '../security/cards.js';
import type { RegionNode } from '../match/values.js';
import { validateIp } from '../rules/ip.js';
import { issue, onField, type FieldIssue } from '../rules/types.js';
import type { WafActionType } from '../rules/waf-actions.js';
import type { SettingsGroupValues } from './catalogue.js';
import type { OriginHealthState } from './origin.js';
import type { RedirectRule } from './https.js';
import type { HeaderRule } from './performance.js';

// ── Input ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** A WAF rule as the trace reads it: the matcher's rule with the ID users quote. */
export interface TraceWafRule extends MatchRule {
  code: string;
  remark?: string;
}

/** A rule set the domain quotes, with its rules by priority. */
export interface TraceWafSet {
  id: number;
  name: string;
  rules: readonly TraceWafRule[];
}

/** The configuration a request is traced through. Groups left out count as not configured. */
export interface TraceConfiguration {
  /** The domain's name: the host of a path-only URL. */
  domain: string;
  groups: Partial<SettingsGroupValues>;
  /** The cache groups; null when they could not be read. */
  cache: { builtIn: readonly CacheMatchRule[]; rules: readonly CacheMatchRule[]; browserCache: 'on' | 'off' } | null;
  /** The rule sets the domain quotes, in the order the edge runs them. */
  waf: readonly TraceWafSet[];
  /** The IP region tree, for region conditions. */
  regions?: readonly RegionNode[];
  /**
   * The protection cards of the domain's effective security policy (issue 22); left out or null when they could not
   * be read: the security step then says so and lets the request on.
   */
  security?: SecurityCardValues | null;
  /** Now, milliseconds since the epoch (the region block schedule, visitor tokens, replay windows); default the clock. */
  now?: number;
}

/** The request to trace. */
export interface TraceRequest {
  /** A whole http(s) URL, or a path on the domain (`/a.js?v=1`, plain HTTP). */
  url: string;
  /** Default GET. */
  method?: string;
  headers?: readonly SampleHeader[];
  client_ip: string;
  /** A key of the IP region tree (`CN-GD`, `US`); left out: region conditions are undecided. */
  region?: string;
  /** What the origin answers, default 200 (for the cache TTL and the error page). */
  status?: number;
}

/** Limits that keep a hostile request from stalling the page (the edge's own limits are of the same order). */
export const TRACE_LIMITS = { urlLength: 8192, headers: 100, headerBytes: 65_536 } as const;

// ── Output ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const TRACE_STEPS = [
  'https-redirect',
  'redirect',
  'mobile-redirect',
  'rewrite',
  'security',
  'waf',
  'cache',
  'origin',
  'request-headers',
  'response-headers',
  'error-page',
] as const;
export type TraceStepName = (typeof TRACE_STEPS)[number];

/**
 * What a step did: `applied` (it matched and changed or decided something), `passed` (nothing of it applies),
 * `stopped` (it answers the visitor: the steps after it are not reached), `not-reached`.
 */
export type StepStatus = 'applied' | 'passed' | 'stopped' | 'not-reached';

export interface HttpsRedirectStep {
  step: 'https-redirect';
  status: Exclude<StepStatus, 'not-reached'>;
  reason: 'https-off' | 'redirect-off' | 'already-https' | 'all' | 'special-browser' | 'not-special-browser';
  /** Where the visitor is sent (301). */
  location?: string;
}

export interface RedirectStep {
  step: 'redirect';
  status: Exclude<StepStatus, 'not-reached'>;
  reason: 'off' | 'no-rule' | 'rule';
  rule?: { index: number } & RedirectRule;
  /** The redirect's Location, or the URL implicit forwarding serves. */
  location?: string;
}

export interface MobileRedirectStep {
  step: 'mobile-redirect';
  status: Exclude<StepStatus, 'not-reached'>;
  reason: 'off' | 'not-mobile' | 'mobile';
  location?: string;
}

export interface RewriteStep {
  step: 'rewrite';
  status: Exclude<StepStatus, 'not-reached'>;
  reason: 'off' | 'no-rule' | 'rule';
  rule?: { index: number; priority: number; method: string; source: string; target: string };
  /** Path and query before and after. */
  from: string;
  to: string;
}

/** The protection cards' verdicts (core/match/security-cards.ts), every card in order. */
export interface SecurityStep {
  step: 'security';
  status: Exclude<StepStatus, 'not-reached'>;
  /**
   * `not-read`: the cards could not be read; `none-enabled`: every card is off; `stopped`: a card answers the visitor;
   * `observed`: cards matched and only recorded or allowed; `passed`: no card matched.
   */
  reason: 'not-read' | 'none-enabled' | 'stopped' | 'observed' | 'passed';
  verdicts: SecurityCardVerdict[];
  /** The card that ended the request. */
  stoppedBy?: SecurityCardVerdict;
}

/** A WAF rule the trace names. */
export interface WafRuleRef {
  set_id: number;
  set_name: string;
  /** 0-based position in its set (priority − 1). */
  index: number;
  id?: number;
  code: string;
  action: WafActionType;
}

export interface WafStep {
  step: 'waf';
  status: Exclude<StepStatus, 'not-reached'>;
  /** `fired`: a rule ended WAF matching (see `stops`); `undecided`: a rule the browser cannot decide comes first. */
  reason: 'no-rules' | 'no-match' | 'fired' | 'undecided';
  sets: number;
  rules: number;
  /** The rule that ended matching. */
  fired?: WafRuleRef;
  /** Whether the action answers the visitor (block, ban, challenge, redirect) rather than letting the request on. */
  stops?: boolean;
  /** Rules that matched and only logged or handed on (observation, continue, next rule set). */
  observed: WafRuleRef[];
  /** Rules before the deciding one whose outcome the browser cannot know (the trace goes on as if they did not match). */
  undecided: WafRuleRef[];
}

/** A cache rule the trace names. */
export interface CacheRuleRef {
  list: 'built-in' | 'custom';
  index: number;
  name: string;
  /** The built-in rule's key. */
  key?: string;
}

export interface CacheStep {
  step: 'cache';
  status: Exclude<StepStatus, 'not-reached' | 'stopped'>;
  reason: 'rule' | 'default' | 'seo-crawler' | 'not-read';
  rule?: CacheRuleRef;
  edge?: EdgeVerdict;
  browser?: BrowserVerdict;
  key?: CacheKey | null;
  undecided: CacheRuleRef[];
  /** The URL the cache looked at (after the rewrite). */
  url: string;
}

/** Why an origin is out of the running. */
export type OriginExclusion = 'unhealthy' | 'blocked' | 'other-line' | 'lower-priority' | 'listen-port';

/** One origin the choice looked at. */
export interface OriginCandidate {
  address: string;
  port: number;
  line: 'primary' | 'backup' | 'conditional';
  weight: number;
  priority: number;
  state: OriginHealthState;
  /** Share of requests it gets among the chosen ones (0-1); 0 when excluded. */
  share: number;
  excluded?: OriginExclusion;
}

export type BalancingMode = 'round-robin' | 'ip-hash' | 'sticky-cookie';

export interface OriginStep {
  step: 'origin';
  status: Exclude<StepStatus, 'not-reached'>;
  reason: 'conditional' | 'primary' | 'backup' | 'none-available' | 'no-origins' | 'no-listen-port';
  /** The conditional origin rule that matched. */
  conditional?: { index: number; priority: number; description: string };
  /** A conditional rule matched but none of its origins is available: the lines are used. */
  conditionalUnavailable?: { index: number; priority: number; description: string };
  /** Conditional rules before the deciding one that the browser cannot decide. */
  undecided: { index: number; priority: number; description: string }[];
  balancing: BalancingMode;
  chosen?: OriginCandidate;
  candidates: OriginCandidate[];
  /** Whether health states were taken into account (the health check or the probe is on). */
  health: boolean;
  /** How the edge talks to the origin. */
  protocol: 'http' | 'https';
  /** Host header sent to the origin. */
  host: string;
  /** SNI name, when SNI is on. */
  sni: string | null;
  /** The request's edge port and protocol (for `no-listen-port`). */
  listen: { port: number; protocol: 'http' | 'https' };
}

/** One header change. */
export interface HeaderChange {
  name: string;
  value: string;
  /** `added`, `replaced` (the request had it), `removed`, `absent` (delete of a header the request did not have). */
  effect: 'added' | 'replaced' | 'removed' | 'absent';
  /** Where it comes from. */
  source: 'rule' | 'hsts';
}

export interface HeadersStep {
  step: 'request-headers' | 'response-headers';
  status: 'applied' | 'passed';
  changes: HeaderChange[];
}

export interface ErrorPageStep {
  step: 'error-page';
  status: 'applied' | 'passed';
  /** The status the visitor would get. */
  code: number;
  reason: 'not-error' | 'default' | 'html' | 'url' | 'none-configured';
  /** Size of the custom HTML in characters, or the page's URL. */
  html_length?: number;
  url?: string;
}

export type ReachedStep =
  | HttpsRedirectStep
  | RedirectStep
  | MobileRedirectStep
  | RewriteStep
  | SecurityStep
  | WafStep
  | CacheStep
  | OriginStep
  | HeadersStep
  | ErrorPageStep;

export type TraceStep = ReachedStep | { step: TraceStepName; status: 'not-reached' };

/** How the request ends. */
export type TraceOutcome =
  | { kind: 'redirect'; step: TraceStepName; code: number; location: string }
  | { kind: 'forward'; location: string }
  | { kind: 'security'; card: SecurityCardName; action: CardAction }
  | { kind: 'waf'; action: WafActionType; rule: WafRuleRef }
  | { kind: 'origin'; origin: { address: string; port: number }; cached: boolean; seconds: number }
  | { kind: 'error'; code: number };

export type TraceResult = { ok: true; steps: TraceStep[]; outcome: TraceOutcome; url: string } | { ok: false; issues: FieldIssue[] };

// ── Reading the request ─────────────────────────────────────────────────────────────────────────────────────────

const HEADER_NAME = /^[A-Za-z0-9_-]{1,100}$/;
const METHOD = /^[A-Za-z]{1,20}$/;

interface Parsed {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  path: string;
  query: string;
  method: string;
  headers: SampleHeader[];
}

/** Checks the request; the issues name the form's fields (`url`, `method`, `headers`, `client_ip`, `status`). */
export function validateTraceRequest(request: TraceRequest): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const url = typeof request.url === 'string' ? request.url.trim() : '';
  if (url === '') issues.push(...onField('url', issue('trace.url-required')));
  else if (url.length > TRACE_LIMITS.urlLength) issues.push(...onField('url', issue('trace.url-too-long', { max: TRACE_LIMITS.urlLength })));
  else if (parseUrl(url, 'example.com') === null) issues.push(...onField('url', issue('trace.url-invalid')));
  const method = (request.method ?? 'GET').trim();
  if (!METHOD.test(method)) issues.push(...onField('method', issue('trace.method-invalid')));
  const headers = Array.isArray(request.headers) ? request.headers : [];
  if (headers.length > TRACE_LIMITS.headers) issues.push(...onField('headers', issue('trace.headers-too-many', { max: TRACE_LIMITS.headers })));
  else {
    let total = 0;
    for (const [index, header] of headers.entries()) {
      const name = typeof header?.name === 'string' ? header.name.trim() : '';
      const value = typeof header?.value === 'string' ? header.value : '';
      total += name.length + value.length;
      if (!HEADER_NAME.test(name)) {
        issues.push(...onField('headers', issue('trace.header-line-invalid', { line: index + 1 })));
        break;
      }
    }
    if (total > TRACE_LIMITS.headerBytes) issues.push(...onField('headers', issue('trace.headers-too-large', { max: TRACE_LIMITS.headerBytes })));
  }
  issues.push(...onField('client_ip', validateIp(typeof request.client_ip === 'string' ? request.client_ip : '')));
  const status = request.status ?? 200;
  if (!Number.isInteger(status) || status < 100 || status > 599) issues.push(...onField('status', issue('common.integer-range', { min: 100, max: 599 })));
  return issues;
}

/** Reads `Name: value` lines; answers the headers, or the 1-based line that is not a header. */
export function parseHeaderLines(text: string): { headers: SampleHeader[] } | { line: number } {
  const headers: SampleHeader[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name)) return { line: index + 1 };
    headers.push({ name, value: line.slice(colon + 1).trim() });
  }
  return { headers };
}

function parseUrl(text: string, domain: string): URL | null {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (absolute && !/^https?:\/\//i.test(text)) return null;
  if (!absolute && !text.startsWith('/')) return null;
  try {
    const url = new URL(absolute ? text : `http://${domain}${text}`);
    return url.hostname === '' ? null : url;
  } catch {
    return null;
  }
}

function parse(request: TraceRequest, domain: string): Parsed {
  const text = request.url.trim();
  const url = parseUrl(text, domain)!;
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const headers = (request.headers ?? []).map((header) => ({ name: header.name.trim(), value: header.value }));
  const hostHeader = headers.find((header) => header.name.toLowerCase() === 'host')?.value.trim();
  const absolute = /^https?:\/\//i.test(text);
  const host = (absolute ? url.hostname : hostHeader ? hostHeader.replace(/:\d+$/, '') : domain).toLowerCase();
  const port = url.port === '' ? (scheme === 'https' ? 443 : 80) : Number(url.port);
  return { scheme, host, port, path: url.pathname, query: url.search, method: (request.method ?? 'GET').trim().toUpperCase(), headers };
}

function headerValue(headers: readonly SampleHeader[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

/** Device type from the User-Agent (the edge tells them apart the same coarse way). */
function deviceType(userAgent: string | undefined): string | undefined {
  if (userAgent === undefined) return undefined;
  if (/ipad|tablet/i.test(userAgent)) return 'tablet';
  if (/mobile|android|iphone/i.test(userAgent)) return 'mobile';
  return userAgent.trim() === '' ? 'other' : 'pc';
}

const CRAWLER = /bot|spider|crawler|slurp/i;

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────────────────────

const on = (value: unknown): boolean => value === 'on';
const list = <T>(value: unknown): readonly T[] => (Array.isArray(value) ? (value as T[]) : []);

function origin(scheme: string, host: string, port: number): string {
  const standard = (scheme === 'https' && port === 443) || (scheme === 'http' && port === 80);
  return `${scheme}://${host}${standard ? '' : `:${port}`}`;
}

/** Appends the rest of a path (and the query) to a redirect target without doubling the slash. */
function joinTarget(target: string, rest: string, query: string): string {
  const base = target.trim();
  const tail = rest === '' ? '' : base.endsWith('/') ? rest.replace(/^\//, '') : rest.startsWith('/') ? rest : `/${rest}`;
  return `${base}${tail}${query}`;
}

/** FNV-1a, 32 bits: stable across runtimes, so the same IP always lands on the same origin in the trace. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const BALANCING: Record<number, BalancingMode> = { 0: 'ip-hash', 1: 'round-robin', 2: 'sticky-cookie' };

const STOPPING_ACTIONS: readonly WafActionType[] = ['block', 'ban', 'verify-cookie', 'verify-js', 'verify-intelligent', 'verify-captcha', 'honeypot', 'redirect'];

// ── The steps ───────────────────────────────────────────────────────────────────────────────────────────────────

function httpsRedirect(groups: TraceConfiguration['groups'], request: Parsed): HttpsRedirectStep {
  const https = groups.https;
  if (!https || !on(https.status)) return { step: 'https-redirect', status: 'passed', reason: 'https-off' };
  if (https.redirect !== 'all' && https.redirect !== 'special') return { step: 'https-redirect', status: 'passed', reason: 'redirect-off' };
  if (request.scheme === 'https') return { step: 'https-redirect', status: 'passed', reason: 'already-https' };
  if (https.redirect === 'special' && !/mozilla\//i.test(headerValue(request.headers, 'user-agent') ?? '')) {
    return { step: 'https-redirect', status: 'passed', reason: 'not-special-browser' };
  }
  const port = Number.isInteger(https.jump_port) && https.jump_port > 0 ? https.jump_port : 443;
  return {
    step: 'https-redirect',
    status: 'stopped',
    reason: https.redirect === 'all' ? 'all' : 'special-browser',
    location: `${origin('https', request.host, port)}${request.path}${request.query}`,
  };
}

function redirect(groups: TraceConfiguration['groups'], request: Parsed): RedirectStep {
  const group = groups.upstream_redirect;
  if (!group || !on(group.status)) return { step: 'redirect', status: 'passed', reason: 'off' };
  for (const [index, rule] of list<RedirectRule>(group.rules).entries()) {
    if (Number(rule.source_port) !== 0 && Number(rule.source_port) !== request.port) continue;
    const prefix = typeof rule.source_path === 'string' && rule.source_path !== '' ? rule.source_path : '/';
    if (!request.path.startsWith(prefix)) continue;
    const rest = prefix.endsWith('/') ? request.path.slice(prefix.length - 1) : request.path.slice(prefix.length);
    return { step: 'redirect', status: 'stopped', reason: 'rule', rule: { index, ...rule }, location: joinTarget(String(rule.target ?? ''), rest === '/' ? '' : rest, request.query) };
  }
  return { step: 'redirect', status: 'passed', reason: 'no-rule' };
}

function mobileRedirect(groups: TraceConfiguration['groups'], request: Parsed): MobileRedirectStep {
  const group = groups.mobile_jump;
  if (!group || !on(group.status) || typeof group.target !== 'string' || group.target === '') return { step: 'mobile-redirect', status: 'passed', reason: 'off' };
  if (deviceType(headerValue(request.headers, 'user-agent')) !== 'mobile') return { step: 'mobile-redirect', status: 'passed', reason: 'not-mobile' };
  return { step: 'mobile-redirect', status: 'stopped', reason: 'mobile', location: group.target };
}

function rewrite(groups: TraceConfiguration['groups'], request: Parsed): RewriteStep {
  const from = `${request.path}${request.query}`;
  const group = groups.upstream_uri_change;
  if (!group || !on(group.status)) return { step: 'rewrite', status: 'passed', reason: 'off', from, to: from };
  // Priority 1 first; equal priorities keep their order in the list.
  const ordered = list<{ method: string; source: string; target: string; priority: number }>(group.rules)
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => (Number(a.rule.priority) || 0) - (Number(b.rule.priority) || 0) || a.index - b.index);
  for (const { rule, index } of ordered) {
    const source = String(rule.source ?? '').trim();
    const target = String(rule.target ?? '').trim();
    if (source === '') continue;
    let to: string | null = null;
    switch (rule.method) {
      case 'exact':
        if (request.path === source) to = `${target}${request.query}`;
        break;
      case 'prefix':
        if (request.path.startsWith(source)) to = `${target}${request.query}`;
        break;
      case 'path-replacement':
        if (request.path.startsWith(source)) to = `${target}${request.path.slice(source.length)}${request.query}`;
        break;
      case 'uri-overwrite':
        if (request.path === source) to = target;
        break;
    }
    if (to !== null) {
      return { step: 'rewrite', status: 'applied', reason: 'rule', rule: { index, priority: Number(rule.priority), method: rule.method, source, target }, from, to };
    }
  }
  return { step: 'rewrite', status: 'passed', reason: 'no-rule', from, to: from };
}

function security(configuration: TraceConfiguration, sample: SampleRequest): SecurityStep {
  const cards = configuration.security;
  if (!cards) return { step: 'security', status: 'passed', reason: 'not-read', verdicts: [] };
  const verdicts = evaluateSecurityCards(cards, sample, { now: configuration.now ?? Date.now(), ...(configuration.regions ? { regions: configuration.regions } : {}) });
  const stoppedBy = verdicts.find((verdict) => verdict.stops);
  if (stoppedBy) return { step: 'security', status: 'stopped', reason: 'stopped', verdicts, stoppedBy };
  if (verdicts.every((verdict) => !verdict.enabled)) return { step: 'security', status: 'passed', reason: 'none-enabled', verdicts };
  return verdicts.some((verdict) => verdict.matched)
    ? { step: 'security', status: 'applied', reason: 'observed', verdicts }
    : { step: 'security', status: 'passed', reason: 'passed', verdicts };
}

function waf(sets: readonly TraceWafSet[], sample: SampleRequest, regions: readonly RegionNode[] | undefined): WafStep {
  const total = sets.reduce((sum, set) => sum + list(set.rules).length, 0);
  const base: WafStep = { step: 'waf', status: 'passed', reason: total === 0 ? 'no-rules' : 'no-match', sets: sets.length, rules: total, observed: [], undecided: [] };
  const ref = (set: TraceWafSet, index: number): WafRuleRef => {
    const rule = set.rules[index]!;
    return { set_id: set.id, set_name: set.name, index, ...(rule.id === undefined ? {} : { id: rule.id }), code: rule.code, action: rule.action.type };
  };
  // Walked here rather than read from the set's `stoppedAt`: a rule the browser cannot decide is treated as not
  // matching (and named), so a later rule that surely matches still decides, as the step says.
  for (const set of sets) {
    const rules = list<TraceWafRule>(set.rules);
    if (rules.length === 0) continue;
    const evaluation = evaluateRuleSet(rules, sample, { regions });
    for (const result of evaluation.rules) {
      if (result.outcome === 'closed' || result.outcome === 'no-match') continue;
      if (result.outcome === 'unknown') {
        // An undecided rule that only logs cannot change where the request goes.
        if (result.flow !== 'continue') base.undecided.push(ref(set, result.index));
        continue;
      }
      if (result.flow === 'continue') {
        base.observed.push(ref(set, result.index));
        continue;
      }
      if (result.flow === 'next-set') {
        base.observed.push(ref(set, result.index));
        break;
      }
      const fired = ref(set, result.index);
      const stops = STOPPING_ACTIONS.includes(fired.action);
      return { ...base, status: stops ? 'stopped' : 'applied', reason: 'fired', fired, stops };
    }
  }
  if (base.undecided.length > 0) return { ...base, reason: 'undecided' };
  return base.observed.length > 0 ? { ...base, status: 'applied' } : base;
}

function cache(configuration: TraceConfiguration, request: Parsed, url: string, status: number): CacheStep {
  const groups = configuration.groups;
  const undecided: CacheRuleRef[] = [];
  if (on(groups.search_engine_optimization?.status) && CRAWLER.test(headerValue(request.headers, 'user-agent') ?? '')) {
    return { step: 'cache', status: 'applied', reason: 'seo-crawler', undecided, url };
  }
  const settings = configuration.cache;
  if (settings === null) return { step: 'cache', status: 'passed', reason: 'not-read', undecided, url };
  const evaluation: CacheEvaluation | null = evaluateCache(
    settings.builtIn,
    settings.rules,
    { url, method: request.method, headers: request.headers, device_type: deviceType(headerValue(request.headers, 'user-agent')), status },
    { domain: configuration.domain, browserCache: settings.browserCache },
  );
  if (evaluation === null) return { step: 'cache', status: 'passed', reason: 'not-read', undecided, url };
  const name = (entry: { list: 'built-in' | 'custom'; index: number }): CacheRuleRef => {
    const rule = (entry.list === 'built-in' ? settings.builtIn : settings.rules)[entry.index] as (CacheMatchRule & { key?: string }) | undefined;
    return { list: entry.list, index: entry.index, name: rule?.name ?? '', ...(rule?.key ? { key: rule.key } : {}) };
  };
  undecided.push(...evaluation.undecided.map(name));
  const decision = evaluation.decision;
  return {
    step: 'cache',
    status: 'applied',
    reason: decision.list === 'default' || decision.index === null ? 'default' : 'rule',
    ...(decision.list === 'default' || decision.index === null ? {} : { rule: name({ list: decision.list, index: decision.index }) }),
    edge: evaluation.edge,
    browser: evaluation.browser,
    key: evaluation.key,
    undecided,
    url,
  };
}

interface OriginConfig {
  address: string;
  port: number;
  weight: number;
  priority?: number;
  line?: string;
  listen_port?: number;
  protocol?: number;
}

function chooseOrigin(configuration: TraceConfiguration, visitor: SampleRequest, request: Parsed, clientIp: string): OriginStep {
  const groups = configuration.groups;
  const originGroup = groups.origin;
  const balancing = BALANCING[Number(originGroup?.load_balancing ?? 1)] ?? 'round-robin';
  const healthGroup = groups.origin_health;
  const health = on(healthGroup?.health?.status) || on(healthGroup?.probe?.status);
  const states = new Map(list<{ address: string; port: number; state: OriginHealthState }>(healthGroup?.states).map((entry) => [`${String(entry.address).toLowerCase()}:${entry.port}`, entry.state]));
  const stateOf = (entry: OriginConfig): OriginHealthState => states.get(`${String(entry.address).toLowerCase()}:${entry.port}`) ?? 'unchecked';
  const usable = (state: OriginHealthState) => !health || (state !== 'unhealthy' && state !== 'blocked');
  const scheme: 'http' | 'https' = originGroup?.origin_protocol === 1 ? 'https' : originGroup?.origin_protocol === 0 ? 'http' : request.scheme;
  const hostGroup = groups.back_source_host;
  const host = hostGroup?.mode === 'diy' && typeof hostGroup.host === 'string' && hostGroup.host.trim() !== '' ? hostGroup.host.trim() : request.host;
  const sni = on(hostGroup?.sni?.status) ? (hostGroup!.sni.name?.trim() || host) : null;
  const listen = { port: request.port, protocol: request.scheme };
  const base = { step: 'origin' as const, balancing, health, protocol: scheme, host, sni, listen, undecided: [] as OriginStep['undecided'] };

  /** Shares among the usable origins of the lowest priority value; everything else is marked out. */
  const pick = (entries: OriginCandidate[]): OriginCandidate | undefined => {
    const live = entries.filter((entry) => entry.excluded === undefined);
    if (live.length === 0) return undefined;
    const best = Math.min(...live.map((entry) => entry.priority));
    for (const entry of live) if (entry.priority !== best) entry.excluded = 'lower-priority';
    const chosen = live.filter((entry) => entry.priority === best);
    const weights = chosen.map((entry) => Math.max(0, Number(entry.weight) || 0));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    chosen.forEach((entry, index) => (entry.share = total > 0 ? weights[index]! / total : 1 / chosen.length));
    if (balancing === 'ip-hash' && total > 0) {
      let slot = stableHash(clientIp) % total;
      for (const [index, entry] of chosen.entries()) {
        if (slot < weights[index]!) return entry;
        slot -= weights[index]!;
      }
    }
    return chosen.reduce((top, entry) => (entry.share > top.share ? entry : top), chosen[0]!);
  };

  // Conditional origins, priority 1 first.
  const view = viewRequest(visitor);
  const rules = list<{ conditions: unknown; origins: unknown; description?: string; priority: number; status: string }>(groups.conditional_origin?.rules)
    .map((rule, index) => ({ rule, index }))
    .filter(({ rule }) => on(rule.status))
    .sort((a, b) => (Number(a.rule.priority) || 0) - (Number(b.rule.priority) || 0) || a.index - b.index);
  let conditionalUnavailable: OriginStep['conditionalUnavailable'];
  for (const { rule, index } of rules) {
    const described = { index, priority: Number(rule.priority), description: String(rule.description ?? '') };
    const outcome: Outcome = allOf(list<Parameters<typeof evaluateCondition>[0]>(rule.conditions).map((condition) => evaluateCondition(condition, view, { regions: configuration.regions }).outcome));
    if (outcome === 'unknown') base.undecided.push(described);
    if (outcome !== 'match') continue;
    const candidates = list<OriginConfig>(rule.origins).map((entry): OriginCandidate => {
      const state = stateOf(entry);
      return { address: entry.address, port: Number(entry.port), line: 'conditional', weight: Number(entry.weight), priority: 1, state, share: 0, ...(usable(state) ? {} : { excluded: state === 'blocked' ? 'blocked' : 'unhealthy' }) } as OriginCandidate;
    });
    const chosen = pick(candidates);
    if (chosen) return { ...base, status: 'applied', reason: 'conditional', conditional: described, chosen, candidates };
    conditionalUnavailable = described;
    break;
  }

  const origins = list<OriginConfig>(originGroup?.origins);
  const extra = conditionalUnavailable ? { conditionalUnavailable } : {};
  if (origins.length === 0) return { ...base, ...extra, status: 'stopped', reason: 'no-origins', candidates: [] };
  const protocolNumber = request.scheme === 'https' ? 1 : 0;
  const candidates = origins.map((entry): OriginCandidate => {
    const state = stateOf(entry);
    const line = entry.line === 'backup' ? 'backup' : 'primary';
    const serves = (entry.listen_port === undefined || Number(entry.listen_port) === request.port) && (entry.protocol === undefined || Number(entry.protocol) === protocolNumber);
    const excluded: OriginExclusion | undefined = !serves ? 'listen-port' : !usable(state) ? (state === 'blocked' ? 'blocked' : 'unhealthy') : undefined;
    return { address: entry.address, port: Number(entry.port), line, weight: Number(entry.weight), priority: Number(entry.priority) || 1, state, share: 0, ...(excluded ? { excluded } : {}) };
  });
  if (candidates.every((entry) => entry.excluded === 'listen-port')) return { ...base, ...extra, status: 'stopped', reason: 'no-listen-port', candidates };
  for (const line of ['primary', 'backup'] as const) {
    const inLine = candidates.filter((entry) => entry.line === line);
    const live = inLine.filter((entry) => entry.excluded === undefined);
    if (live.length === 0) continue;
    for (const entry of candidates) if (entry.line !== line && entry.excluded === undefined) entry.excluded = 'other-line';
    const chosen = pick(inLine)!;
    return { ...base, ...extra, status: 'applied', reason: line, chosen, candidates };
  }
  return { ...base, ...extra, status: 'stopped', reason: 'none-available', candidates };
}

function headerChanges(rules: readonly HeaderRule[], present: readonly SampleHeader[]): HeaderChange[] {
  const names = new Set(present.map((header) => header.name.toLowerCase()));
  return rules
    .filter((rule) => typeof rule?.name === 'string' && rule.name.trim() !== '')
    .map((rule): HeaderChange => {
      const had = names.has(rule.name.trim().toLowerCase());
      const effect = rule.action === 'delete' ? (had ? 'removed' : 'absent') : had ? 'replaced' : 'added';
      if (rule.action === 'delete') names.delete(rule.name.trim().toLowerCase());
      else names.add(rule.name.trim().toLowerCase());
      return { name: rule.name.trim(), value: rule.action === 'delete' ? '' : String(rule.value ?? ''), effect, source: 'rule' };
    });
}

function errorPage(groups: TraceConfiguration['groups'], code: number): ErrorPageStep {
  if (code < 400) return { step: 'error-page', status: 'passed', code, reason: 'not-error' };
  const page = list<{ code: number; type: string; html?: string; url?: string }>(groups.custom_page?.pages).find((entry) => Number(entry.code) === code);
  if (!page) return { step: 'error-page', status: 'passed', code, reason: 'none-configured' };
  if (page.type === 'html') return { step: 'error-page', status: 'applied', code, reason: 'html', html_length: String(page.html ?? '').length };
  if (page.type === 'url') return { step: 'error-page', status: 'applied', code, reason: 'url', url: String(page.url ?? '') };
  return { step: 'error-page', status: 'applied', code, reason: 'default' };
}

// ── The trace ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Traces a request through a configuration. Never throws: bad input, or a configuration it cannot read, answers issues. */
export function traceRequest(configuration: TraceConfiguration, request: TraceRequest): TraceResult {
  const issues = validateTraceRequest(request);
  if (issues.length > 0) return { ok: false, issues };
  try {
    return run(configuration, request);
  } catch (error) {
    // A configuration of a shape this version does not know (a group written by a newer server): say so, not crash.
    return { ok: false, issues: onField('', issue('trace.failed', { message: error instanceof Error ? error.message : String(error) })) };
  }
}

function run(configuration: TraceConfiguration, request: TraceRequest): TraceResult {
  const groups = configuration.groups ?? {};
  const visitor = parse(request, configuration.domain);
  const steps: TraceStep[] = [];
  const url = `${origin(visitor.scheme, visitor.host, visitor.port)}${visitor.path}${visitor.query}`;
  const finish = (outcome: TraceOutcome): TraceResult => {
    for (const name of TRACE_STEPS.slice(steps.length)) steps.push({ step: name, status: 'not-reached' });
    return { ok: true, steps, outcome, url };
  };

  const toHttps = httpsRedirect(groups, visitor);
  steps.push(toHttps);
  if (toHttps.status === 'stopped') return finish({ kind: 'redirect', step: 'https-redirect', code: 301, location: toHttps.location! });

  const redirected = redirect(groups, visitor);
  steps.push(redirected);
  if (redirected.status === 'stopped') {
    const kind = redirected.rule!.kind;
    return finish(kind === 'implicit' ? { kind: 'forward', location: redirected.location! } : { kind: 'redirect', step: 'redirect', code: kind === 302 ? 302 : 301, location: redirected.location! });
  }

  const mobile = mobileRedirect(groups, visitor);
  steps.push(mobile);
  if (mobile.status === 'stopped') return finish({ kind: 'redirect', step: 'mobile-redirect', code: 302, location: mobile.location! });

  const rewritten = rewrite(groups, visitor);
  steps.push(rewritten);
  const upstreamUrl = `${origin(visitor.scheme, visitor.host, visitor.port)}${rewritten.to}`;

  const sample: SampleRequest = {
    method: visitor.method,
    url,
    host: visitor.host,
    protocol: visitor.scheme,
    server_port: visitor.port,
    headers: visitor.headers,
    client_ip: request.client_ip.trim(),
    ...(request.region ? { region: request.region } : {}),
    ...(deviceType(headerValue(visitor.headers, 'user-agent')) ? { device_type: deviceType(headerValue(visitor.headers, 'user-agent')) } : {}),
  };
  // The cards read the visitor's request as sent, as the WAF does (the same sample).
  const cards = security(configuration, sample);
  steps.push(cards);
  if (cards.status === 'stopped') return finish({ kind: 'security', card: cards.stoppedBy!.card, action: cards.stoppedBy!.action });

  const firewall = waf(list<TraceWafSet>(configuration.waf), sample, configuration.regions);
  steps.push(firewall);
  if (firewall.status === 'stopped') return finish({ kind: 'waf', action: firewall.fired!.action, rule: firewall.fired! });

  const status = request.status ?? 200;
  const cached = cache(configuration, visitor, upstreamUrl, status);
  steps.push(cached);

  const chosen = chooseOrigin(configuration, sample, visitor, request.client_ip.trim());
  steps.push(chosen);

  const requestHeaders = headerChanges(list<HeaderRule>(groups.req_headers?.headers), visitor.headers);
  steps.push({ step: 'request-headers', status: requestHeaders.length > 0 ? 'applied' : 'passed', changes: requestHeaders });

  const responseHeaders = headerChanges(list<HeaderRule>(groups.resp_headers?.headers), []);
  const hsts = groups.https?.hsts;
  if (visitor.scheme === 'https' && on(groups.https?.status) && hsts && on(hsts.status)) {
    responseHeaders.push({ name: 'Strict-Transport-Security', value: `max-age=${Number(hsts.max_age) || 0}${hsts.include_subdomains ? '; includeSubDomains' : ''}`, effect: 'added', source: 'hsts' });
  }
  steps.push({ step: 'response-headers', status: responseHeaders.length > 0 ? 'applied' : 'passed', changes: responseHeaders });

  // With no origin left the edge answers 502 Bad Gateway itself.
  const code = chosen.chosen ? status : 502;
  steps.push(errorPage(groups, code));
  return finish(
    chosen.chosen
      ? { kind: 'origin', origin: { address: chosen.chosen.address, port: chosen.chosen.port }, cached: cached.edge?.cached ?? false, seconds: cached.edge?.seconds ?? 0 }
      : { kind: 'error', code },
  );
}
