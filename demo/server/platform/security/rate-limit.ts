/**
 * Sign-in rate limiting. The rule: after 5 failed sign-ins for the same account from the same IP address within 15
 * minutes, further attempts for that account from that address are refused (RATE_LIMITED_CODE, even with the right
 * password) until the oldest failure leaves the window. A second, looser rule refuses an address after 50 failures
 * across all accounts in the same window, against password spraying. Each attempt is counted as a failure before its
 * password is checked, and a successful sign-in clears the account's failures from that address, so parallel guesses
 * cannot slip past the limit while their hashes are computed. Failures are stored in SQLite, so a restart does not reset the count.
 */
import { prepare, type Db } from '../database.js';

/** The sliding window. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures allowed per account and IP address in the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Failures allowed per IP address, over all accounts, in the window. */
export const MAX_FAILURES_PER_IP = 50;

/** Whether a sign-in may be attempted, and if not, when it may. */
export interface SignInAllowance {
  allowed: boolean;
  /** Seconds until the next attempt is accepted; 0 when allowed. */
  retryAfter: number;
}

/** Decides before the password is checked, so a blocked caller learns nothing from trying. */
export function checkSignIn(db: Db, accountKey: string, ip: string, now: number): SignInAllowance {
  const since = now - SIGN_IN_WINDOW_MS;
  const account = prepare(
    db,
    'SELECT COUNT(*) AS failures, MIN(at) AS oldest FROM sign_in_failures WHERE account_key = ? AND ip = ? AND at > ?',
  ).get(accountKey, ip, since) as { failures: number; oldest: number | null };
  const address = prepare(
    db,
    'SELECT COUNT(*) AS failures, MIN(at) AS oldest FROM sign_in_failures WHERE ip = ? AND at > ?',
  ).get(ip, since) as { failures: number; oldest: number | null };
  const blockedSince = [
    account.failures >= MAX_FAILURES_PER_ACCOUNT ? account.oldest : null,
    address.failures >= MAX_FAILURES_PER_IP ? address.oldest : null,
  ].filter((at): at is number => at !== null);
  if (blockedSince.length === 0) return { allowed: true, retryAfter: 0 };
  const until = Math.max(...blockedSince) + SIGN_IN_WINDOW_MS;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((until - now) / 1000)) };
}

/** Counts a failed sign-in; old failures are dropped on the way. */
export function recordSignInFailure(db: Db, accountKey: string, ip: string, now: number): void {
  prepare(db, 'DELETE FROM sign_in_failures WHERE at <= ?').run(now - SIGN_IN_WINDOW_MS);
  prepare(db, 'INSERT INTO sign_in_failures (account_key, ip, at) VALUES (?, ?, ?)').run(accountKey, ip, now);
}

/** Forgets an account's failures from an address after it signed in. */
export function clearSignInFailures(db: Db, accountKey: string, ip: string): void {
  prepare(db, 'DELETE FROM sign_in_failures WHERE account_key = ? AND ip = ?').run(accountKey, ip);
}
