/**
 * The HTTPS and URI rewrite tabs' settings groups (rules §3 "HTTPS settings", "URI rewrite"; rules §4 HSTS; rules §5
 * "Origin and performance" rewrite and redirect rules; rules §9 HSTS): values, defaults and validation shared by the
 * browser forms and the reference server. `upstream_uri_change` and `upstream_redirect` are the spec's names (shell
 * §3); `https` names the "HTTPS" setting item, which the spec lists without a group name.
 */
import type { SwitchValue } from '../api/endpoints/websites.js';
import { validateCertificateSelected } from '../rules/certificates.js';
import { validateIntegerRange, type Bounds } from '../rules/common.js';
import {
  REDIRECT_DEFAULT_PORTS,
  validateJumpPort,
  validateRedirectPort,
  validateRedirectTarget,
  validateRewriteRules,
  validateStartsWithSlash,
  type RewriteMethod,
  type RewriteRuleInput,
} from '../rules/origin.js';
import { issue, onField, type FieldIssue, type RuleIssue } from '../rules/types.js';

/** Minimum TLS versions offered (rules §3: SSLv3 to TLSv1.3). */
export const TLS_VERSIONS = ['SSLv3', 'TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof TLS_VERSIONS)[number];

/** `https`: certificate, redirect, HSTS, HTTP/2, OCSP, TLS and ciphers; plan-gated by `allow.https` (shell §3). */
export interface HttpsGroup {
  status: SwitchValue;
  /** A certificate the caller may use (rules §6: unauthorized certificates cannot be linked); null when none. */
  certificate_id: number | null;
  /** Read-only: the bound certificate's name, '' when none. */
  certificate_name?: string;
  /** Shell §3 https redirect: off, all visitors, or only special browsers. */
  redirect: 'off' | 'all' | 'special';
  /** 1-65535, default 443 (rules §5). */
  jump_port: number;
  hsts: { status: SwitchValue; max_age: number; include_subdomains: boolean };
  /**
   * Read-only: when HSTS was last turned off (ISO 8601), so the form can say until when browsers keep it (rules §9
   * "persists one month after disabling"); null when it is on or never was.
   */
  hsts_disabled_at?: string | null;
  http2: SwitchValue;
  ocsp: SwitchValue;
  min_tls: TlsVersion;
  ciphers: 'all' | 'strong' | 'custom';
  /** OpenSSL cipher list when `ciphers` is custom; '' otherwise. */
  custom_ciphers: string;
}

/** One URI rewrite rule as stored: the rule of core/rules/origin.ts with its priority (1 first). */
export interface UriRewriteRule extends RewriteRuleInput {
  priority: number;
}

/** `upstream_uri_change`: URI rewrite rules. */
export interface UpstreamUriChangeGroup {
  status: SwitchValue;
  rules: UriRewriteRule[];
}

/** One redirect (rules §5: port rules, http/https target, implicit forwarding). */
export interface RedirectRule {
  /** The visitor's port that triggers it, 0-65535 (rules §5 "port numeric 0-65535"). */
  source_port: number;
  /** A path prefix the request must start with; '/' for every path. */
  source_path: string;
  /** Begins with http:// or https:// (rules §5). */
  target: string;
  /** 301 or 302 for a visible redirect; implicit forwarding serves the target's content under the visitor's URL. */
  kind: 301 | 302 | 'implicit';
}

/** `upstream_redirect`: redirect and forwarding rules. */
export interface UpstreamRedirectGroup {
  status: SwitchValue;
  rules: RedirectRule[];
}

// ── Defaults and validation (shared by the browser forms and the reference server) ──────────────────────────────────

/** HSTS max-age bounds in seconds: at least a minute, at most two years (the longest value browsers honour in full). */
export const HSTS_MAX_AGE_RANGE: Bounds = { min: 60, max: 63_072_000 };
/** One year, the max-age HSTS preload lists ask for. */
export const HSTS_MAX_AGE_DEFAULT = 31_536_000;
/** Rules §9 "HSTS persists one month after disabling": browsers keep forcing HTTPS this many months after it is off. */
export const HSTS_PERSIST_MONTHS = 1;
/** A custom OpenSSL cipher list's length (no spec figure: long enough for every suite, short enough to review). */
export const CUSTOM_CIPHERS_MAX_LENGTH = 1024;
/**
 * Rewrite and redirect rules per domain. The spec names no figure; the rules run in order on every request, so a
 * bound keeps a domain's configuration reviewable (the same order of size as the 200 cache rules of rules §9).
 */
export const REWRITE_RULES_MAX = 100;
export const REDIRECT_RULES_MAX = 100;
/** Rewrite matching methods in the order the form offers them (rules §3 URI rewrite). */
export const REWRITE_METHODS: readonly RewriteMethod[] = ['prefix', 'exact', 'path-replacement', 'uri-overwrite'];
/** Redirect kinds (rules §5: port rules, http/https target, implicit forwarding). */
export const REDIRECT_KINDS: readonly RedirectRule['kind'][] = [301, 302, 'implicit'];
export const HTTPS_REDIRECTS: readonly HttpsGroup['redirect'][] = ['off', 'all', 'special'];
export const CIPHER_SUITES: readonly HttpsGroup['ciphers'][] = ['all', 'strong', 'custom'];

/** One OpenSSL cipher-list element: an optional `!`, `-` or `+` then a suite, alias or `@STRENGTH`-style keyword. */
const CIPHER_TOKEN = /^[!+-]?@?[A-Za-z0-9_.=-]+(\+[A-Za-z0-9_.=-]+)*$/;

/** The `https` group of a domain that never saved it: off, no certificate, redirect off on 443, TLS 1.2, all suites. */
export function defaultHttps(): HttpsGroup {
  return {
    status: 'off',
    certificate_id: null,
    certificate_name: '',
    redirect: 'off',
    jump_port: REDIRECT_DEFAULT_PORTS.https,
    hsts: { status: 'off', max_age: HSTS_MAX_AGE_DEFAULT, include_subdomains: false },
    hsts_disabled_at: null,
    http2: 'on',
    ocsp: 'off',
    // TLS 1.0 and 1.1 are deprecated (RFC 8996): a new site starts at 1.2; older clients are an explicit choice.
    min_tls: 'TLSv1.2',
    ciphers: 'all',
    custom_ciphers: '',
  };
}

export function defaultUpstreamUriChange(): UpstreamUriChangeGroup {
  return { status: 'off', rules: [] };
}

export function defaultUpstreamRedirect(): UpstreamRedirectGroup {
  return { status: 'off', rules: [] };
}

/** A new rewrite rule as the form adds it (priority is its place in the list). */
export function newRewriteRule(priority: number): UriRewriteRule {
  return { method: 'prefix', source: '/', target: '', priority };
}

/** A new redirect rule as the form adds it: visitors on port 80, every path, a 301. */
export function newRedirectRule(): RedirectRule {
  return { source_port: REDIRECT_DEFAULT_PORTS.http, source_path: '/', target: '', kind: 301 };
}

/** Renumbers priorities from the list order (1 first): the order is the priority. */
export function renumberRules<T extends { priority: number }>(rules: readonly T[]): T[] {
  return rules.map((rule, index) => (rule.priority === index + 1 ? rule : { ...rule, priority: index + 1 }));
}

/**
 * Until when browsers keep forcing HTTPS after HSTS was turned off at `disabledAt` (rules §9: one month); null when
 * it was never turned off.
 */
export function hstsPersistsUntil(disabledAt: string | null | undefined): Date | null {
  if (!disabledAt) return null;
  const date = new Date(disabledAt);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCMonth(date.getUTCMonth() + HSTS_PERSIST_MONTHS);
  return date;
}

/** A custom OpenSSL cipher list: `:`-separated (commas and spaces also accepted by OpenSSL), each a valid token. */
export function validateCustomCiphers(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  if (text.length > CUSTOM_CIPHERS_MAX_LENGTH) return issue('common.too-long', { max: CUSTOM_CIPHERS_MAX_LENGTH });
  const tokens = text.split(/[:, ]+/).filter((token) => token !== '');
  return tokens.length > 0 && tokens.every((token) => CIPHER_TOKEN.test(token)) ? null : issue('https-tab.cipher-format');
}

/**
 * The `https` group (rules §3 HTTPS settings; rules §5 jump port 1-65535). HTTPS on needs a certificate (rules §5
 * Certificates "a certificate must be selected"); redirecting to HTTPS and HSTS only make sense while HTTPS is served,
 * so they need HTTPS on (stricter reading: the spec lists them as HTTPS settings, never without it). Which
 * certificates may be bound is the server's check (rules §6).
 */
export function validateHttps(value: HttpsGroup): FieldIssue[] {
  const on = value.status === 'on';
  const issues: FieldIssue[] = [];
  if (on) issues.push(...onField('certificate_id', validateCertificateSelected(value.certificate_id)));
  if (!HTTPS_REDIRECTS.includes(value.redirect)) issues.push(...onField('redirect', issue('common.format-error')));
  else if (value.redirect !== 'off' && !on) issues.push(...onField('redirect', issue('https-tab.needs-https')));
  if (value.redirect !== 'off') issues.push(...onField('jump_port', validateJumpPort(value.jump_port)));
  if (value.hsts.status === 'on') {
    if (!on) issues.push(...onField('hsts.status', issue('https-tab.needs-https')));
    issues.push(...onField('hsts.max_age', validateIntegerRange(value.hsts.max_age, HSTS_MAX_AGE_RANGE, 'https-tab.hsts-max-age-range')));
  }
  if (!(TLS_VERSIONS as readonly string[]).includes(value.min_tls)) issues.push(...onField('min_tls', issue('common.format-error')));
  if (!CIPHER_SUITES.includes(value.ciphers)) issues.push(...onField('ciphers', issue('common.format-error')));
  else if (value.ciphers === 'custom') issues.push(...onField('custom_ciphers', validateCustomCiphers(value.custom_ciphers)));
  return issues;
}

/**
 * `upstream_uri_change` (rules §5 URI rewrite, through core/rules/origin.ts validateRewriteRules): on needs at least
 * one rule; every listed rule is checked even while off, so what is stored can be switched on as it is. The same
 * method and original URI twice would make the second rule dead: refused.
 */
export function validateUpstreamUriChange(value: UpstreamUriChangeGroup): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (value.rules.length > REWRITE_RULES_MAX) return onField('rules', issue('https-tab.rules-limit', { max: REWRITE_RULES_MAX }));
  if (value.status === 'on' || value.rules.length > 0) issues.push(...validateRewriteRules(value.rules));
  value.rules.forEach((rule, index) => {
    if (!REWRITE_METHODS.includes(rule.method)) issues.push(...onField(`rules.${index}.method`, issue('common.format-error')));
  });
  const seen = new Set<string>();
  value.rules.forEach((rule, index) => {
    const key = `${rule.method} ${rule.source.trim()}`;
    if (seen.has(key) && !issues.some((entry) => entry.field === `rules.${index}.source`)) issues.push(...onField(`rules.${index}.source`, issue('https-tab.rule-duplicate')));
    seen.add(key);
  });
  return issues;
}

/**
 * `upstream_redirect` (rules §5 Redirect): on needs at least one rule ("Add at least one rule"); port 0-65535; the
 * path starts with /; the target begins with http or https; implicit forwarding cannot go to plain HTTP while the
 * domain serves HTTPS (`httpsEnabled`: the domain's `https` group status). A second rule for the same port and path
 * would never run: refused.
 */
export function validateUpstreamRedirect(value: UpstreamRedirectGroup, context: { httpsEnabled: boolean }): FieldIssue[] {
  if (value.rules.length > REDIRECT_RULES_MAX) return onField('rules', issue('https-tab.rules-limit', { max: REDIRECT_RULES_MAX }));
  const issues: FieldIssue[] = [];
  if (value.status === 'on' && value.rules.length === 0) issues.push(...onField('rules', issue('common.rule-required')));
  const seen = new Set<string>();
  value.rules.forEach((rule, index) => {
    const at = `rules.${index}`;
    const port = validateRedirectPort(rule.source_port);
    issues.push(...onField(`${at}.source_port`, port));
    const path = validateStartsWithSlash(rule.source_path);
    issues.push(...onField(`${at}.source_path`, path));
    if (!REDIRECT_KINDS.includes(rule.kind)) issues.push(...onField(`${at}.kind`, issue('common.format-error')));
    issues.push(...onField(`${at}.target`, validateRedirectTarget(rule.target, { implicit: rule.kind === 'implicit', httpsEnabled: context.httpsEnabled })));
    const key = `${rule.source_port} ${rule.source_path.trim()}`;
    if (port === null && path === null && seen.has(key)) issues.push(...onField(`${at}.source_path`, issue('https-tab.rule-duplicate')));
    seen.add(key);
  });
  return issues;
}
