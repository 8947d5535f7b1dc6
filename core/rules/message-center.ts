/**
 * The message center's contact rules beyond the shared contact checks of accounts.ts (rules §5 Contacts: name and
 * mailbox not empty, email format checked; group name not empty), with the limits the spec leaves open read strictly.
 */
import { isBlank, validateLength, type Bounds } from './common.js';
import { validateContact, validateContactGroupName } from './accounts.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/**
 * Contact name length. Rules §5 only says "not empty"; the other person and group names of the console are 1-40
 * characters (rules §9 Names), the stricter reading applied here too.
 */
export const CONTACT_NAME_LENGTH: Bounds = { min: 1, max: 40 };
/** Contact group name length: rules §9 Names (groups 1-40 characters). */
export const CONTACT_GROUP_NAME_LENGTH: Bounds = { min: 1, max: 40 };
/** Mobile number: optional; digits with an optional leading `+` (E.164 allows at most 15 digits). */
export const MOBILE_DIGITS: Bounds = { min: 5, max: 15 };
/** Seconds before another verification code may be sent to the same mailbox (rules §8 countdown). */
export const CONTACT_CODE_RESEND_SECONDS = 60;
/** Digits of a mailed verification code. */
export const CONTACT_CODE_LENGTH = 6;

/** An optional mobile number: empty, or `+` and 5-15 digits. */
export function validateMobile(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return null;
  const digits = text.startsWith('+') ? text.slice(1) : text;
  if (!/^[0-9]+$/.test(digits) || digits.length < MOBILE_DIGITS.min || digits.length > MOBILE_DIGITS.max) {
    return issue('message-center.mobile-invalid');
  }
  return null;
}

/** Fields of the contact form. */
export interface ContactFormInput {
  name: string;
  email: string;
  mobile: string;
}

/** Checks the contact form; issues name the fields of {@link ContactFormInput}. */
export function validateContactForm(input: ContactFormInput): FieldIssue[] {
  const base = validateContact(input);
  const issues = base.filter((found) => found.field === 'name');
  if (issues.length === 0) issues.push(...onField('name', validateLength(input.name, CONTACT_NAME_LENGTH)));
  issues.push(...base.filter((found) => found.field !== 'name'));
  issues.push(...onField('mobile', validateMobile(input.mobile)));
  return issues;
}

/** A contact group name: not empty (rules §5), at most 40 characters (rules §9), unique in the account. */
export function validateContactGroup(name: string | null | undefined, taken = false): RuleIssue | null {
  const required = validateContactGroupName(name);
  if (required) return required;
  const length = validateLength(name!, CONTACT_GROUP_NAME_LENGTH);
  if (length) return length;
  return taken ? issue('message-center.group-name-taken') : null;
}

/** A verification code as typed: required, then digits of the right length. */
export function validateContactCode(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('accounts.verification-code-required');
  return new RegExp(`^[0-9]{${CONTACT_CODE_LENGTH}}$`).test(value!.trim()) ? null : issue('message-center.code-invalid');
}
