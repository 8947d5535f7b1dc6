/**
 * The HTTPS and URI rewrite tabs' settings groups (rules §3 "HTTPS settings", "URI rewrite"; rules §4 HSTS; rules §5
 * "Origin and performance" rewrite and redirect rules; rules §9 HSTS): values, defaults and validation shared by the
 * browser forms and the reference server. `upstream_uri_change` and `upstream_redirect` are the spec's names (shell
 * §3); `https` names the "HTTPS" setting item, which the spec lists without a group name.
 */
import type { SwitchValue } from '../api/endpoints/websites.js';
import type { RewriteRuleInput } from '../rules/origin.js';

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
