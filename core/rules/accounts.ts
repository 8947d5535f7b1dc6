/**
 * Accounts and groups (rules §5 Accounts and groups; rules §9 Names, Login time default), plus the message center's
 * contacts and notice templates (listed under rules §5 Bans, IP lists, purge, prefetch, logs, but they are account
 * data and share the e-mail and name rules kept here).
 */
import { charLength, isBlank, parseInteger, validateLength, type Bounds } from './common.js';
import { isEmail } from './email.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/** Sub-account name length (rules §5 Accounts and groups, rules §9 Names: 1-40 characters). */
export const SUB_ACCOUNT_NAME_LENGTH: Bounds = { min: 1, max: 40 };
/** Group name length (rules §5 Accounts and groups, rules §9 Names: 1-40 characters). */
export const GROUP_NAME_LENGTH: Bounds = { min: 1, max: 40 };
/** Password length (rules §5 Accounts and groups: 8-20 characters). */
export const PASSWORD_LENGTH: Bounds = { min: 8, max: 20 };
/** How many of the four character classes (digit, upper case, lower case, special) a password needs (rules §5). */
export const PASSWORD_CLASSES_REQUIRED = 3;
/** Login time control in minutes (rules §5 Accounts and groups: 15-1440 minutes). */
export const LOGIN_TIME_MINUTES: Bounds = { min: 15, max: 1440 };
/** Login time control in hours (rules §5 Accounts and groups: 1-24 hours). */
export const LOGIN_TIME_HOURS: Bounds = { min: 1, max: 24 };
/** Default login time (rules §5 Accounts and groups, rules §9 "Login time default": 8 hours). */
export const LOGIN_TIME_DEFAULT_HOURS = 8;
export { EMAIL_MAX_LENGTH, isEmail } from './email.js';

/** An e-mail field: required, then the format (rules §5 "incorrect email address"). */
export function validateEmail(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('accounts.email-required');
  return isEmail(text) ? null : issue('accounts.email-invalid');
}

/** Sub-account name: required, 1-40 characters (rules §5 Accounts and groups). */
export function validateSubAccountName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('accounts.name-required');
  return validateLength(value!, SUB_ACCOUNT_NAME_LENGTH);
}

/** Group name: cannot be empty, 1-40 characters (rules §5 Accounts and groups). */
export function validateGroupName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('accounts.group-name-required');
  return validateLength(value!, GROUP_NAME_LENGTH);
}

/** A group must be selected (rules §5 Accounts and groups). */
export function validateGroupSelected(groupId: string | number | null | undefined): RuleIssue | null {
  return groupId === null || groupId === undefined || groupId === '' ? issue('accounts.group-required') : null;
}

/** The character classes a password uses, out of digit, upper case, lower case and special (anything else). */
export function passwordClassCount(value: string): number {
  let digit = 0;
  let upper = 0;
  let lower = 0;
  let special = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = 1;
    else if (c >= 65 && c <= 90) upper = 1;
    else if (c >= 97 && c <= 122) lower = 1;
    else special = 1;
  }
  return digit + upper + lower + special;
}

/**
 * Password: required, 8-20 characters, at least three of digit, upper case, lower case and special characters
 * (rules §5 Accounts and groups). A password is never trimmed: a space is a character the user chose.
 */
export function validatePassword(value: string | null | undefined): RuleIssue | null {
  if (value === null || value === undefined || value.length === 0) return issue('accounts.password-required');
  const length = charLength(value);
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    return issue('accounts.password-length', { ...PASSWORD_LENGTH });
  }
  if (passwordClassCount(value) < PASSWORD_CLASSES_REQUIRED) {
    return issue('accounts.password-classes', { count: PASSWORD_CLASSES_REQUIRED });
  }
  return null;
}

/** The repeated password must equal the first (rules §5, rules §8 "The two password inputs are inconsistent"). */
export function validatePasswordConfirmation(password: string, confirmation: string | null | undefined): RuleIssue | null {
  if (confirmation === null || confirmation === undefined || confirmation.length === 0) {
    return issue('accounts.password-confirm-required');
  }
  return password === confirmation ? null : issue('accounts.passwords-inconsistent');
}

/** A verification code is required where one is asked for (rules §5 Accounts and groups). */
export function validateVerificationCode(value: string | null | undefined): RuleIssue | null {
  return isBlank(value) ? issue('accounts.verification-code-required') : null;
}

/** The unit the login time control is entered in. */
export type LoginTimeUnit = 'minute' | 'hour';

/** Login time control: 15-1440 minutes or 1-24 hours, whole numbers (rules §5 Accounts and groups). */
export function validateLoginTime(value: string | number | null | undefined, unit: LoginTimeUnit): RuleIssue | null {
  const bounds = unit === 'minute' ? LOGIN_TIME_MINUTES : LOGIN_TIME_HOURS;
  const parsed = parseInteger(value);
  if (parsed !== null && parsed >= bounds.min && parsed <= bounds.max) return null;
  return issue(unit === 'minute' ? 'accounts.login-minutes-range' : 'accounts.login-hours-range', { ...bounds });
}

/** The fields of the sub-account form. */
export interface SubAccountInput {
  /** Sign-in name. */
  name: string;
  /** Password; absent when an existing account is edited without changing it. */
  password?: string;
  /** The password typed again; checked whenever `password` is given. */
  confirmPassword?: string;
  /** Mail address; optional for a sub-account. */
  email?: string;
  /** The one group the sub-account belongs to. */
  groupId: string | number | null;
}

/** Checks the sub-account form (rules §5 Accounts and groups); issues name the fields of {@link SubAccountInput}. */
export function validateSubAccount(input: SubAccountInput): FieldIssue[] {
  const issues = [...onField('name', validateSubAccountName(input.name))];
  if (input.password !== undefined) {
    issues.push(...onField('password', validatePassword(input.password)));
    issues.push(...onField('confirmPassword', validatePasswordConfirmation(input.password, input.confirmPassword)));
  }
  if (!isBlank(input.email)) issues.push(...onField('email', validateEmail(input.email)));
  issues.push(...onField('groupId', validateGroupSelected(input.groupId)));
  return issues;
}

/** The fields of a message-center contact (rules §5: name and mailbox not empty, email format checked). */
export interface ContactInput {
  /** Full name. */
  name: string;
  /** Mailbox. */
  email: string;
}

/** Checks a contact; issues name the fields of {@link ContactInput}. */
export function validateContact(input: ContactInput): FieldIssue[] {
  return [
    ...onField('name', isBlank(input.name) ? issue('accounts.contact-name-required') : null),
    ...onField('email', validateEmail(input.email)),
  ];
}

/** A contact group name cannot be empty (rules §5). */
export function validateContactGroupName(value: string | null | undefined): RuleIssue | null {
  return isBlank(value) ? issue('accounts.contact-group-name-required') : null;
}

/** A bulk action on messages needs at least one checked message (rules §5: "checked message list not empty"). */
export function validateCheckedMessages(ids: readonly unknown[]): RuleIssue | null {
  return ids.length === 0 ? issue('accounts.messages-not-selected') : null;
}

/** A notice template must be enabled before it is associated (rules §5). */
export function validateTemplateAssociation(template: { enabled: boolean }): RuleIssue | null {
  return template.enabled ? null : issue('accounts.template-not-enabled');
}
