/**
 * Reaching layer-4 rules per object: the rule calls and the TCP report calls answer a rule outside the caller's
 * account as not found, and one outside the caller's grant as permission denied.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import { fail } from '../../platform/http/envelope.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { ruleRows, type Layer4RuleRow } from './store.js';

/** The caller's rules among `ids`, all of them reachable at `access`; otherwise the refusal is sent. */
export function reachableRules(request: FastifyRequest, reply: FastifyReply, ids: readonly number[], access: 'read' | 'manage'): Layer4RuleRow[] | null {
  const rows = ruleRows(scope(request), { where: 'id IN (SELECT value FROM json_each(@ids))', params: { ids: JSON.stringify(ids) }, now: request.server.now() });
  if (rows.length !== ids.length) {
    fail(reply, NOT_FOUND_CODE);
    return null;
  }
  const caller = permissions(request);
  if (!rows.every((row) => caller.allows('layer4', access, row.id))) {
    fail(reply, PERMISSION_DENIED_CODE);
    return null;
  }
  return rows;
}
