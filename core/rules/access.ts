/**
 * Access management (issue 26; rules §3 group and access key, §5 Accounts and groups, §6, §8): the group form, the
 * group maximum, remarks and the password strength meter. Apart from accounts.ts so that elements which only check a
 * name or a mail address do not download the access-management rules.
 */
import { charLength } from './common.js';
import { passwordClassCount, validateGroupName, validatePassword } from './accounts.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/**
 * Most permission groups an account may have. Rules §8 has the message "The number of subordinate groups has reached
 * the maximum" but gives no number; 20 is this project's choice, sent with the group list so the console can say it.
 */
export const MAX_PERMISSION_GROUPS = 20;
/** Longest remark of a sub-account, a group or an access key (the spec gives none; the website remark's 128 reading). */
export const ACCESS_REMARK_MAX = 128;
/** Most objects one grant may name (the spec gives none; the website picker's 500 rows, rules §5). */
export const GRANT_OBJECTS_MAX = 500;

/** A remark: optional, at most {@link ACCESS_REMARK_MAX} characters. */
export function validateAccessRemark(value: string | null | undefined): RuleIssue | null {
  return charLength(value ?? '') > ACCESS_REMARK_MAX ? issue('common.too-long', { max: ACCESS_REMARK_MAX }) : null;
}

/** Rules §8: refused once the account holds {@link MAX_PERMISSION_GROUPS} groups. */
export function validateGroupCount(existing: number): RuleIssue | null {
  return existing >= MAX_PERMISSION_GROUPS ? issue('accounts.groups-max', { max: MAX_PERMISSION_GROUPS }) : null;
}

/** One module grant of the group editor (the shape of `GroupGrant` in core/api/endpoints/access.ts). */
export interface GrantInput {
  module: string;
  object_scope: 'all' | 'group' | 'specified';
  object_ids: readonly number[];
}

/** The fields of the group form. */
export interface GroupInput {
  name: string;
  remark?: string;
  grants: readonly GrantInput[];
}

/**
 * Checks the group form (rules §5: name 1-40, not empty; rules §6: per module all resources, in-group or specified
 * objects). Specified objects need at least one object: a grant of "specified" with none would grant nothing while
 * looking like a grant. Issues name `name`, `remark` and `grants.<module>`.
 */
export function validateGroup(input: GroupInput): FieldIssue[] {
  const issues = [...onField('name', validateGroupName(input.name)), ...onField('remark', validateAccessRemark(input.remark))];
  const seen = new Set<string>();
  for (const grant of input.grants) {
    const field = `grants.${grant.module}`;
    if (seen.has(grant.module)) issues.push(...onField(field, issue('accounts.module-duplicate')));
    seen.add(grant.module);
    if (grant.object_scope === 'specified' && grant.object_ids.length === 0) issues.push(...onField(field, issue('accounts.objects-required')));
    if (grant.object_ids.length > GRANT_OBJECTS_MAX) issues.push(...onField(field, issue('batch.beyond-limit', { max: GRANT_OBJECTS_MAX })));
  }
  return issues;
}

/** How strong a password looks, 0 (empty) to 4, for the strength meter; acceptance is {@link validatePassword}'s. */
export function passwordStrength(value: string): 0 | 1 | 2 | 3 | 4 {
  if (value.length === 0) return 0;
  if (validatePassword(value) !== null) return 1;
  const classes = passwordClassCount(value);
  const length = charLength(value);
  if (classes === 4 && length >= 12) return 4;
  return classes === 4 || length >= 12 ? 3 : 2;
}
