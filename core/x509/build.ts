/**
 * Assembles X.509 v3 certificates (RFC 5280) from a template and a signature made elsewhere, so the signer can be
 * synchronous (node:crypto on the reference server, whose seed runs inside a database transaction) or asynchronous
 * (WebCrypto in browser tests making fixtures at test time). Only what the console needs: a common name and
 * organisation, DNS subject alternative names, basic constraints, key usage and server-auth extended key usage.
 */
import {
  boolean,
  concatBytes,
  explicit,
  implicitPrimitive,
  nullValue,
  objectIdentifier,
  octetString,
  sequence,
  set,
  smallInteger,
  tlv,
  unsignedInteger,
  utf8String,
  x509Time,
  type Bytes,
} from './der.js';

/** Signature algorithms the builder writes. */
export type SignatureAlgorithm = 'ecdsa-sha256' | 'ecdsa-sha384' | 'rsa-sha256';

const SIGNATURE_OIDS: Record<SignatureAlgorithm, string> = {
  'ecdsa-sha256': '1.2.840.10045.4.3.2',
  'ecdsa-sha384': '1.2.840.10045.4.3.3',
  'rsa-sha256': '1.2.840.113549.1.1.11',
};

/** The parts of a distinguished name the console writes. */
export interface DistinguishedName {
  commonName: string;
  organization?: string;
}

/** What goes into a certificate. */
export interface CertificateTemplate {
  /** Positive serial number, big-endian (RFC 5280: at most 20 bytes). */
  serial: Uint8Array;
  subject: DistinguishedName;
  issuer: DistinguishedName;
  notBefore: Date;
  notAfter: Date;
  /** The subject's public key as DER SubjectPublicKeyInfo (`spki`). */
  subjectPublicKeyInfo: Uint8Array;
  /** How the issuer signs. */
  signatureAlgorithm: SignatureAlgorithm;
  /** DNS subject alternative names (leaf certificates). */
  dnsNames?: readonly string[];
  /** A certificate authority (may sign certificates) rather than a server certificate. */
  authority?: boolean;
}

function algorithmIdentifier(algorithm: SignatureAlgorithm): Bytes {
  // RFC 4055: RSA signature identifiers carry NULL parameters; RFC 5758: ECDSA ones carry none.
  return algorithm === 'rsa-sha256'
    ? sequence(objectIdentifier(SIGNATURE_OIDS[algorithm]), nullValue())
    : sequence(objectIdentifier(SIGNATURE_OIDS[algorithm]));
}

/** The DER of a distinguished name; subject and issuer written by this one function compare byte for byte. */
export function encodeName(name: DistinguishedName): Bytes {
  const attributes = [set(sequence(objectIdentifier('2.5.4.3'), utf8String(name.commonName)))];
  if (name.organization) attributes.push(set(sequence(objectIdentifier('2.5.4.10'), utf8String(name.organization))));
  return sequence(...attributes);
}

function extension(oid: string, critical: boolean, value: Uint8Array): Bytes {
  return critical ? sequence(objectIdentifier(oid), boolean(true), octetString(value)) : sequence(objectIdentifier(oid), octetString(value));
}

function extensions(template: CertificateTemplate): Bytes {
  const list: Uint8Array[] = [];
  if (template.authority) {
    list.push(extension('2.5.29.19', true, sequence(boolean(true))));
    // keyCertSign and cRLSign: bits 5 and 6, one unused bit.
    list.push(extension('2.5.29.15', true, tlv(0x03, Uint8Array.of(0x01, 0x06))));
  } else {
    list.push(extension('2.5.29.19', true, sequence()));
    // digitalSignature and keyEncipherment: bits 0 and 2, five unused bits.
    list.push(extension('2.5.29.15', true, tlv(0x03, Uint8Array.of(0x05, 0xa0))));
    list.push(extension('2.5.29.37', false, sequence(objectIdentifier('1.3.6.1.5.5.7.3.1'))));
  }
  const names = template.dnsNames ?? [];
  if (names.length > 0) {
    const encoder = new TextEncoder();
    list.push(extension('2.5.29.17', false, sequence(...names.map((name) => implicitPrimitive(2, encoder.encode(name))))));
  }
  return explicit(3, sequence(...list));
}

/** The to-be-signed part of the certificate: sign these bytes with the issuer's key. */
export function tbsCertificate(template: CertificateTemplate): Bytes {
  return sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(template.serial),
    algorithmIdentifier(template.signatureAlgorithm),
    encodeName(template.issuer),
    sequence(x509Time(template.notBefore), x509Time(template.notAfter)),
    encodeName(template.subject),
    template.subjectPublicKeyInfo,
    extensions(template),
  );
}

/**
 * The signed certificate. `signature` is DER as X.509 carries it: for ECDSA the `SEQUENCE { r, s }` (node:crypto's
 * default; convert WebCrypto's raw `r || s` with `ecdsaRawToDer`), for RSA the PKCS#1 v1.5 signature bytes.
 */
export function assembleCertificate(tbs: Uint8Array, algorithm: SignatureAlgorithm, signature: Uint8Array): Bytes {
  return sequence(tbs, algorithmIdentifier(algorithm), tlv(0x03, concatBytes(Uint8Array.of(0), signature)));
}
