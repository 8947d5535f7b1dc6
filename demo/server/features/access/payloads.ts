/**
 * Reading and checking access-management bodies with core/rules (rules §5 Accounts and groups), so the server refuses
 * exactly what the console's forms refuse, with the same field issues.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { AccessStatus, GroupGrant } from '../../../../core/api/endpoints/access.js';
import { PERMISSION_MODULES, type ModuleAccess, type ObjectScope, type PermissionModule } from '../../../../core/api/endpoints/platform.js';
import { validateSubAccount } from '../../../../core/rules/accounts.js';
import { validateAccessRemark, validateGroup } from '../../../../core/rules/access.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The form's field names (core/rules) in the API's spelling. */
const API_FIELD: Record<string, string> = { confirmPassword: 'confirm_password', groupId: 'group_id' };

/** A sub-account as the forms send it. */
export interface SubAccountFields {
  name: string;
  email: string;
  remark: string;
  groupId: number | null;
  password?: string;
}

/** The create or update body of a sub-account; the password only when `withPassword`. */
export function readSubAccount(body: unknown, withPassword: boolean): { value: SubAccountFields; issues: FieldIssue[] } {
  const source = asRecord(body);
  const name = text(source.name).trim();
  const email = text(source.email).trim();
  const remark = text(source.remark).trim();
  const groupGiven = !(source.group_id === undefined || source.group_id === null || source.group_id === '');
  const groupId = groupGiven ? positiveId(source.group_id) : null;
  const password = withPassword ? text(source.password) : undefined;
  const issues = validateSubAccount({
    name,
    email,
    // A group id that is given but unreadable is a format issue, not a missing group.
    groupId: groupGiven ? (groupId ?? String(source.group_id)) : null,
    password,
    confirmPassword: withPassword ? text(source.confirm_password) : undefined,
  }).map((found) => ({ ...found, field: API_FIELD[found.field] ?? found.field }));
  if (groupGiven && groupId === null) issues.push(...onField('group_id', issue('common.positive-integer')));
  issues.push(...onField('remark', validateAccessRemark(remark)));
  return { value: { name, email, remark, groupId, password }, issues };
}

/** A new password and its confirmation. */
export function readPasswordReset(body: unknown): { password: string; issues: FieldIssue[] } {
  const source = asRecord(body);
  const password = text(source.password);
  // Only the password rules apply here: the name and group are the account's own, unchanged.
  const issues = validateSubAccount({ name: 'unchanged', groupId: 'unchanged', password, confirmPassword: text(source.confirm_password) })
    .map((found) => ({ ...found, field: API_FIELD[found.field] ?? found.field }));
  return { password, issues };
}

/** A status body: enabled or disabled. */
export function readStatus(body: unknown): { status: AccessStatus; issues: FieldIssue[] } {
  const status = asRecord(body).status;
  if (status === 'enabled' || status === 'disabled') return { status, issues: [] };
  return { status: 'enabled', issues: onField('status', issue('common.format-error')) };
}

/** A group as the editor sends it. */
export interface GroupFields {
  name: string;
  remark: string;
  grants: GroupGrant[];
}

const SCOPES: readonly ObjectScope[] = ['all', 'group', 'specified'];
const ACCESSES: readonly ModuleAccess[] = ['read', 'manage'];

/** The group body: name, remark and the grants of known modules (an unknown module or scope is a format error). */
export function readGroupBody(body: unknown): { value: GroupFields; issues: FieldIssue[] } {
  const source = asRecord(body);
  const name = text(source.name).trim();
  const remark = text(source.remark).trim();
  const issues: FieldIssue[] = [];
  const grants: GroupGrant[] = [];
  const list = source.grants === undefined ? [] : source.grants;
  if (!Array.isArray(list)) issues.push(...onField('grants', issue('common.format-error')));
  else {
    for (const entry of list) {
      const grant = asRecord(entry);
      const module = grant.module as PermissionModule;
      const scope = grant.object_scope as ObjectScope;
      const access = grant.access as ModuleAccess;
      const ids = Array.isArray(grant.object_ids) ? grant.object_ids.map(positiveId) : [];
      if (!PERMISSION_MODULES.includes(module)) {
        issues.push(...onField('grants', issue('common.format-error')));
        continue;
      }
      if (!SCOPES.includes(scope) || !ACCESSES.includes(access) || ids.some((id) => id === null) || (grant.object_ids !== undefined && !Array.isArray(grant.object_ids))) {
        issues.push(...onField(`grants.${module}`, issue('common.format-error')));
        continue;
      }
      grants.push({
        module,
        object_scope: scope,
        access,
        auto_bind_new: grant.auto_bind_new === true,
        // Objects mean nothing to a grant over all resources: they are dropped rather than kept unseen.
        object_ids: scope === 'all' ? [] : [...new Set(ids as number[])],
      });
    }
  }
  issues.push(...validateGroup({ name, remark, grants }));
  return { value: { name, remark, grants }, issues };
}
