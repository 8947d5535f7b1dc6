/**
 * Domain-name syntax shared by websites, DNS, purge, prefetch, certificates and WAF conditions (rules §5, "Domain
 * format error"; rules §9 "Domain length 255").
 *
 * A domain is two or more dot-separated labels of ASCII letters, digits and hyphens (a hyphen neither first nor last
 * in a label), each label at most 63 characters, the whole at most {@link DOMAIN_MAX_LENGTH}. The last label starts
 * with a letter, so an IPv4 address is never taken for a domain, and may be punycode (`xn--fiqs8s`). Internationalised
 * names are accepted in their punycode (`xn--`) form only: that is the form the edge and DNS store, and it keeps one
 * spelling per name for duplicate checks. Matching is case-insensitive.
 */
import { issue, type RuleIssue } from './types.js';

/** Longest domain name accepted (rules §9 "Domain length 255"). */
export const DOMAIN_MAX_LENGTH = 255;
/** Longest label between two dots (RFC 1035). */
export const DOMAIN_LABEL_MAX_LENGTH = 63;

/** What a caller accepts beyond a plain host name. */
export interface DomainSyntax {
  /** Accept a leading `*.` label (`*.example.com`). */
  wildcard?: boolean;
  /** Accept underscores in labels other than the last (DNS service names such as `_sip._tcp`). */
  underscore?: boolean;
  /** Accept one trailing dot (a fully qualified name in a DNS record value). */
  trailingDot?: boolean;
}

const HYPHEN = 45;
const DOT = 46;
const UNDERSCORE = 95;

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** True when `value` is a domain name under the given syntax options. */
export function isDomain(value: string, syntax: DomainSyntax = {}): boolean {
  let end = value.length;
  if (syntax.trailingDot && end > 0 && value.charCodeAt(end - 1) === DOT) end--;
  if (end === 0 || end > DOMAIN_MAX_LENGTH) return false;
  let start = 0;
  if (syntax.wildcard && value.charCodeAt(0) === 42 && value.charCodeAt(1) === DOT) start = 2;
  let labels = 0;
  let labelStart = start;
  let lastLabelStart = start;
  for (let i = start; i <= end; i++) {
    const c = i === end ? DOT : value.charCodeAt(i);
    if (c === DOT) {
      const length = i - labelStart;
      if (length === 0 || length > DOMAIN_LABEL_MAX_LENGTH) return false;
      if (value.charCodeAt(labelStart) === HYPHEN || value.charCodeAt(i - 1) === HYPHEN) return false;
      labels++;
      lastLabelStart = labelStart;
      labelStart = i + 1;
    } else if (!isLetter(c) && !isDigit(c) && c !== HYPHEN && !(c === UNDERSCORE && syntax.underscore)) {
      return false;
    }
  }
  if (labels < 2) return false;
  // The top-level label: starts with a letter, at least two characters, no underscore.
  if (end - lastLabelStart < 2 || !isLetter(value.charCodeAt(lastLabelStart))) return false;
  for (let i = lastLabelStart; i < end; i++) if (value.charCodeAt(i) === UNDERSCORE) return false;
  return true;
}

/** True for `*.` followed by a domain: the wildcard domains that WAF domain matching is limited to (rules §5). */
export function isWildcardDomain(value: string): boolean {
  return value.startsWith('*.') && isDomain(value, { wildcard: true });
}

/** The form used to compare domains: trimmed, lower case, without a trailing dot. */
export function normalizeDomain(value: string): string {
  const text = value.trim().toLowerCase();
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/**
 * A domain field (rules §5 Websites, DNS: "Please enter the domain", "Domain format error", length at most 255).
 * Wildcard domains are refused unless `syntax.wildcard` is set, with their own message so the user knows why.
 */
export function validateDomain(value: string | null | undefined, syntax: DomainSyntax = {}): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('domain.required');
  if (text.length > DOMAIN_MAX_LENGTH) return issue('domain.too-long', { max: DOMAIN_MAX_LENGTH });
  if (!syntax.wildcard && text.startsWith('*') && isDomain(text, { ...syntax, wildcard: true })) {
    return issue('domain.wildcard-not-allowed');
  }
  return isDomain(text, syntax) ? null : issue('domain.format-error');
}
