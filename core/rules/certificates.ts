/**
 * Certificates (rules §5 Certificates; rules §9 "Batch certificate apply 1000 domains", "Free certificate").
 *
 * These are the syntax rules of the upload form, shared by browser and server: PEM armour and base64 bodies, and
 * whether the key is encrypted. Whether the key matches the certificate, and the certificate's dates and names, need
 * an X.509 parser and belong to the certificate feature.
 */
import { isBlank, validateLength, type Bounds } from './common.js';
import { validateBatch, type BatchResult } from './batch.js';
import { normalizeDomain, validateDomain } from './domain.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/** Certificate name length (rules §5 Certificates: 4-50 characters). */
export const CERTIFICATE_NAME_LENGTH: Bounds = { min: 4, max: 50 };
/** Domains per batch apply (rules §5 Certificates, rules §9: 1000). */
export const CERTIFICATE_BATCH_APPLY_MAX = 1000;
/** Free certificates per registered domain per week (rules §5 Certificates, rules §9: 50). */
export const FREE_CERTIFICATES_PER_DOMAIN_WEEKLY = 50;
/** Duplicate free certificates, the same set of names (rules §5 Certificates, rules §9: 5). */
export const FREE_CERTIFICATE_DUPLICATES_MAX = 5;
/** Free certificate validity in months (rules §9: 3 months, renewed automatically). */
export const FREE_CERTIFICATE_VALIDITY_MONTHS = 3;
/** Issuers a free certificate can come from (rules §9: two). */
export const FREE_CERTIFICATE_ISSUER_COUNT = 2;

/** The PEM labels a private key may carry when it is not encrypted. */
export const PRIVATE_KEY_LABELS: readonly string[] = ['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY'];

/** One PEM block: its label, its header lines (legacy `Proc-Type:` style) and its base64 body. */
export interface PemBlock {
  /** The text after BEGIN, e.g. `CERTIFICATE`. */
  label: string;
  /** `Name: value` header lines before the body (OpenSSL's legacy encrypted keys use them). */
  headers: string[];
  /** The base64 body with line breaks removed. */
  body: string;
}

const BASE64_LINE = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Reads the PEM blocks of a text; `null` when it is not PEM: something other than whitespace outside the blocks, a
 * BEGIN without its END, labels that differ, or a body that is not base64 of a sensible length.
 */
export function parsePem(text: string): PemBlock[] | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((line) => line.trim());
  const blocks: PemBlock[] = [];
  let current: PemBlock | null = null;
  let inHeaders = false;
  for (const line of lines) {
    if (current === null) {
      if (line.length === 0) continue;
      const begin = /^-----BEGIN ([A-Z0-9 ]+)-----$/.exec(line);
      if (begin === null) return null;
      current = { label: begin[1]!, headers: [], body: '' };
      inHeaders = true;
      continue;
    }
    const end = /^-----END ([A-Z0-9 ]+)-----$/.exec(line);
    if (end !== null) {
      if (end[1] !== current.label || current.body.length === 0 || current.body.length % 4 !== 0) return null;
      blocks.push(current);
      current = null;
      continue;
    }
    if (inHeaders && /^[A-Za-z-]+:/.test(line)) {
      current.headers.push(line);
      continue;
    }
    inHeaders = false;
    if (line.length === 0) continue;
    if (!BASE64_LINE.test(line) || current.body.includes('=')) return null;
    current.body += line;
  }
  return current === null && blocks.length > 0 ? blocks : null;
}

/** Certificate name: required, 4-50 characters (rules §5 Certificates). */
export function validateCertificateName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  return validateLength(value!, CERTIFICATE_NAME_LENGTH);
}

/** The certificate (chain): PEM only, every block a CERTIFICATE (rules §5 Certificates: "PEM only"). */
export function validateCertificatePem(text: string | null | undefined): RuleIssue | null {
  if (isBlank(text)) return issue('certificates.certificate-required');
  const blocks = parsePem(text!);
  if (blocks === null || blocks.some((block) => block.label !== 'CERTIFICATE')) return issue('certificates.pem-only');
  return null;
}

/**
 * The private key: one PEM key block, not encrypted (rules §5 Certificates: "private key without password"). A PKCS#8
 * `ENCRYPTED PRIVATE KEY` and a legacy key with a `Proc-Type: 4,ENCRYPTED` header are both refused.
 */
export function validatePrivateKeyPem(text: string | null | undefined): RuleIssue | null {
  if (isBlank(text)) return issue('certificates.key-required');
  const blocks = parsePem(text!);
  if (blocks === null || blocks.length !== 1) return issue('certificates.key-pem-only');
  const [block] = blocks as [PemBlock];
  const encrypted = block.label === 'ENCRYPTED PRIVATE KEY' || block.headers.some((header) => /ENCRYPTED/i.test(header));
  if (encrypted) return issue('certificates.key-encrypted');
  return PRIVATE_KEY_LABELS.includes(block.label) ? null : issue('certificates.key-pem-only');
}

/** A certificate must be selected (rules §5 Certificates). */
export function validateCertificateSelected(certificateId: string | number | null | undefined): RuleIssue | null {
  return certificateId === null || certificateId === undefined || certificateId === '' ? issue('certificates.select-required') : null;
}

/** The upload form. */
export interface CertificateUploadInput {
  /** Display name. */
  name: string;
  /** Certificate chain, PEM. */
  certificate: string;
  /** Private key, PEM, unencrypted. */
  privateKey: string;
}

/** Checks the upload form (rules §5 Certificates); issues name the fields of {@link CertificateUploadInput}. */
export function validateCertificateUpload(input: CertificateUploadInput): FieldIssue[] {
  return [
    ...onField('name', validateCertificateName(input.name)),
    ...onField('certificate', validateCertificatePem(input.certificate)),
    ...onField('privateKey', validatePrivateKeyPem(input.privateKey)),
  ];
}

/** Domains for a batch apply, one per line: domain names (wildcards allowed), at most 1000 (rules §5 Certificates). */
export function validateCertificateBatchApply(input: string | readonly string[]): BatchResult {
  return validateBatch(input, {
    rule: (text) => validateDomain(text, { wildcard: true }),
    identity: normalizeDomain,
    limit: { max: CERTIFICATE_BATCH_APPLY_MAX, key: 'certificates.batch-apply-limit' },
  });
}

/**
 * The free certificate quota (rules §5 Certificates): at most 50 per registered domain per week and 5 duplicates.
 * The caller counts what was issued in the last week for the registered domain and for the same set of names.
 */
export function validateFreeCertificateQuota(usage: { issuedThisWeek: number; duplicates: number }): RuleIssue | null {
  if (usage.issuedThisWeek >= FREE_CERTIFICATES_PER_DOMAIN_WEEKLY) {
    return issue('certificates.weekly-quota', { max: FREE_CERTIFICATES_PER_DOMAIN_WEEKLY });
  }
  if (usage.duplicates >= FREE_CERTIFICATE_DUPLICATES_MAX) {
    return issue('certificates.duplicate-quota', { max: FREE_CERTIFICATE_DUPLICATES_MAX });
  }
  return null;
}

// ── Names a certificate covers, registered domains and expiry (rules §3, §4, §5 Certificates) ─────────────────────

/** Days before the due date when a certificate counts as "expiring soon" (rules §3 expiry states). */
export const CERTIFICATE_EXPIRING_SOON_DAYS = 30;

/** Rules §3 expiry states: expired, expiring soon, unexpired. */
export type CertificateExpiryState = 'expired' | 'expiring' | 'unexpired';

/** The expiry state of a certificate whose due date is `notAfter` (milliseconds), at `now`. */
export function certificateExpiryState(notAfter: number, now: number): CertificateExpiryState {
  if (notAfter <= now) return 'expired';
  return notAfter - now <= CERTIFICATE_EXPIRING_SOON_DAYS * 86_400_000 ? 'expiring' : 'unexpired';
}

/**
 * Whether a certificate issued for `names` (its subject alternative names) covers `domain`. A wildcard `*.a.com`
 * covers exactly one label below `a.com` (`www.a.com`), never `a.com` itself nor `x.www.a.com` (RFC 6125 §6.4.3);
 * comparison ignores case and a trailing dot.
 */
export function certificateCovers(names: readonly string[], domain: string): boolean {
  const target = normalizeDomain(domain);
  if (target.length === 0) return false;
  return names.some((raw) => {
    const name = normalizeDomain(raw);
    if (name === target) return true;
    if (!name.startsWith('*.')) return false;
    // A wildcard in the requested domain is covered only by the same wildcard (handled by equality above).
    if (target.startsWith('*.')) return false;
    const dot = target.indexOf('.');
    return dot > 0 && target.slice(dot + 1) === name.slice(2);
  });
}

/**
 * Public suffixes of two labels the console's customers use most (China, Hong Kong, Taiwan, the UK, Japan, Korea,
 * Australia, Singapore, Brazil). The quota of rules §5 counts per *registered* domain; without the full public suffix
 * list a name under one of these counts three labels deep, any other two.
 */
const TWO_LABEL_SUFFIXES = new Set([
  'com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'ac.cn',
  'com.hk', 'net.hk', 'org.hk', 'com.tw', 'net.tw', 'org.tw',
  'co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'co.jp', 'ne.jp', 'or.jp', 'co.kr',
  'com.au', 'net.au', 'org.au', 'com.sg', 'com.br',
]);

/** The registered domain of a name (`*.shop.example.com.cn` -> `example.com.cn`), the unit of the weekly quota. */
export function registeredDomain(domain: string): string {
  const labels = normalizeDomain(domain).replace(/^\*\./, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const lastTwo = labels.slice(-2).join('.');
  return TWO_LABEL_SUFFIXES.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
}

/** The identity of a certificate's set of names, for counting duplicates (rules §5: at most 5). */
export function certificateNameSet(names: readonly string[]): string {
  return [...new Set(names.map(normalizeDomain))].sort().join(',');
}

/** Issuers of free certificates (rules §9: two to choose from). */
export const FREE_CERTIFICATE_ISSUERS = ['demo-trust-g1', 'demo-secure-g2'] as const;
/** One of {@link FREE_CERTIFICATE_ISSUERS}. */
export type FreeCertificateIssuer = (typeof FREE_CERTIFICATE_ISSUERS)[number];

/** The free certificate application form: an issuer and one domain per line (one certificate per domain). */
export interface FreeCertificateApplicationInput {
  issuer: string;
  domains: string | readonly string[];
}

/**
 * Checks a free certificate application (rules §5 Certificates: batch apply at most 1000 domains, wildcards allowed,
 * no duplicates; rules §9: one of two issuers). Issues name the fields `issuer` and `domains`; line issues carry the
 * line and the domain so the form can point at them.
 */
export function validateFreeCertificateApplication(input: FreeCertificateApplicationInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (isBlank(input.issuer)) issues.push(...onField('issuer', issue('certificates.issuer-required')));
  else if (!(FREE_CERTIFICATE_ISSUERS as readonly string[]).includes(input.issuer)) {
    issues.push(...onField('issuer', issue('certificates.issuer-unknown')));
  }
  const batch = validateCertificateBatchApply(input.domains);
  if (batch.issue !== null) {
    issues.push(...onField('domains', batch.issue.key === 'batch.empty' ? issue('certificates.domains-required') : batch.issue));
  }
  for (const line of batch.lines) {
    if (line.status === 'valid' || line.issue === undefined || line.issue.key === 'batch.beyond-limit') continue;
    issues.push({ field: 'domains', key: line.issue.key, values: { ...line.issue.values, line: line.line, domain: line.text } });
  }
  return issues;
}
