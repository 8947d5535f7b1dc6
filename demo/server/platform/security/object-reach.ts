/**
 * Object-level authorization in one place (rules §6; DESIGN §4 "every route that reaches an object, directly or
 * through another, checks the caller's grant for it"). Many objects of an account are not granted themselves but
 * act on websites: a certificate serves the websites it is bound to, a WAF rule set protects the websites that quote
 * it (the default set every website), an IP list acts wherever a rule naming it acts. Their grant is the grant of the
 * websites they reach:
 *
 * - read: an object reaching no website is part of the account's shared library (an unbound set or list, a fresh
 *   certificate), visible to every member with the module; otherwise the caller must be able to read at least one
 *   website it reaches, so a sub-account never sees what serves only websites outside its grant;
 * - manage: the caller must be able to manage every website it reaches, since changing the object changes them all.
 *
 * The SQL naming feature tables lives here, not in each route, so there is one answer to "which websites does this
 * object reach". Routes call {@link requireObject} before acting on one object and merge {@link visibleObjects} into
 * list queries (lists are filtered, never refused).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import { prepare } from '../database.js';
import { fail } from '../http/envelope.js';
import { permissions, type Permissions, type SqlCondition } from './permissions.js';
import { requireSession } from './session.js';

/** Objects whose grant is the grant of the websites they reach. */
export type ReachingObject = 'certificate' | 'rule_set' | 'ip_list';

/** A rule's conditions name the IP list `list` (PolicyCondition.data.ip_list_id). */
const NAMES_LIST = (rules: string, list: string) =>
  `EXISTS (SELECT 1 FROM json_each(${rules}.conditions) AS c WHERE json_extract(c.value, '$.data.ip_list_id') = ${list})`;

/**
 * A subquery of the website ids (`domain_id`) the object whose id is in `column` reaches, within the account of
 * `@member_id` (the parameter every scoped statement has). `column` must name its table (`ip_lists.id`): the
 * subqueries have `id` and `rule_set_id` columns of their own, which an unqualified name would silently mean.
 */
export function reachedWebsitesSql(object: ReachingObject, column: string): string {
  const everyWebsite = 'SELECT id AS domain_id FROM domains WHERE member_id = @member_id';
  switch (object) {
    case 'certificate':
      return `SELECT domain_id FROM certificate_bindings WHERE member_id = @member_id AND certificate_id = ${column}`;
    case 'rule_set':
      return `SELECT domain_id FROM waf_rule_set_domains WHERE member_id = @member_id AND rule_set_id = ${column}
              UNION ${everyWebsite} AND EXISTS (
                SELECT 1 FROM waf_rule_sets s WHERE s.member_id = @member_id AND s.id = ${column} AND s.attribution = 'default')`;
    case 'ip_list':
      return `SELECT b.domain_id FROM waf_rules r JOIN waf_rule_set_domains b ON b.member_id = r.member_id AND b.rule_set_id = r.rule_set_id
               WHERE r.member_id = @member_id AND ${NAMES_LIST('r', column)}
              UNION ${everyWebsite} AND EXISTS (
                SELECT 1 FROM waf_rules r JOIN waf_rule_sets s ON s.member_id = r.member_id AND s.id = r.rule_set_id
                 WHERE r.member_id = @member_id AND s.attribution = 'default' AND ${NAMES_LIST('r', column)})`;
  }
}

/** The website ids one object of the account reaches. */
export function reachedWebsites(request: FastifyRequest, object: ReachingObject, id: number): number[] {
  const rows = prepare(request.server.db, `SELECT DISTINCT domain_id FROM (${reachedWebsitesSql(object, '@object_id')}) ORDER BY domain_id`).all({
    member_id: requireSession(request).memberId,
    object_id: id,
  }) as { domain_id: number }[];
  return rows.map((row) => row.domain_id);
}

/** Whether a caller may read or manage an object reaching these websites (see the rules above). */
export function mayReach(caller: Permissions, access: ModuleAccess, websites: readonly number[]): boolean {
  if (!caller.can('domain', access)) return false;
  if (access === 'read') return websites.length === 0 || websites.some((id) => caller.allows('domain', 'read', id));
  return websites.every((id) => caller.allows('domain', 'manage', id));
}

/** True when the caller may read or manage the object; otherwise answers PERMISSION_DENIED_CODE and returns false. */
export function requireObject(request: FastifyRequest, reply: FastifyReply, object: ReachingObject, access: ModuleAccess, id: number): boolean {
  if (mayReach(permissions(request), access, reachedWebsites(request, object, id))) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/**
 * Limits a scoped query to the objects (ids in `column`) the caller may read: those reaching no website or at least
 * one it may read. Parents and grants over all websites see every object.
 */
export function visibleObjects(request: FastifyRequest, object: ReachingObject, column: string): SqlCondition {
  const caller = permissions(request);
  if (!caller.can('domain', 'read')) return { where: '0', params: {} };
  const websites = caller.visible('domain', 'reached.domain_id');
  if (websites.where === '1') return websites;
  const reached = reachedWebsitesSql(object, column);
  return {
    where: `(NOT EXISTS (SELECT 1 FROM (${reached})) OR EXISTS (SELECT 1 FROM (${reached}) AS reached WHERE ${websites.where}))`,
    params: websites.params,
  };
}

/** Limits `column`, a website id an object is bound to, to the websites the caller may read. */
export function visibleWebsites(request: FastifyRequest, column: string): SqlCondition {
  const caller = permissions(request);
  return caller.can('domain', 'read') ? caller.visible('domain', column) : { where: '0', params: {} };
}
