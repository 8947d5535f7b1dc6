/**
 * Mailed verification codes (rules §5 "Verification code required where used"; rules §8 "Verification code sent, can
 * be resent after a countdown"). The spec names no length, lifetime or countdown: the values below are this console's
 * choice. Kept apart from ./user-center.ts so the sign-in page does not download the IP parser with them.
 */
import { isBlank } from './common.js';
import { issue, type RuleIssue } from './types.js';

/** Digits of a mailed verification code. */
export const VERIFICATION_CODE_LENGTH = 6;
/** How long a mailed code is accepted (minutes). */
export const VERIFICATION_CODE_TTL_MINUTES = 10;
/** The countdown before another code may be sent to the same purpose (rules §8; seconds). */
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
/** Wrong entries a code survives; the next one voids it, so six digits cannot be guessed within its lifetime. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

/** A verification code as typed: required (rules §5), then six digits. */
export function validateVerificationCodeFormat(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (isBlank(text)) return issue('accounts.verification-code-required');
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(text) ? null : issue('user-center.code-format', { length: VERIFICATION_CODE_LENGTH });
}
