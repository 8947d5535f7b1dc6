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
 *
 * Security policy (issue 26): rule sets and IP lists are also objects of the `security_policy` module, whose grant names
 * rule sets (all, in-group or specified). A rule set needs both answers: the module grant for the set itself and the
 * website rule above, since changing a set changes the websites it protects. The stricter reading of "grants per
 * module": neither grant alone opens a set. An IP list follows the rule sets whose rules name it, as it follows their
 * websites: read when it reaches no set or one the caller may read, manage when the caller manages every set it reaches.
 * A condition rule of the conditions match engine is reached exactly like an IP list, through the WAF rules whose
 * `condition-rule` conditions reference it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess, PermissionModule } from '../../../../core/api/endpoints/platform.js';
import { prepare } from '../database.js';
import { fail } from '../http/envelope.js';
import { permissions, type Permissions, type SqlCondition } from './permissions.js';
import { requireSession } from './session.js';

/** Objects whose grant is the grant of the websites they reach. */
export type ReachingObject = 'certificate' | 'rule_set' | 'ip_list' | 'condition_rule';

/** The objects WAF rules name in their conditions. */
type NamedObject = 'ip_list' | 'condition_rule';

/** A rule's conditions name the IP list `list` (PolicyCondition.data.ip_list_id). */
const NAMES_LIST = (rules: string, list: string) =>
  `EXISTS (SELECT 1 FROM json_each(${rules}.conditions) AS c WHERE json_extract(c.value, '$.data.ip_list_id') = ${list})`;

/** A rule's conditions reference the condition rule `rule` (a `condition-rule` condition's value is its id). */
const NAMES_CONDITION_RULE = (rules: string, rule: string) =>
  `EXISTS (SELECT 1 FROM json_each(${rules}.conditions) AS c WHERE json_extract(c.value, '$.rule_type') = 'condition-rule'
     AND CAST(json_extract(c.value, '$.data.value') AS INTEGER) = ${rule})`;

/** The condition naming `object` in a rule's conditions. */
function namesObject(object: NamedObject, rules: string, column: string): string {
  return object === 'ip_list' ? NAMES_LIST(rules, column) : NAMES_CONDITION_RULE(rules, column);
}

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
    case 'condition_rule':
      return `SELECT b.domain_id FROM waf_rules r JOIN waf_rule_set_domains b ON b.member_id = r.member_id AND b.rule_set_id = r.rule_set_id
               WHERE r.member_id = @member_id AND ${namesObject(object, 'r', column)}
              UNION ${everyWebsite} AND EXISTS (
                SELECT 1 FROM waf_rules r JOIN waf_rule_sets s ON s.member_id = r.member_id AND s.id = r.rule_set_id
                 WHERE r.member_id = @member_id AND s.attribution = 'default' AND ${namesObject(object, 'r', column)})`;
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

/** The module whose own grant names the object, besides the grant of the websites it reaches (see above). */
const OWN_MODULE: Record<ReachingObject, PermissionModule | null> = {
  certificate: null,
  rule_set: 'security_policy',
  ip_list: 'security_policy',
  condition_rule: 'security_policy',
};

/** A subquery of the rule set ids an IP list or condition rule (id in `column`) reaches: the sets of the rules naming it. */
function reachedRuleSetsSql(object: NamedObject, column: string): string {
  return `SELECT r.rule_set_id FROM waf_rules r WHERE r.member_id = @member_id AND ${namesObject(object, 'r', column)}`;
}

/** Whether the `security_policy` grant lets the caller read or manage a rule set, an IP list or a condition rule. */
function mayUsePolicy(request: FastifyRequest, caller: Permissions, object: 'rule_set' | NamedObject, access: ModuleAccess, id: number): boolean {
  if (!caller.can('security_policy', access)) return false;
  if (object === 'rule_set') return caller.allows('security_policy', access, id);
  const sets = (
    prepare(request.server.db, `SELECT DISTINCT rule_set_id FROM (${reachedRuleSetsSql(object, '@object_id')})`).all({
      member_id: requireSession(request).memberId,
      object_id: id,
    }) as { rule_set_id: number }[]
  ).map((row) => row.rule_set_id);
  if (access === 'read') return sets.length === 0 || sets.some((set) => caller.allows('security_policy', 'read', set));
  return sets.every((set) => caller.allows('security_policy', 'manage', set));
}

/**
 * Whether the caller may read or manage one object: the grant of the websites it reaches and, for security-policy
 * objects, the `security_policy` grant (the one answer behind {@link requireObject} and the lists' `editable`).
 */
export function mayReachObject(request: FastifyRequest, object: ReachingObject, access: ModuleAccess, id: number): boolean {
  const caller = permissions(request);
  if (!mayReach(caller, access, reachedWebsites(request, object, id))) return false;
  return object === 'certificate' || mayUsePolicy(request, caller, object, access, id);
}

/** True when the caller may read or manage the object; otherwise answers PERMISSION_DENIED_CODE and returns false. */
export function requireObject(request: FastifyRequest, reply: FastifyReply, object: ReachingObject, access: ModuleAccess, id: number): boolean {
  if (mayReachObject(request, object, access, id)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/** Limits a scoped query to the security-policy objects (ids in `column`) the caller's `security_policy` grant reads. */
function visiblePolicy(request: FastifyRequest, object: 'rule_set' | NamedObject, column: string): SqlCondition {
  // Without the module nothing is visible, not even an IP list no rule names yet.
  const sets = permissions(request).visible('security_policy', object === 'rule_set' ? column : 'reached_set.rule_set_id');
  if (object === 'rule_set' || sets.where === '1' || sets.where === '0') return sets;
  const reached = reachedRuleSetsSql(object, column);
  return {
    where: `(NOT EXISTS (${reached}) OR EXISTS (SELECT 1 FROM (${reached}) AS reached_set WHERE ${sets.where}))`,
    params: sets.params,
  };
}

/**
 * Limits a scoped query to the objects (ids in `column`) the caller may read: those reaching no website or at least
 * one it may read. Parents and grants over all websites see every object.
 */
export function visibleObjects(request: FastifyRequest, object: ReachingObject, column: string): SqlCondition {
  const caller = permissions(request);
  if (!caller.can('domain', 'read')) return { where: '0', params: {} };
  const own = OWN_MODULE[object] === null ? null : visiblePolicy(request, object as 'rule_set' | NamedObject, column);
  if (own?.where === '0') return own;
  const websites = caller.visible('domain', 'reached.domain_id');
  const reached = reachedWebsitesSql(object, column);
  const byWebsites: SqlCondition =
    websites.where === '1'
      ? websites
      : {
          where: `(NOT EXISTS (SELECT 1 FROM (${reached})) OR EXISTS (SELECT 1 FROM (${reached}) AS reached WHERE ${websites.where}))`,
          params: websites.params,
        };
  if (!own || own.where === '1') return byWebsites;
  return { where: `(${byWebsites.where}) AND (${own.where})`, params: { ...byWebsites.params, ...own.params } };
}

/** Limits `column`, a website id an object is bound to, to the websites the caller may read. */
export function visibleWebsites(request: FastifyRequest, column: string): SqlCondition {
  const caller = permissions(request);
  return caller.can('domain', 'read') ? caller.visible('domain', column) : { where: '0', params: {} };
}
