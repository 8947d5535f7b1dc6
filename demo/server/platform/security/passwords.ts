/**
 * Password hashing with scrypt (node:crypto). Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be
 * raised later and old hashes still verify with the parameters they were made with.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PREFIX = 'scrypt';
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/**
 * N=2^14, r=8, p=1 (16 MB per hash): about 60 ms on a 2-core VM, which bounds a sign-in flood to a few dozen hashes per
 * second per core. OWASP's current floor is N=2^17; raise N on faster machines, stored hashes keep their own cost.
 */
const DEFAULT_COST = { N: 16384, r: 8, p: 1 } as const;
/** scrypt needs 128 * N * r bytes: room for stored hashes up to N=2^16 (four times the default). */
const MAX_MEMORY = 64 * 1024 * 1024;

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
