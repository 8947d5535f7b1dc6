/**
 * What the WAF routes check before they act: the caller's module grant, that a set or rule belongs to the account,
 * and that the caller may change it. Each check answers the catalogue code itself and returns `undefined` or
 * `false` when the route must stop.
 *
 * Every WAF route (waf.ruleset.*, firewall.policy.*, firewall.pagecfg, firewall.oplog*) belongs to the "security
 * policy" module (issue 26): a sub-account needs its `security_policy` grant, read to look and manage to change, and
 * per set the grant of that set and of the websites it protects (platform/security/object-reach.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { mayReachObject, requireObject } from '../../platform/security/object-reach.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { canEditSet, provisionWaf, RULES, SETS, type RuleRow, type RuleSetRow } from './store.js';

/** Provisions the account's sets and checks the security-policy grant; false when the route must stop. */
export function enter(request: FastifyRequest, reply: FastifyReply, access: ModuleAccess): boolean {
  const session = requireSession(request);
  provisionWaf(request.server.db, session.memberId, request.server.now(), requestLanguage(request));
  if (permissions(request).can('security_policy', access)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/**
 * A set of the account the caller may see, or the refusal answered: NOT_FOUND when there is none, PERMISSION_DENIED
 * when it protects only websites outside a sub-account's grant (rules §6 per object).
 */
export function findSet(request: FastifyRequest, reply: FastifyReply, id: number | null): RuleSetRow | undefined {
  const row = id === null ? undefined : scope(request).get<RuleSetRow>(SETS, { where: 'id = @id', params: { id } });
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return requireObject(request, reply, 'rule_set', 'read', row.id) ? row : undefined;
}

/**
 * A set the caller may change, or the refusal answered: a built-in set is refused with its message (the form shows
 * it), a set quoted by a domain the sub-account's group does not manage with PERMISSION_DENIED.
 */
export function editableSet(request: FastifyRequest, reply: FastifyReply, id: number | null, field = 'id'): RuleSetRow | undefined {
  const row = findSet(request, reply, id);
  if (!row) return undefined;
  if (row.attribution === 'built-in') {
    validated(reply, onField(field, issue('waf.rule-set-not-editable')));
    return undefined;
  }
  if (!canEditSet(request, row)) {
    fail(reply, PERMISSION_DENIED_CODE);
    return undefined;
  }
  return row;
}

/**
 * Whether the caller may switch the status of a set's rules: built-in rules too (each account runs its own copy),
 * but a sub-account only on sets whose websites (those quoting it, every website for the default set) it manages.
 */
export function mayChangeStatus(request: FastifyRequest, row: RuleSetRow): boolean {
  return mayReachObject(request, 'rule_set', 'manage', row.id);
}

/**
 * Rules of the account by id; NOT_FOUND answered unless every id is one, PERMISSION_DENIED when one belongs to a set
 * the caller may not see (reading or copying its rules would show that set).
 */
export function findRules(request: FastifyRequest, reply: FastifyReply, ids: readonly number[]): RuleRow[] | undefined {
  const rows = scope(request).all<RuleRow>(RULES, {
    where: 'id IN (SELECT value FROM json_each(@ids))',
    params: { ids: JSON.stringify(ids) },
    orderBy: 'rule_set_id, sort',
  });
  if (rows.length !== ids.length) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  for (const setId of new Set(rows.map((row) => row.rule_set_id))) {
    if (!requireObject(request, reply, 'rule_set', 'read', setId)) return undefined;
  }
  return rows;
}
