/**
 * Checks of the platform's request bodies, built from `core/rules` so the browser and the server find the same
 * problems and name them with the same message keys. Sign-in checks only the shape (required, lengths): strength
 * rules apply where a password is chosen, not where it is typed to sign in.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { ChildSignInRequest, SignInRequest } from '../../../../core/api/endpoints/auth.js';
import type { TimeZoneRequest } from '../../../../core/api/endpoints/platform.js';
import type { SignInVerifyRequest } from '../../../../core/api/endpoints/user-center.js';
import { validateVerificationCodeFormat } from '../../../../core/rules/verification-code.js';
import { validateEmail, validateSubAccountName } from '../../../../core/rules/accounts.js';
import { isBlank, parseInteger, validateLength } from '../../../../core/rules/common.js';
import { issue, onField } from '../../../../core/rules/types.js';

/**
 * Longest password accepted at sign-in. Longer than any password rules §5 lets a user choose (20), yet short enough
 * that nobody can make the server hash megabytes.
 */
const SIGN_IN_PASSWORD_MAX = 128;
/** IANA names are short; the longest in use is about 30 characters. */
const TIME_ZONE_MAX = 64;

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function passwordIssues(value: unknown): FieldIssue[] {
  const password = text(value);
  if (password === null || password.length === 0) return onField('password', issue('accounts.password-required'));
  return onField('password', validateLength(password, { min: 1, max: SIGN_IN_PASSWORD_MAX }));
}

/** Reads and checks a parent sign-in body. */
export function readSignIn(body: unknown): { value: SignInRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const email = (text(source.email) ?? '').trim();
  const password = text(source.password) ?? '';
  return {
    value: { email, password },
    issues: [...onField('email', validateEmail(email)), ...passwordIssues(source.password)],
  };
}

/** Reads and checks a child sign-in body (member id, user name, password). */
export function readChildSignIn(
  body: unknown,
): { value: ChildSignInRequest & { member_id: number }; issues: FieldIssue[] } {
  const source = asRecord(body);
  const raw = source.member_id;
  const memberId = typeof raw === 'number' || typeof raw === 'string' ? parseInteger(raw) : null;
  const userName = (text(source.user_name) ?? '').trim();
  const issues: FieldIssue[] = [];
  if (raw === undefined || raw === null || (typeof raw === 'string' && isBlank(raw))) {
    issues.push(...onField('member_id', issue('common.required')));
  } else if (memberId === null || memberId < 1) {
    issues.push(...onField('member_id', issue('common.positive-integer')));
  }
  issues.push(...onField('user_name', validateSubAccountName(userName)), ...passwordIssues(source.password));
  return { value: { member_id: memberId ?? 0, user_name: userName, password: text(source.password) ?? '' }, issues };
}

/** True for an IANA time zone name the runtime knows (`Asia/Shanghai`, `UTC`); offsets and abbreviations are not. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > TIME_ZONE_MAX || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Reads and checks the time-zone body. */
export function readTimeZone(body: unknown): { value: TimeZoneRequest; issues: FieldIssue[] } {
  const timezone = (text(asRecord(body).timezone) ?? '').trim();
  const issues = isBlank(timezone)
    ? onField('timezone', issue('common.required'))
    : isTimeZone(timezone)
      ? []
      : [{ field: 'timezone', key: 'common.format-error' }];
  return { value: { timezone }, issues };
}

/** Reads the second step of a sign-in: the challenge and the mailed code (rules §5: the code is required). */
export function readSignInVerify(body: unknown): { value: SignInVerifyRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const challenge = text(source.challenge) ?? '';
  const code = (text(source.code) ?? '').trim();
  const issues = [
    ...(challenge.length === 0 || challenge.length > 256 ? onField('challenge', issue('common.required')) : []),
    ...onField('code', validateVerificationCodeFormat(code)),
  ];
  return { value: { challenge, code }, issues };
}
