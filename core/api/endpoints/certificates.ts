/**
 * Certificate calls (rules §2 "Certificate list: apply, batch apply, upload, bind, detail, edit, download"; rules §3
 * certificate fields; rules §4 certificate states). The spec shows no paths for certificates; these follow the
 * `V4/<area>.<object>.<verb>` style of DESIGN §3. Private keys travel only in the upload and edit bodies and in the
 * download answer when the request confirms it; list and detail answers never carry them.
 */
import type { FieldIssue } from '../catalogue.js';
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { CertificateExpiryState, FreeCertificateIssuer } from '../../rules/certificates.js';
import type { JobInfo, ListAnswer, PageQuery } from './platform.js';

export type { CertificateExpiryState, FreeCertificateIssuer };

/** Rules §3 apply status: applying, issued, review failed, uploaded-hosted. */
export type CertificateApplyStatus = 'applying' | 'issued' | 'review_failed' | 'uploaded';
/** Every apply status, in display order. */
export const CERTIFICATE_APPLY_STATUSES: readonly CertificateApplyStatus[] = ['applying', 'issued', 'review_failed', 'uploaded'];
/** Every expiry state, in display order. */
export const CERTIFICATE_EXPIRY_STATES: readonly CertificateExpiryState[] = ['expired', 'expiring', 'unexpired'];
/** Where a certificate came from: uploaded by the user or a free certificate issued by the platform. */
export type CertificateSource = 'upload' | 'free';
/** Rules §4 "bound or unbound", the certificate's business status. */
export type CertificateBusinessStatus = 'bound' | 'unbound';
/** Why a free certificate's review failed; a key of the `certificates` namespace under `review-reason.`. */
export type CertificateReviewReason = 'domain-not-verified';
/** Sort orders of the list: by due date (rules §3) or newest first. */
export type CertificateSort = 'due_asc' | 'due_desc' | 'created_desc';

/** What the X.509 certificate says, read from the leaf of the chain. */
export interface CertificateSummary {
  /** The subject's common name, or the whole distinguished name when it has none. */
  subject: string;
  /** The subject distinguished name, e.g. `CN=www.example.com, O=Example`. */
  subject_dn: string;
  /** Names the certificate covers: the DNS subject alternative names (the common name when there are none). */
  names: string[];
  /** The issuer's common name, or its distinguished name. */
  issuer: string;
  issuer_dn: string;
  /** ISO 8601, UTC. */
  not_before: string;
  /** ISO 8601, UTC: the due date. */
  not_after: string;
  /** e.g. `RSA 2048`, `EC P-256`, `Ed25519`. */
  key_type: string;
  /** Hexadecimal, upper case. */
  serial: string;
  /** SHA-256 of the leaf, colon-separated hexadecimal pairs. */
  fingerprint_sha256: string;
  /** Certificates in the chain, the leaf included. */
  chain_length: number;
}

/** A domain a certificate is bound to. */
export interface BoundDomain {
  domain_id: number;
  domain: string;
}

/** One row of the certificate list. */
export interface CertificateInfo {
  id: number;
  name: string;
  source: CertificateSource;
  apply_status: CertificateApplyStatus;
  /** Empty unless the review failed. */
  review_reason: CertificateReviewReason | '';
  /** The issuer chosen for a free certificate; null for uploads. */
  free_issuer: FreeCertificateIssuer | null;
  /** The names it covers (requested names while applying). */
  domains: string[];
  /** Null until issued. */
  issuer: string | null;
  /** Issue date, ISO 8601; null until issued. */
  not_before: string | null;
  /** Due date, ISO 8601; null until issued. */
  not_after: string | null;
  /** Null until issued. */
  expiry_state: CertificateExpiryState | null;
  key_type: string | null;
  /** Rules §9: free certificates renew automatically; uploads cannot be renewed by the platform. */
  auto_renew: boolean;
  business_status: CertificateBusinessStatus;
  /** The first bound domains (up to {@link BOUND_DOMAINS_IN_LIST}); `bound_count` has them all. */
  bound_domains: BoundDomain[];
  bound_count: number;
  created_at: string;
  updated_at: string;
  /**
   * Whether the caller may change this certificate (edit, renew, delete, bind, unbind, download its key): the
   * server's answer from the same rule its write routes refuse with (rules §6), never guessed by the browser.
   */
  editable: boolean;
}

/** Bound domains a list row carries; the detail lists every binding. */
export const BOUND_DOMAINS_IN_LIST = 5;

/** Answer of `V4/certificate.detail`: the row, the parsed certificate and the public chain (never the key). */
export interface CertificateDetail extends CertificateInfo {
  summary: CertificateSummary | null;
  /** The ordered chain, leaf first, PEM; null until issued. */
  chain_pem: string | null;
}

/** Query of `V4/certificate.list`. */
export interface CertificateListQuery extends PageQuery {
  /** Matches the name and the covered domains. */
  keyword?: string;
  expiry_state?: CertificateExpiryState;
  apply_status?: CertificateApplyStatus;
  sort?: CertificateSort;
}

/** Answer of `V4/certificate.list`: a page, the total, and the counts by expiry state over the whole account. */
export interface CertificateListAnswer extends ListAnswer<CertificateInfo> {
  counts: Record<CertificateExpiryState, number>;
}

/** Body of `V4/certificate.upload` (rules §5: name 4-50, PEM only, key without password). */
export interface CertificateUploadRequest {
  name: string;
  /** The chain, PEM, in any order: the server stores it leaf first. */
  certificate: string;
  private_key: string;
}

/** Body of `V4/certificate.update`: a new name, and for uploads optionally a new certificate and key together. */
export interface CertificateUpdateRequest {
  id: number;
  name: string;
  certificate?: string;
  private_key?: string;
}

/** Body of `V4/certificate.free.apply`: one certificate per domain (rules §5: at most 1000 domains at once). */
export interface FreeCertificateApplyRequest {
  issuer: FreeCertificateIssuer;
  domains: string[];
}

/** Answer of `V4/certificate.free.apply`: the issuance job and the certificates it works on. */
export interface FreeCertificateApplyAnswer {
  job: JobInfo;
  certificate_ids: number[];
}

/** Body of `V4/certificate.bind` and `V4/certificate.unbind`. */
export interface CertificateBindRequest {
  certificate_id: number;
  domain_ids: number[];
}

/** Answer of `V4/certificate.bind`: the bindings made and non-blocking warnings (a domain the certificate misses). */
export interface CertificateBindAnswer {
  bound: BoundDomain[];
  /** `rules` keys, e.g. `certificates.not-covered` with `{ domain }`. */
  warnings: FieldIssue[];
}

/** Why one domain could not be bound. */
export type CertificateBindFailureReason = 'domain-not-found' | 'already-bound' | 'domain-unauthorized';

/** One domain that could not be bound. */
export interface CertificateBindFailure {
  domain_id: number;
  /** Empty when the domain does not exist (or is not visible). */
  domain: string;
  reason: CertificateBindFailureReason;
}

/**
 * Data of a refused binding ("Certificate binding failed", rules §8), sent with code 100044 so the caller gets the
 * whole data: either the certificate cannot be bound at all (`reason`), or some domains failed (`failures`). Nothing is
 * bound when the binding fails.
 */
export interface CertificateBindFailedData {
  reason: 'certificate-not-issued' | 'certificate-expired' | null;
  failures: CertificateBindFailure[];
}

/** Answer of `V4/certificate.unbind`. */
export interface CertificateUnbindAnswer {
  unbound: BoundDomain[];
}

/** One binding, as `V4/certificate.binding.list` answers it. */
export interface CertificateBinding {
  certificate_id: number;
  certificate_name: string;
  domain_id: number;
  domain: string;
  bound_at: string;
  /** Whether the certificate's names cover the domain (wildcards count one label). */
  covered: boolean;
}

/** Query of `V4/certificate.binding.list`: the bindings of one certificate or of one domain. */
export interface CertificateBindingQuery extends PageQuery {
  certificate_id?: number;
  domain_id?: number;
}

/** Body of `V4/certificate.download`; the private key comes only with both flags set. */
export interface CertificateDownloadRequest {
  id: number;
  include_private_key?: boolean;
  /** The user confirmed downloading the private key. */
  confirm_private_key?: boolean;
}

/** Answer of `V4/certificate.download`. */
export interface CertificateDownloadAnswer {
  name: string;
  /** The leaf, PEM. */
  certificate: string;
  /** The issuers, PEM, nearest first; empty when the chain is the leaf alone. */
  chain: string;
  /** Leaf and issuers, PEM, the file a web server is given. */
  full_chain: string;
  /** Present only when the request confirmed it. */
  private_key?: string;
}

/** Body of `V4/certificate.auto_renew.set`. */
export interface CertificateAutoRenewRequest {
  id: number;
  auto_renew: boolean;
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One page of the account's certificates with the counts by expiry state. */
export function listCertificates(client: ApiClient, query: CertificateListQuery = {}): Promise<CertificateListAnswer> {
  return client.get('V4/certificate.list', { ...query } as QueryParams);
}

/** One certificate with its parsed summary and public chain. */
export function getCertificate(client: ApiClient, id: number): Promise<CertificateDetail> {
  return client.get('V4/certificate.detail', { id });
}

/** Uploads a certificate and its key. Pass `notify: false` to show the server's field issues inline. */
export function uploadCertificate(client: ApiClient, body: CertificateUploadRequest, options?: CallOptions): Promise<CertificateInfo> {
  return client.post('V4/certificate.upload', body, options);
}

/** Renames a certificate, or replaces an upload's certificate and key. */
export function updateCertificate(client: ApiClient, body: CertificateUpdateRequest, options?: CallOptions): Promise<CertificateInfo> {
  return client.post('V4/certificate.update', body, options);
}

/** Deletes a certificate; refused (100409) while it is bound. */
export function deleteCertificate(client: ApiClient, id: number, options?: CallOptions): Promise<{ id: number }> {
  return client.post('V4/certificate.delete', { id }, options);
}

/** Applies for free certificates, one per domain; issuance runs as a job. */
export function applyFreeCertificates(
  client: ApiClient,
  body: FreeCertificateApplyRequest,
  options?: CallOptions,
): Promise<FreeCertificateApplyAnswer> {
  return client.post('V4/certificate.free.apply', body, options);
}

/** Binds a certificate to domains (all or nothing). */
export function bindCertificate(client: ApiClient, body: CertificateBindRequest, options?: CallOptions): Promise<CertificateBindAnswer> {
  return client.post('V4/certificate.bind', body, options);
}

/** Unbinds a certificate from domains. */
export function unbindCertificate(client: ApiClient, body: CertificateBindRequest, options?: CallOptions): Promise<CertificateUnbindAnswer> {
  return client.post('V4/certificate.unbind', body, options);
}

/** The bindings of a certificate or of a domain. */
export function listCertificateBindings(client: ApiClient, query: CertificateBindingQuery): Promise<ListAnswer<CertificateBinding>> {
  return client.get('V4/certificate.binding.list', { ...query } as QueryParams);
}

/** The certificate and chain, and the private key when the request confirms it. */
export function downloadCertificate(
  client: ApiClient,
  body: CertificateDownloadRequest,
  options?: CallOptions,
): Promise<CertificateDownloadAnswer> {
  return client.post('V4/certificate.download', body, options);
}

/** Turns automatic renewal of a free certificate on or off. */
export function setCertificateAutoRenew(client: ApiClient, body: CertificateAutoRenewRequest, options?: CallOptions): Promise<CertificateInfo> {
  return client.post('V4/certificate.auto_renew.set', body, options);
}
