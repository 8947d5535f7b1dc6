/**
 * Private keys at rest. Every stored private key (users' uploads, issued free certificates, the demo issuers' own
 * keys) is sealed with AES-256-GCM under a server-side key that is never written into the database, so a copy of the
 * database alone reveals no key.
 *
 * The key: `CERT_KEY_SECRET` from the environment when set (any text; the AES key is derived from it with HKDF-SHA-256),
 * otherwise 32 random bytes generated once and kept in the vault file next to the database
 * (`<database>.certificate-vault.json`, mode 0600). The same file keeps the two demo issuers (rules §9: two issuers of
 * free certificates): their certificates and their sealed keys, generated on first use, once per database. An
 * in-memory database (tests) keeps all of this in memory for the life of the process.
 */
import { createCipheriv, createDecipheriv, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { FreeCertificateIssuer } from '../../../../core/rules/certificates.js';
import { assembleCertificate, tbsCertificate, type DistinguishedName, type SignatureAlgorithm } from '../../../../core/x509/build.js';
import { toPem } from '../../../../core/x509/der.js';
import type { Db } from '../../platform/database.js';

/** The environment variable that supplies the secret instead of the vault file. */
export const CERT_KEY_SECRET_ENV = 'CERT_KEY_SECRET';
const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The demo issuers are valid ten years from their creation. */
const ISSUER_VALIDITY_MS = 10 * 365 * 86_400_000;

/** A demo issuer ready to sign. */
export interface IssuerMaterial {
  code: FreeCertificateIssuer;
  name: DistinguishedName;
  /** The issuer's certificate, PEM (appended to every chain it issues). */
  certificatePem: string;
  privateKey: KeyObject;
  signatureAlgorithm: SignatureAlgorithm;
}

/** Seals and opens private keys; hands out the demo issuers. */
export interface CertificateVault {
  /** Where the key came from, for the start-up log and tests. */
  readonly keySource: 'env' | 'file' | 'memory';
  /** Seals `plaintext`; `context` (e.g. the account) must be given again to open it. */
  seal(plaintext: string, context: string): string;
  /** Opens what {@link seal} produced; throws when the key or context differ or the text was altered. */
  open(sealed: string, context: string): string;
  /** The demo issuer, generated and stored on first use. */
  issuer(code: FreeCertificateIssuer, now: number): IssuerMaterial;
}

interface StoredIssuer {
  certificate: string;
  key: string;
}

interface VaultFile {
  version: 1;
  /** Hex; absent when the key comes from the environment. */
  secret?: string;
  issuers: Partial<Record<FreeCertificateIssuer, StoredIssuer>>;
}

// EC keys: generating them takes microseconds, so every test server on an in-memory database can afford its own.
const ISSUER_SETTINGS: Record<FreeCertificateIssuer, { name: DistinguishedName; curve: 'P-256' | 'P-384'; algorithm: SignatureAlgorithm }> = {
  'demo-trust-g1': { name: { commonName: 'Demo Trust CA G1', organization: 'Edge Console Demo' }, curve: 'P-384', algorithm: 'ecdsa-sha384' },
  'demo-secure-g2': { name: { commonName: 'Demo Secure CA G2', organization: 'Edge Console Demo' }, curve: 'P-256', algorithm: 'ecdsa-sha256' },
};

/** The hash node:crypto signs with for an algorithm of the builder. */
export function hashOf(algorithm: SignatureAlgorithm): string {
  return algorithm === 'ecdsa-sha384' ? 'sha384' : 'sha256';
}

function vaultPath(db: Db): string | null {
  return db.memory || db.name === ':memory:' ? null : `${db.name}.certificate-vault.json`;
}

function readVaultFile(path: string | null): VaultFile {
  if (path === null || !existsSync(path)) return { version: 1, issuers: {} };
  return JSON.parse(readFileSync(path, 'utf8')) as VaultFile;
}

function writeVaultFile(path: string | null, content: VaultFile): void {
  if (path === null) return;
  // Written whole to a temporary file and renamed, so a crash never leaves half a vault behind.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/** Creates the vault of a database (use {@link vaultFor}, which keeps one per database). */
export function createVault(db: Db, env: NodeJS.ProcessEnv = process.env): CertificateVault {
  const path = vaultPath(db);
  const file = readVaultFile(path);
  const envSecret = env[CERT_KEY_SECRET_ENV];
  let key: Buffer;
  let keySource: CertificateVault['keySource'];
  if (envSecret) {
    key = Buffer.from(hkdfSync('sha256', envSecret, 'edge-console', 'certificate-private-keys', 32));
    keySource = 'env';
  } else {
    if (!file.secret) {
      file.secret = randomBytes(32).toString('hex');
      writeVaultFile(path, file);
    }
    key = Buffer.from(file.secret, 'hex');
    keySource = path === null ? 'memory' : 'file';
  }
  const issuers = new Map<FreeCertificateIssuer, IssuerMaterial>();

  const vault: CertificateVault = {
    keySource,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, context) {
      if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('Not a sealed private key');
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    issuer(code, now) {
      const cached = issuers.get(code);
      if (cached) return cached;
      const settings = ISSUER_SETTINGS[code];
      const context = `issuer:${code}`;
      let stored = file.issuers[code];
      if (!stored) {
        const pair = generateKeyPairSync('ec', { namedCurve: settings.curve });
        const tbs = tbsCertificate({
          serial: randomBytes(16),
          subject: settings.name,
          issuer: settings.name,
          notBefore: new Date(now),
          notAfter: new Date(now + ISSUER_VALIDITY_MS),
          subjectPublicKeyInfo: pair.publicKey.export({ type: 'spki', format: 'der' }),
          signatureAlgorithm: settings.algorithm,
          authority: true,
        });
        const der = assembleCertificate(tbs, settings.algorithm, sign(hashOf(settings.algorithm), tbs, pair.privateKey));
        stored = {
          certificate: toPem('CERTIFICATE', der),
          key: vault.seal(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, context),
        };
        file.issuers[code] = stored;
        writeVaultFile(path, file);
      }
      const material: IssuerMaterial = {
        code,
        name: settings.name,
        certificatePem: stored.certificate,
        privateKey: createPrivateKey(vault.open(stored.key, context)),
        signatureAlgorithm: settings.algorithm,
      };
      issuers.set(code, material);
      return material;
    },
  };
  return vault;
}

const vaults = new WeakMap<Db, CertificateVault>();

/** The vault of a database, created on first use. */
export function vaultFor(db: Db): CertificateVault {
  let vault = vaults.get(db);
  if (!vault) {
    vault = createVault(db);
    vaults.set(db, vault);
  }
  return vault;
}
