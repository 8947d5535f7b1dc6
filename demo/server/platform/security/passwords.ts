/**
 * Password hashing with scrypt (node:crypto). Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be
 * raised later and old hashes still verify with the parameters they were made with.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PREFIX = 'scrypt';
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** OWASP's recommended scrypt cost (Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1, 128 MiB per hash. */
export const OWASP_SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * A cheap cost for the test suites only (EC_FAST_PASSWORD_HASHING=1, set by test/run.mjs), which start hundreds of
 * servers and sign-ins: hashes keep their own parameters, so verification and rehashing work the same at any cost.
 */
const TEST_COST = { N: 2 ** 10, r: 8, p: 1 } as const;
const DEFAULT_COST = process.env.EC_FAST_PASSWORD_HASHING === '1' ? TEST_COST : OWASP_SCRYPT_COST;
/** scrypt needs 128 * N * r bytes: room for N = 2^17 (128 MiB) with margin. */
const MAX_MEMORY = 256 * 1024 * 1024;

interface ParsedHash {
  options: ScryptOptions;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p)) return null;
  return {
    options: { N, r, p, maxmem: MAX_MEMORY },
    salt: Buffer.from(parts[4], 'base64url'),
    hash: Buffer.from(parts[5], 'base64url'),
  };
}

function format(salt: Buffer, hash: Buffer): string {
  const { N, r, p } = DEFAULT_COST;
  return [PREFIX, N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolvePromise, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolvePromise(key))),
  );
}

/** Hashes a password off the main thread (libuv's pool), for sign-up and password changes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(salt, await scryptAsync(password, salt, KEY_LENGTH, { ...DEFAULT_COST, maxmem: MAX_MEMORY }));
}

/** Synchronous hashing, for the seed at start-up only (no requests are being served yet). */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return format(salt, scryptSync(password, salt, KEY_LENGTH, { ...DEFAULT_COST, maxmem: MAX_MEMORY }));
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
/** Whether a stored hash was made with another cost than today's, so the next sign-in should hash it again. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return parsed === null || parsed.options.N !== DEFAULT_COST.N || parsed.options.r !== DEFAULT_COST.r || parsed.options.p !== DEFAULT_COST.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.options);
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

/**
 * A hash of a random password, verified against when the account does not exist, so an unknown account costs the
 * same time as a wrong password and sign-in timing does not reveal which accounts exist.
 */
export const DECOY_PASSWORD_HASH = hashPasswordSync(randomBytes(16).toString('base64url'));
