/**
 * Reads an uploaded certificate chain and private key (rules §5 Certificates: "PEM only, private key without
 * password") with pkijs and WebCrypto, so the browser shows what will be saved and the reference server checks the
 * same things the same way: the subject, names, issuer, validity and key type of the leaf; whether the key belongs to
 * the certificate (the public keys are compared); the chain ordered leaf first, then its issuers.
 *
 * Not re-exported from `core/rules/index.ts`: pkijs is large, and only the certificate feature needs it.
 *
 * Expired certificates: rules §3 lists "expired" among the expiry states of stored certificates (they expire while
 * stored), and the issue allows refusing or warning on upload. We take the stricter reading: uploading a certificate
 * that has already expired is refused; one not yet valid or expiring within 30 days is saved with a warning.
 */
import { AltName, Certificate, ECPrivateKey, PrivateKeyInfo, RSAPrivateKey, type AttributeTypeAndValue, type RelativeDistinguishedNames } from 'pkijs';
import type { FieldIssue } from '../api/catalogue.js';
import type { CertificateSummary } from '../api/endpoints/certificates.js';
import { CERTIFICATE_EXPIRING_SOON_DAYS, parsePem, validateCertificatePem, validatePrivateKeyPem } from '../rules/certificates.js';
import { issue, onField, type RuleIssue } from '../rules/types.js';
import { type Bytes, fromBase64, nullValue, objectIdentifier, octetString, sequence, smallInteger, toPem } from './der.js';

const OID_RSA = '1.2.840.113549.1.1.1';
const OID_EC = '1.2.840.10045.2.1';
const OID_ED25519 = '1.3.101.112';
const OID_SUBJECT_ALT_NAME = '2.5.29.17';
const CURVES: Record<string, 'P-256' | 'P-384' | 'P-521'> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};
const NAME_LABELS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.8': 'ST',
  '2.5.4.7': 'L',
  '1.2.840.113549.1.9.1': 'E',
};
const DAY_MS = 86_400_000;

/** What the upload form learns before saving. */
export interface CertificateInspection {
  /** Blocking problems, on the fields `certificate` and `privateKey`. */
  issues: FieldIssue[];
  /** Non-blocking: saved anyway (not yet valid, expiring soon). */
  warnings: FieldIssue[];
  /** The leaf's facts, when the certificate could be read. */
  summary: CertificateSummary | null;
  /** The chain leaf first, then issuers, as PEM; null when there are blocking issues. */
  orderedChainPem: string | null;
}

/** The upload's two texts. */
export interface CertificateInspectionInput {
  certificate: string;
  privateKey: string;
}

/** A parsed certificate with its DER bytes. */
interface ParsedCertificate {
  certificate: Certificate;
  der: Bytes;
}

/** A private key ready for WebCrypto. */
interface ParsedKey {
  pkcs8: Bytes;
  algorithm: RsaHashedImportParams | EcKeyImportParams | Algorithm;
}

function hex(bytes: Uint8Array, separator = ''): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(separator);
}

function attributeText(attribute: AttributeTypeAndValue): string {
  const value = (attribute.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
  return typeof value === 'string' ? value : '';
}

function distinguishedName(name: RelativeDistinguishedNames): string {
  return name.typesAndValues.map((attribute) => `${NAME_LABELS[attribute.type] ?? attribute.type}=${attributeText(attribute)}`).join(', ');
}

function commonName(name: RelativeDistinguishedNames): string {
  const found = name.typesAndValues.find((attribute) => attribute.type === '2.5.4.3');
  return found ? attributeText(found) : distinguishedName(name);
}

function dnsNames(certificate: Certificate): string[] {
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === OID_SUBJECT_ALT_NAME);
  const parsed = extension?.parsedValue;
  if (!(parsed instanceof AltName)) return [];
  return parsed.altNames.filter((name) => name.type === 2 && typeof name.value === 'string').map((name) => name.value as string);
}

/** The import parameters of a public or private key by its algorithm identifier; null when unsupported. */
function importAlgorithm(algorithmId: string, curveOid: string | null): ParsedKey['algorithm'] | null {
  if (algorithmId === OID_RSA) return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  if (algorithmId === OID_EC) {
    const curve = curveOid ? CURVES[curveOid] : undefined;
    return curve ? { name: 'ECDSA', namedCurve: curve } : null;
  }
  if (algorithmId === OID_ED25519) return { name: 'Ed25519' };
  return null;
}

function oidText(value: unknown): string | null {
  const block = (value as { valueBlock?: { toString(): string } } | undefined)?.valueBlock;
  return block && typeof (value as { idBlock?: { tagNumber?: number } }).idBlock?.tagNumber === 'number' &&
    (value as { idBlock: { tagNumber: number } }).idBlock.tagNumber === 6
    ? block.toString()
    : null;
}

function readCertificates(pem: string): ParsedCertificate[] | null {
  const blocks = parsePem(pem);
  if (blocks === null) return null;
  try {
    return blocks.map((block) => {
      const der = fromBase64(block.body);
      return { certificate: Certificate.fromBER(der), der };
    });
  } catch {
    return null;
  }
}

/** Reads a PKCS#8, PKCS#1 (RSA) or SEC1 (EC) key and wraps the last two into PKCS#8, which WebCrypto imports. */
function readPrivateKey(pem: string): ParsedKey | RuleIssue {
  const [block] = parsePem(pem) ?? [];
  if (!block) return issue('certificates.key-pem-only');
  try {
    const der = fromBase64(block.body);
    if (block.label === 'PRIVATE KEY') {
      const info = PrivateKeyInfo.fromBER(der);
      const algorithmId = info.privateKeyAlgorithm.algorithmId;
      const algorithm = importAlgorithm(algorithmId, oidText(info.privateKeyAlgorithm.algorithmParams));
      return algorithm ? { pkcs8: der, algorithm } : issue('certificates.key-unsupported');
    }
    if (block.label === 'RSA PRIVATE KEY') {
      RSAPrivateKey.fromBER(der);
      const pkcs8 = sequence(smallInteger(0), sequence(objectIdentifier(OID_RSA), nullValue()), octetString(der));
      return { pkcs8, algorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } };
    }
    const ec = ECPrivateKey.fromBER(der);
    const curve = ec.namedCurve ? CURVES[ec.namedCurve] : undefined;
    if (!curve || !ec.namedCurve) return issue('certificates.key-unsupported');
    const pkcs8 = sequence(smallInteger(0), sequence(objectIdentifier(OID_EC), objectIdentifier(ec.namedCurve)), octetString(der));
    return { pkcs8, algorithm: { name: 'ECDSA', namedCurve: curve } };
  } catch {
    return issue('certificates.key-unreadable');
  }
}

/** The public half of a key as the JWK members that identify it. */
function publicIdentity(jwk: JsonWebKey): string {
  if (jwk.kty === 'RSA') return `RSA:${jwk.n}:${jwk.e}`;
  return `${jwk.kty}:${jwk.crv}:${jwk.x}:${jwk.y ?? ''}`;
}

/** The size of an RSA modulus in bits, from its base64url JWK member. */
function rsaBits(modulusBase64Url: string): number {
  const base64 = modulusBase64Url.replace(/-/g, '+').replace(/_/g, '/');
  const modulus = fromBase64(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  let bits = modulus.length * 8;
  for (let mask = 0x80; modulus.length > 0 && mask > 0 && (modulus[0]! & mask) === 0; mask >>= 1) bits--;
  return bits;
}

/** `RSA 2048`, `EC P-256`, `Ed25519`. */
function keyTypeLabel(jwk: JsonWebKey): string {
  if (jwk.kty === 'RSA') return `RSA ${rsaBits(jwk.n ?? '')}`;
  if (jwk.kty === 'EC') return `EC ${jwk.crv}`;
  return jwk.crv ?? jwk.kty ?? '';
}

/** The certificate's public key as JWK; null when its algorithm is not supported. */
async function certificatePublicJwk(certificate: Certificate): Promise<JsonWebKey | null> {
  const info = certificate.subjectPublicKeyInfo;
  const algorithm = importAlgorithm(info.algorithm.algorithmId, oidText(info.algorithm.algorithmParams));
  if (!algorithm) return null;
  const spki = new Uint8Array(info.toSchema().toBER(false));
  const usages: KeyUsage[] = ['verify'];
  const key = await crypto.subtle.importKey('spki', spki, algorithm, true, usages);
  return crypto.subtle.exportKey('jwk', key);
}

/** The private key's public members as JWK (WebCrypto derives them); null when it cannot be imported. */
async function privatePublicJwk(key: ParsedKey): Promise<JsonWebKey | null> {
  try {
    const imported = await crypto.subtle.importKey('pkcs8', key.pkcs8, key.algorithm, true, ['sign']);
    const jwk = await crypto.subtle.exportKey('jwk', imported);
    return { kty: jwk.kty, crv: jwk.crv, n: jwk.n, e: jwk.e, x: jwk.x, y: jwk.y };
  } catch {
    return null;
  }
}

/** Orders `certificates` from `leaf` up through its issuers; answers the order and whatever did not fit. */
function orderChain(certificates: readonly ParsedCertificate[], leaf: ParsedCertificate): { ordered: ParsedCertificate[]; unrelated: ParsedCertificate[] } {
  const ordered = [leaf];
  let rest = certificates.filter((candidate) => candidate !== leaf);
  for (let current = leaf; ; ) {
    if (current.certificate.issuer.isEqual(current.certificate.subject)) break;
    const next = rest.find((candidate) => candidate.certificate.subject.isEqual(current.certificate.issuer));
    if (!next) break;
    ordered.push(next);
    rest = rest.filter((candidate) => candidate !== next);
    current = next;
  }
  return { ordered, unrelated: rest };
}

/** The facts of a leaf certificate (also used by the server to describe what it stores). */
export async function summarizeCertificate(leaf: { certificate: Certificate; der: Bytes }, chainLength: number): Promise<CertificateSummary> {
  const { certificate, der } = leaf;
  const jwk = await certificatePublicJwk(certificate);
  const names = dnsNames(certificate);
  const subject = commonName(certificate.subject);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', der));
  return {
    subject,
    subject_dn: distinguishedName(certificate.subject),
    names: names.length > 0 ? names : [subject],
    issuer: commonName(certificate.issuer),
    issuer_dn: distinguishedName(certificate.issuer),
    not_before: certificate.notBefore.value.toISOString(),
    not_after: certificate.notAfter.value.toISOString(),
    key_type: jwk === null ? certificate.subjectPublicKeyInfo.algorithm.algorithmId : keyTypeLabel(jwk),
    serial: hex(certificate.serialNumber.valueBlock.valueHexView),
    fingerprint_sha256: hex(digest, ':'),
    chain_length: chainLength,
  };
}

/** Summarises a stored chain (leaf first); null when it cannot be read. */
export async function summarizeChainPem(pem: string): Promise<CertificateSummary | null> {
  const certificates = readCertificates(pem);
  if (!certificates || certificates.length === 0) return null;
  return summarizeCertificate(certificates[0]!, certificates.length);
}

function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Inspects an upload. `now` is the clock the expiry checks use (the server passes its own). The syntax rules of
 * `core/rules/certificates.ts` run first, so a non-PEM or encrypted key is named as such before any parsing.
 */
export async function inspectCertificateUpload(input: CertificateInspectionInput, now: number = Date.now()): Promise<CertificateInspection> {
  const issues: FieldIssue[] = [];
  const warnings: FieldIssue[] = [];
  const certificateSyntax = validateCertificatePem(input.certificate);
  const keySyntax = validatePrivateKeyPem(input.privateKey);
  issues.push(...onField('privateKey', keySyntax));
  if (certificateSyntax !== null) {
    return { issues: [...onField('certificate', certificateSyntax), ...issues], warnings, summary: null, orderedChainPem: null };
  }
  const certificates = readCertificates(input.certificate);
  if (certificates === null) {
    return { issues: [...onField('certificate', issue('certificates.certificate-unreadable')), ...issues], warnings, summary: null, orderedChainPem: null };
  }

  // The leaf is the certificate the key belongs to; without a usable key, the one that issued none of the others.
  let leaf: ParsedCertificate | undefined;
  if (keySyntax === null) {
    const key = readPrivateKey(input.privateKey);
    const keyJwk = 'pkcs8' in key ? await privatePublicJwk(key) : null;
    if (!('pkcs8' in key)) issues.push(...onField('privateKey', key));
    else if (keyJwk === null) issues.push(...onField('privateKey', issue('certificates.key-unreadable')));
    else {
      for (const candidate of certificates) {
        const certificateJwk = await certificatePublicJwk(candidate.certificate).catch(() => null);
        if (certificateJwk !== null && publicIdentity(certificateJwk) === publicIdentity(keyJwk)) {
          leaf = candidate;
          break;
        }
      }
      if (!leaf) issues.push(...onField('privateKey', issue('certificates.key-mismatch')));
    }
  }
  leaf ??=
    certificates.find((candidate) => !certificates.some((other) => other !== candidate && other.certificate.issuer.isEqual(candidate.certificate.subject))) ??
    certificates[0]!;

  const { ordered, unrelated } = orderChain(certificates, leaf);
  if (unrelated.length > 0) issues.push(...onField('certificate', issue('certificates.chain-unrelated')));
  const summary = await summarizeCertificate(leaf, ordered.length);

  const notBefore = leaf.certificate.notBefore.value;
  const notAfter = leaf.certificate.notAfter.value;
  if (notAfter.getTime() <= now) {
    issues.push(...onField('certificate', issue('certificates.expired', { date: dateOnly(notAfter) })));
  } else if (notBefore.getTime() > now) {
    warnings.push(...onField('certificate', issue('certificates.not-yet-valid', { date: dateOnly(notBefore) })));
  } else if (notAfter.getTime() - now <= CERTIFICATE_EXPIRING_SOON_DAYS * DAY_MS) {
    warnings.push(...onField('certificate', issue('certificates.expiring-soon', { date: dateOnly(notAfter), days: CERTIFICATE_EXPIRING_SOON_DAYS })));
  }

  const orderedChainPem = issues.length === 0 ? ordered.map((entry) => toPem('CERTIFICATE', entry.der)).join('') : null;
  return { issues, warnings, summary, orderedChainPem };
}

/** Splits an ordered chain into the leaf and its issuers, both PEM. */
export function splitChainPem(chainPem: string): { leaf: string; issuers: string } {
  const blocks = parsePem(chainPem) ?? [];
  const pems = blocks.map((block) => toPem(block.label, fromBase64(block.body)));
  return { leaf: pems[0] ?? '', issuers: pems.slice(1).join('') };
}
