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
