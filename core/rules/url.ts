/**
 * HTTP(S) URL syntax for redirect targets, URL links of error pages, purge and prefetch entries and DNS explicit or
 * implicit URL records (rules §5; rules §8 "The URL is incorrect", "Please enter a valid URL").
 *
 * Accepted: `http://` or `https://` (any case), a host that is a domain (no wildcard), an IPv4 address or a bracketed
 * IPv6 address, an optional port 1-65535, then optionally a path, query or fragment beginning with `/`, `?` or `#`.
 * No whitespace or control characters anywhere; non-ASCII path characters (a Chinese file name) are allowed, since
 * browsers percent-encode them. User info (`user@host`) is refused: it is a phishing device and no feature needs it.
 */
import { isDomain } from './domain.js';
import { isIPv4, isIPv6 } from './ip.js';
import { issue, type RuleIssue } from './types.js';

/** A URL split into the parts the rules look at. */
export interface HttpUrl {
  /** `http` or `https`, lower case. */
  scheme: 'http' | 'https';
  /** Host as written, without brackets for IPv6, lower case. */
  host: string;
  /** Explicit port, or `null` when none was written. */
  port: number | null;
  /** Everything from the first `/`, `?` or `#` after the host (empty when there is none). */
  rest: string;
}

function schemeLength(value: string): 0 | 7 | 8 {
  const head = value.slice(0, 8).toLowerCase();
  if (head.startsWith('http://')) return 7;
  if (head === 'https://') return 8;
  return 0;
}

/** Parses an http(s) URL; `null` when it does not follow the syntax above. */
export function parseHttpUrl(value: string): HttpUrl | null {
  const skip = schemeLength(value);
  if (skip === 0) return null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0xa0 || c === 0x3000) return null;
  }
  let authorityEnd = value.length;
  for (let i = skip; i < value.length; i++) {
    const c = value[i];
    if (c === '/' || c === '?' || c === '#') {
      authorityEnd = i;
      break;
    }
  }
  const authority = value.slice(skip, authorityEnd).toLowerCase();
  if (authority.includes('@')) return null;
  let host: string;
  let portText: string | null = null;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close < 0) return null;
    host = authority.slice(1, close);
    if (!isIPv6(host)) return null;
    const after = authority.slice(close + 1);
    if (after.length > 0) {
      if (!after.startsWith(':')) return null;
      portText = after.slice(1);
    }
  } else {
    const colon = authority.indexOf(':');
    host = colon < 0 ? authority : authority.slice(0, colon);
    if (colon >= 0) portText = authority.slice(colon + 1);
    if (!isIPv4(host) && !isDomain(host)) return null;
  }
  let port: number | null = null;
  if (portText !== null) {
    if (!/^[1-9][0-9]{0,4}$/.test(portText)) return null;
    port = Number(portText);
    if (port > 65535) return null;
  }
  return { scheme: skip === 8 ? 'https' : 'http', host, port, rest: value.slice(authorityEnd) };
}

/** True for an http(s) URL as described above. */
export function isHttpUrl(value: string): boolean {
  return parseHttpUrl(value) !== null;
}

/**
 * A URL form field: required, begins with http:// or https:// (rules §5 Origin and performance: "target URL begins
 * with http or https"), and otherwise well formed ("Please enter a valid URL").
 */
export function validateHttpUrl(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  if (schemeLength(text) === 0) return issue('url.scheme');
  return isHttpUrl(text) ? null : issue('url.invalid');
}
