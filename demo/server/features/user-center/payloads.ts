/**
 * Checks of the user center's request bodies, built from `core/rules` so the browser and the server find the same
 * problems under the same message keys.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { LoginTimeSetting, MailboxBindRequest, PasswordChangeRequest } from '../../../../core/api/endpoints/user-center.js';
import { validateEmail, validateLoginTime, validatePassword, validatePasswordConfirmation, type LoginTimeUnit } from '../../../../core/rules/accounts.js';
import { canonicalIpOrCidr } from '../../../../core/rules/ip.js';
import { parseInteger } from '../../../../core/rules/common.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { IDENTITY_KINDS, normalizeIdentityNumber, validateIdentity, type IdentityInput, type IdentityKind } from '../../../../core/rules/identity.js';
import { validateLoginWhitelist, validateVerificationCodeFormat } from '../../../../core/rules/user-center.js';
import { asRecord } from '../../platform/http/readers.js';
import type { Whitelist } from './store.js';

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text) : [];
}

/** The login time control (rules §5: 15-1440 minutes or 1-24 hours). */
export function readLoginTime(body: unknown): { value: LoginTimeSetting & { minutes: number }; issues: FieldIssue[] } {
  const source = asRecord(body);
  const unitText = text(source.unit);
  const unit: LoginTimeUnit = unitText === 'minute' ? 'minute' : 'hour';
  const issues: FieldIssue[] = unitText === 'minute' || unitText === 'hour' ? [] : onField('unit', issue('common.required'));
  const raw = text(source.value);
  issues.push(...onField('value', validateLoginTime(raw, unit)));
  const value = parseInteger(raw) ?? 0;
  return { value: { value, unit, minutes: unit === 'hour' ? value * 60 : value }, issues };
}

/** The whitelist: each entry checked, addresses kept in their canonical spelling (IPv6 per RFC 5952). */
export function readWhitelist(body: unknown, knownRegion: (key: string) => boolean): { value: Whitelist; issues: FieldIssue[] } {
  const source = asRecord(body);
  const ips = texts(source.ips).map((entry) => entry.trim());
  const regions = texts(source.regions).map((entry) => entry.trim());
  const issues = validateLoginWhitelist({ ips, regions }, knownRegion);
  return { value: { ips: ips.map((entry) => canonicalIpOrCidr(entry) ?? entry), regions }, issues };
}

/** The mailbox to send a code to. */
export function readMailbox(body: unknown): { value: string; issues: FieldIssue[] } {
  const email = text(asRecord(body).email).trim();
  return { value: email, issues: onField('email', validateEmail(email)) };
}

/** The mailbox and its code. */
export function readMailboxBind(body: unknown): { value: MailboxBindRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const email = text(source.email).trim();
  const code = text(source.code).trim();
  return { value: { email, code }, issues: [...onField('email', validateEmail(email)), ...onField('code', validateVerificationCodeFormat(code))] };
}

/** A password change (rules §5: current password required; the new one 8-20 characters, three classes, typed twice). */
export function readPasswordChange(body: unknown): { value: PasswordChangeRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const value = { current_password: text(source.current_password), password: text(source.password), confirm_password: text(source.confirm_password) };
  const issues = [
    ...onField('current_password', value.current_password.length === 0 ? issue('accounts.password-required') : null),
    ...onField('password', validatePassword(value.password)),
    ...onField('confirm_password', validatePasswordConfirmation(value.password, value.confirm_password)),
  ];
  // A refusal only the server makes, so its text is the user center's (`user-center.json` issue.*), not the shared rules catalogue's.
  if (issues.length === 0 && value.password === value.current_password) issues.push({ field: 'password', key: 'user-center.password-unchanged' });
  return { value, issues };
}

/** An identity submission: only the fields of its kind are kept, names trimmed, numbers in upper case. */
export function readIdentity(body: unknown): { value: IdentityInput; issues: FieldIssue[] } {
  const source = asRecord(body);
  const kindText = text(source.kind);
  if (!(IDENTITY_KINDS as readonly string[]).includes(kindText)) return { value: { kind: 'individual' }, issues: onField('kind', issue('common.required')) };
  const kind = kindText as IdentityKind;
  const value: IdentityInput =
    kind === 'individual'
      ? { kind, real_name: text(source.real_name).trim(), id_number: normalizeIdentityNumber(text(source.id_number)) }
      : {
          kind,
          company_name: text(source.company_name).trim(),
          credit_code: normalizeIdentityNumber(text(source.credit_code)),
          legal_person: text(source.legal_person).trim(),
        };
  return { value, issues: validateIdentity(value) };
}
