/**
 * Certificate fixtures made at test time with WebCrypto (the same code runs in Node and in Chromium): a test CA, leaf
 * certificates for chosen names and dates, keys in PKCS#8, a really encrypted PKCS#8 key (PBES2: PBKDF2 + AES-256-CBC)
 * and a legacy OpenSSL-style encrypted key. Nothing is stored in the repository.
 */
import { assembleCertificate, tbsCertificate, type DistinguishedName } from '../../core/x509/build.js';
import {
  ecdsaRawToDer,
  objectIdentifier,
  octetString,
  sequence,
  smallInteger,
  toBase64,
  toPem,
  type Bytes,
} from '../../core/x509/der.js';

const DAY_MS = 86_400_000;
const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const RSA_2048 = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' } as const;

/** A key pair with its PKCS#8 PEM. */
export interface FixtureKey {
  pair: CryptoKeyPair;
  pem: string;
}

/** A signing CA. */
export interface FixtureAuthority {
  name: DistinguishedName;
  key: FixtureKey;
  pem: string;
}

function randomSerial(): Bytes {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes;
}

/** A new key: EC P-256 (fast) or RSA 2048. */
export async function makeKey(kind: 'ec' | 'rsa' = 'ec'): Promise<FixtureKey> {
  const pair = (await crypto.subtle.generateKey(kind === 'ec' ? EC_P256 : RSA_2048, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  return { pair, pem: toPem('PRIVATE KEY', pkcs8) };
}

async function signedCertificate(
  issuer: { name: DistinguishedName; key: FixtureKey },
  subject: DistinguishedName,
  subjectKey: FixtureKey,
  options: { notBefore: Date; notAfter: Date; dnsNames?: string[]; authority?: boolean },
): Promise<string> {
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', subjectKey.pair.publicKey));
  const tbs = tbsCertificate({
    serial: randomSerial(),
    subject,
    issuer: issuer.name,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    subjectPublicKeyInfo: spki,
    signatureAlgorithm: 'ecdsa-sha256',
    dnsNames: options.dnsNames,
    authority: options.authority,
  });
  const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, issuer.key.pair.privateKey, tbs));
  return toPem('CERTIFICATE', assembleCertificate(tbs, 'ecdsa-sha256', ecdsaRawToDer(raw)));
}

/** A self-signed test CA (EC P-256). */
export async function makeAuthority(commonName = 'Fixture Test CA'): Promise<FixtureAuthority> {
  const key = await makeKey('ec');
  const name = { commonName, organization: 'Fixtures' };
  const now = Date.now();
  const pem = await signedCertificate({ name, key }, name, key, {
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 3650 * DAY_MS),
    authority: true,
  });
  return { name, key, pem };
}

/** A leaf certificate and its key. */
export interface FixturePair {
  /** Leaf, then the CA (or reversed with `order: 'issuer-first'`). */
  certificate: string;
  leaf: string;
  privateKey: string;
  key: FixtureKey;
}

/** A leaf for `names` signed by `authority`, valid from `validFromDays` to `validToDays` relative to now. */
export async function makeLeaf(
  authority: FixtureAuthority,
  names: string[],
  options: { validFromDays?: number; validToDays?: number; keyKind?: 'ec' | 'rsa'; order?: 'leaf-first' | 'issuer-first' } = {},
): Promise<FixturePair> {
  const key = await makeKey(options.keyKind ?? 'ec');
  const now = Date.now();
  const leaf = await signedCertificate(authority, { commonName: names[0]! }, key, {
    notBefore: new Date(now + (options.validFromDays ?? -1) * DAY_MS),
    notAfter: new Date(now + (options.validToDays ?? 365) * DAY_MS),
    dnsNames: names,
  });
  const certificate = options.order === 'issuer-first' ? authority.pem + leaf : leaf + authority.pem;
  return { certificate, leaf, privateKey: key.pem, key };
}

/**
 * The same key, encrypted as PKCS#8 `ENCRYPTED PRIVATE KEY` with PBES2 (PBKDF2-SHA256, AES-256-CBC), as
 * `openssl pkcs8 -topk8 -v2 aes-256-cbc` writes it.
 */
export async function encryptPkcs8(key: FixtureKey, password: string): Promise<string> {
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', key.pair.privateKey));
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const iterations = 2048;
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  const aes = await crypto.subtle.deriveKey({ name: 'PBKDF2', salt, iterations, hash: 'SHA-256' }, base, { name: 'AES-CBC', length: 256 }, false, ['encrypt']);
  const encrypted = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, aes, pkcs8));
  const pbkdf2 = sequence(
    objectIdentifier('1.2.840.113549.1.5.12'),
    sequence(octetString(salt), smallInteger(iterations), sequence(objectIdentifier('1.2.840.113549.2.9'))),
  );
  const cipher = sequence(objectIdentifier('2.16.840.1.101.3.4.1.42'), octetString(iv));
  const algorithm = sequence(objectIdentifier('1.2.840.113549.1.5.13'), sequence(pbkdf2, cipher));
  return toPem('ENCRYPTED PRIVATE KEY', sequence(algorithm, octetString(encrypted)));
}

/** A legacy OpenSSL encrypted key: `Proc-Type: 4,ENCRYPTED` and `DEK-Info` headers over an encrypted body. */
export async function encryptLegacy(key: FixtureKey, password: string): Promise<string> {
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', key.pair.privateKey));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  const aes = await crypto.subtle.deriveKey({ name: 'PBKDF2', salt: iv, iterations: 1, hash: 'SHA-256' }, base, { name: 'AES-CBC', length: 256 }, false, ['encrypt']);
  const body = toBase64(new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, aes, pkcs8))).match(/.{1,64}/g)!.join('\n');
  const ivHex = Array.from(iv, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('');
  return `-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,${ivHex}\n\n${body}\n-----END EC PRIVATE KEY-----\n`;
}

/** Text that is not PEM at all. */
export const GARBAGE = 'this is not a certificate\n{"hello": "world"}\n';

/** `count` distinct domain names under `parent`, one per line. */
export function domainBatch(count: number, parent = 'batch.example.com'): string[] {
  return Array.from({ length: count }, (_, index) => `host${index + 1}.${parent}`);
}
