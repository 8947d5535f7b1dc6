/**
 * Identity verification (实名认证) of a main account: the user center's `authentication` page (shell §2 user center).
 * The spec names only the route and its label, so the rules are those of the national numbers a Chinese provider's
 * real-name check accepts: the resident identity number of GB 11643-1999 (17 digits and a check character computed
 * with ISO 7064 MOD 11-2) and the unified social credit identifier of GB 32100-2015 (17 characters of a 31-character
 * alphabet and a check character computed with MOD 31). Name lengths are this console's choice, wide enough for
 * minority and transliterated names.
 */
import { charLength, isBlank } from './common.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/**
 * The messages only identity verification gives. They are worded in the `user-center` catalogue (`issue.*`), like the
 * user center's server-only refusals, not in the shared `rules` catalogue: only `<ec-user-center>` shows them, and every
 * element downloads `rules`. Their keys stay `user-center.*` issue keys, so the server answers them the same way.
 */
export const IDENTITY_ISSUES = ['id-number', 'credit-code', 'check-digit', 'person-name'] as const;

function identityIssue(name: (typeof IDENTITY_ISSUES)[number], values?: Record<string, unknown>): RuleIssue {
  return values === undefined ? { key: `user-center.${name}` } : { key: `user-center.${name}`, values };
}

/** Who is verified: a person or an organisation. */
export const IDENTITY_KINDS = ['individual', 'enterprise'] as const;
/** A kind of identity. */
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** A person's name (real name, legal representative): characters. */
export const PERSON_NAME_LENGTH = { min: 2, max: 30 } as const;
/** A company name: characters. */
export const COMPANY_NAME_LENGTH = { min: 2, max: 100 } as const;
/** Both numbers have 18 characters. */
export const IDENTITY_NUMBER_LENGTH = 18;

/**
 * The name the reference server's simulated review refuses (the other submissions are approved), so a rejection can
 * be seen without a real registry behind the demo. Documented in README and in the element's JSDoc.
 */
export const IDENTITY_REVIEW_REJECTED_NAME = '驳回测试';

/** Letters of any script, the middle dots of transliterated names (· and •), spaces and a full stop. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .·•]*[\p{L}\p{M}]$/u;

/** GB 11643-1999 weights (2^(17-i) mod 11) and the check character for each remainder. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECKS = '10X98765432';

/** GB 32100-2015: the 31 characters allowed (no I, O, Z, S, V) and the weights (3^(i) mod 31). */
const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The number as stored and checked: trimmed, upper case (a trailing `x` is the check character X). */
export function normalizeIdentityNumber(value: string): string {
  return value.trim().toUpperCase();
}

function validBirthDate(digits: string): boolean {
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  const day = Number(digits.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() <= Date.now();
}

/** The check character GB 11643 gives the first 17 digits. */
export function residentIdCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECKS[sum % 11]!;
}

/** The check character GB 32100 gives the first 17 characters (all in the alphabet). */
export function creditCodeCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_ALPHABET.indexOf(first17[i]!) * CREDIT_WEIGHTS[i]!;
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** A resident identity number (GB 11643-1999): 17 digits with a real birth date, then the check character. */
export function validateResidentId(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  const number = normalizeIdentityNumber(value!);
  if (!/^[1-9]\d{16}[\dX]$/.test(number) || !validBirthDate(number.slice(6, 14))) return identityIssue('id-number');
  return residentIdCheck(number) === number[17] ? null : identityIssue('check-digit');
}

/** A unified social credit code (GB 32100-2015): 18 characters of its alphabet, region digits, the check character. */
export function validateCreditCode(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  const code = normalizeIdentityNumber(value!);
  const inAlphabet = code.length === IDENTITY_NUMBER_LENGTH && [...code].every((c) => CREDIT_ALPHABET.includes(c));
  if (!inAlphabet || !/^\d{6}$/.test(code.slice(2, 8))) return identityIssue('credit-code');
  return creditCodeCheck(code) === code[17] ? null : identityIssue('check-digit');
}

/** A person's name: 2-30 letters (any script), with spaces or middle dots between them. */
export function validatePersonName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  const name = value!.trim();
  const length = charLength(name);
  if (length < PERSON_NAME_LENGTH.min || length > PERSON_NAME_LENGTH.max || !PERSON_NAME.test(name)) {
    return identityIssue('person-name', { ...PERSON_NAME_LENGTH });
  }
  return null;
}

/** A company name as registered: 2-100 characters. */
export function validateCompanyName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  const length = charLength(value!.trim());
  return length < COMPANY_NAME_LENGTH.min || length > COMPANY_NAME_LENGTH.max ? issue('common.length-range', { ...COMPANY_NAME_LENGTH }) : null;
}

/** What the verification form sends; only the fields of its kind are read. */
export interface IdentityInput {
  kind: IdentityKind;
  real_name?: string;
  id_number?: string;
  company_name?: string;
  credit_code?: string;
  legal_person?: string;
}

/** Checks a submission; issues name the fields of the form. */
export function validateIdentity(input: IdentityInput): FieldIssue[] {
  if (input.kind === 'individual') {
    return [...onField('real_name', validatePersonName(input.real_name)), ...onField('id_number', validateResidentId(input.id_number))];
  }
  return [
    ...onField('company_name', validateCompanyName(input.company_name)),
    ...onField('credit_code', validateCreditCode(input.credit_code)),
    ...onField('legal_person', validatePersonName(input.legal_person)),
  ];
}

/** The number as answers show it: only its first and last characters (`1****************X`). */
export function maskIdentityNumber(value: string): string {
  return value.length <= 2 ? '*'.repeat(value.length) : `${value[0]}${'*'.repeat(value.length - 2)}${value[value.length - 1]}`;
}
