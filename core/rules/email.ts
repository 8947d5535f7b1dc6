/**
 * The e-mail address rule on its own: the sign-in page needs only this, so it stays out of the account rules chunk
 * that the access management element also loads (rules §5 "incorrect email address").
 */
import { isDomain } from './domain.js';

/** Longest e-mail address (RFC 5321: 254 characters in a path, 64 in the local part). */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_LOCAL_MAX_LENGTH = 64;
const EMAIL_LOCAL_SPECIALS = "!#$%&'*+/=?^_`{|}~-";

/**
 * True for an e-mail address: a dot-atom local part (letters, digits and ``!#$%&'*+/=?^_`{|}~-``, dots between
 * them) at most 64 characters, `@`, and a domain as {@link isDomain} reads it. Quoted local parts and IP-literal
 * domains are refused: they are valid in RFC 5322 but no mailbox a user owns needs them.
 */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX_LENGTH) return false;
  let previousDot = true;
  for (let i = 0; i < at; i++) {
    const c = value[i]!;
    if (c === '.') {
      if (previousDot) return false;
      previousDot = true;
      continue;
    }
    previousDot = false;
    const code = c.charCodeAt(0);
    const alphanumeric = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!alphanumeric && !EMAIL_LOCAL_SPECIALS.includes(c)) return false;
  }
  if (previousDot) return false;
  return isDomain(value.slice(at + 1));
}

