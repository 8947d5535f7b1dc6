/**
 * Stored certificates: the row shape, its answer shape (never with the private key), the issuance of real
 * certificates by the demo issuers, and the domain-control check a free certificate's review makes.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  BOUND_DOMAINS_IN_LIST,
  type BoundDomain,
  type CertificateApplyStatus,
  type CertificateInfo,
  type CertificateReviewReason,
  type CertificateSource,
} from '../../../../core/api/endpoints/certificates.js';
import { certificateExpiryState, FREE_CERTIFICATE_VALIDITY_MONTHS, type FreeCertificateIssuer } from '../../../../core/rules/certificates.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import { assembleCertificate, tbsCertificate } from '../../../../core/x509/build.js';
import { toPem } from '../../../../core/x509/der.js';
import { prepare, type Db, isoTime } from '../../platform/database.js';
import type { SqlCondition } from '../../platform/security/permissions.js';
import type { Scope } from '../../platform/security/scope.js';
import { hashOf, type CertificateVault } from './vault.js';

/** A row of `certificates`. */
export interface CertificateRow {
  id: number;
  member_id: number;
  name: string;
  source: CertificateSource;
  apply_status: CertificateApplyStatus;
  review_reason: CertificateReviewReason | '';
  free_issuer: FreeCertificateIssuer | null;
  /** JSON array of names. */
  domains: string;
  name_set: string;
  registered_domain: string;
  search_text: string;
  issuer: string | null;
  not_before: number | null;
  not_after: number | null;
  key_type: string | null;
  chain_pem: string | null;
  private_key_sealed: string | null;
  auto_renew: number;
  renewing: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** The columns a list or detail reads: everything but the sealed private key. */
export const PUBLIC_COLUMNS =
  'id, member_id, name, source, apply_status, review_reason, free_issuer, domains, name_set, registered_domain, search_text, ' +
  'issuer, not_before, not_after, key_type, chain_pem, NULL AS private_key_sealed, auto_renew, renewing, created_by, created_at, updated_at';

/** The context a private key is sealed under: it cannot be opened for another account. */
export function sealContext(memberId: number): string {
  return `certificate-key:${memberId}`;
}

/** The lower-case text the keyword search looks in: the name and the names covered. */
export function searchText(name: string, domains: readonly string[]): string {
  return [name, ...domains].join(' ').toLowerCase();
}

/**
 * Bound domains of some certificates, by certificate id, in domain order; `visible` limits them to the websites the
 * caller may read (rules §6: a certificate shared with a website outside a sub-account's grant does not name it).
 */
export function boundDomainsOf(scope: Scope, certificateIds: readonly number[], visible: SqlCondition = { where: '1', params: {} }): Map<number, BoundDomain[]> {
  const result = new Map<number, BoundDomain[]>();
  if (certificateIds.length === 0) return result;
  const rows = scope.all<{ certificate_id: number; domain_id: number; domain: string }>('certificate_bindings', {
    columns: 'certificate_id, domain_id, (SELECT domain FROM domains WHERE domains.id = certificate_bindings.domain_id) AS domain',
    where: `certificate_id IN (SELECT value FROM json_each(@ids)) AND ${visible.where}`,
    params: { ...visible.params, ids: JSON.stringify(certificateIds) },
    orderBy: 'domain',
  });
  for (const row of rows) {
    const list = result.get(row.certificate_id) ?? [];
    list.push({ domain_id: row.domain_id, domain: row.domain });
    result.set(row.certificate_id, list);
  }
  return result;
}

/** The answer shape of a row (the private key is never part of it). */
export function toCertificateInfo(row: CertificateRow, bound: readonly BoundDomain[], now: number, editable: boolean): CertificateInfo {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    apply_status: row.apply_status,
    review_reason: row.review_reason,
    free_issuer: row.free_issuer,
    domains: JSON.parse(row.domains) as string[],
    issuer: row.issuer,
    not_before: isoTime(row.not_before),
    not_after: isoTime(row.not_after),
    expiry_state: row.not_after === null ? null : certificateExpiryState(row.not_after, now),
    key_type: row.key_type,
    auto_renew: row.auto_renew === 1,
    business_status: bound.length > 0 ? 'bound' : 'unbound',
    bound_domains: bound.slice(0, BOUND_DOMAINS_IN_LIST),
    bound_count: bound.length,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    editable,
  };
}

/** `months` calendar months after `ms` (UTC), for the 3-month validity of rules §9. */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/** What an issuance produced. */
export interface IssuedCertificate {
  /** Leaf first, then the issuer. */
  chainPem: string;
  privateKeyPem: string;
  issuerName: string;
  notBefore: number;
  notAfter: number;
  keyType: string;
}

/**
 * Issues a real certificate for `names` from a demo issuer: a fresh P-256 key, the names as subject alternative
 * names (the first as common name), valid from `notBefore` for `validityMonths` (rules §9: 3 months).
 */
export function issueCertificate(
  vault: CertificateVault,
  issuerCode: FreeCertificateIssuer,
  names: readonly string[],
  notBefore: number,
  options: { validityMonths?: number; notAfter?: number } = {},
): IssuedCertificate {
  const issuer = vault.issuer(issuerCode, notBefore);
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notAfter = options.notAfter ?? addMonths(notBefore, options.validityMonths ?? FREE_CERTIFICATE_VALIDITY_MONTHS);
  const tbs = tbsCertificate({
    serial: randomBytes(16),
    subject: { commonName: names[0] ?? '' },
    issuer: issuer.name,
    notBefore: new Date(notBefore),
    notAfter: new Date(notAfter),
    subjectPublicKeyInfo: pair.publicKey.export({ type: 'spki', format: 'der' }),
    signatureAlgorithm: issuer.signatureAlgorithm,
    dnsNames: names,
  });
  const der = assembleCertificate(tbs, issuer.signatureAlgorithm, sign(hashOf(issuer.signatureAlgorithm), tbs, issuer.privateKey));
  return {
    chainPem: toPem('CERTIFICATE', der) + issuer.certificatePem,
    privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    issuerName: issuer.name.commonName,
    notBefore,
    notAfter,
    keyType: 'EC P-256',
  };
}

/**
 * The review of a free certificate: the platform can only prove control of names under the account's own websites.
 * A name passes when it (without a leading `*.`) is one of the account's domains or a subdomain of one.
 */
export function reviewDomain(db: Db, memberId: number, name: string): CertificateReviewReason | null {
  const base = normalizeDomain(name).replace(/^\*\./, '');
  const found = prepare(
    db,
    `SELECT 1 FROM domains WHERE member_id = @member AND (lower(domain) = @base OR (length(@base) > length(domain)
       AND substr(@base, length(@base) - length(domain)) = '.' || lower(domain))) LIMIT 1`,
  ).get({ member: memberId, base });
  return found ? null : 'domain-not-verified';
}

const mirrorColumns = new WeakMap<Db, boolean>();

/**
 * Writes the binding into the websites area's `domains.certificate_id` / `certificate_name` when that area's
 * migration has added them, so its domain list shows the certificate; the binding table stays the source of truth.
 */
export function mirrorBinding(db: Db, memberId: number, domainIds: readonly number[], certificate: { id: number; name: string } | null): void {
  let present = mirrorColumns.get(db);
  if (present === undefined) {
    const columns = db.prepare('PRAGMA table_info(domains)').all() as { name: string }[];
    present = columns.some((column) => column.name === 'certificate_id') && columns.some((column) => column.name === 'certificate_name');
    mirrorColumns.set(db, present);
  }
  if (!present || domainIds.length === 0) return;
  prepare(
    db,
    `UPDATE domains SET certificate_id = @certificate_id, certificate_name = @certificate_name
      WHERE member_id = @member_id AND id IN (SELECT value FROM json_each(@ids))`,
  ).run({ certificate_id: certificate?.id ?? null, certificate_name: certificate?.name ?? '', member_id: memberId, ids: JSON.stringify(domainIds) });
}
