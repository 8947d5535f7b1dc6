/**
 * Request schemas of the firewall calls (shell §7 `firewall.*`, rule sets, the rule tester). Conditions, actions and
 * the sample request are deep structures checked field by field by ./payloads.ts with core/rules (translated field
 * issues); their schemas state the outer shape.
 */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'waf';
const Condition = Type.Object({ rule_type: Type.String(), data: Type.Object({}) });
const Action = Type.Object({ type: Type.String() });
const PolicyFields = {
  id: Type.Optional(Id),
  main_id: Id,
  rules: Type.Array(Condition),
  action: Action,
  status: Type.String(),
  remark: Type.Optional(Type.String()),
};
const ids = { ids: IdList };

/** Schemas by `METHOD /path`. */
export const wafSchemas: RouteSchemas = {
  'GET /V4/firewall.policy.get_mainid': listRoute(TAG, 'Rules of a rule set in evaluation order', queryIntegers('mainid')),
  'GET /V4/firewall.policy.get_id': getRoute(TAG, 'One rule', queryIntegers('id')),
  'GET /V4/firewall.policy.get_code': getRoute(TAG, 'One rule by its code', queryFields('code')),
  'GET /V4/firewall.policy.get_domainid': listRoute(TAG, 'Rules that apply to a website', queryIntegers('domain_id')),
  'GET /V4/firewall.policy.get_packageid': listRoute(TAG, 'Rules of a package', queryIntegers('package_id')),
  'GET /V4/firewall.policy.stats_domainid': listRoute(TAG, 'Rule counts per website', queryIntegers('domain_id')),
  'POST /V4/firewall.policy.save': bodyRoute(TAG, 'Create or change a rule', PolicyFields),
  'POST /V4/firewall.policy.open': bodyRoute(TAG, 'Enable rules', ids),
  'POST /V4/firewall.policy.stop': bodyRoute(TAG, 'Put rules in observation', ids),
  'POST /V4/firewall.policy.close': bodyRoute(TAG, 'Disable rules', ids),
  'POST /V4/firewall.policy.delete': bodyRoute(TAG, 'Delete rules', ids),
  'POST /V4/firewall.policy.sort': bodyRoute(TAG, 'Reorder every rule of a set', {
    new_sorts: Type.Array(Type.Object({ id: Id, sort: Type.Integer({ minimum: 1 }) })),
  }),
  'GET /V4/waf.ruleset.list': listRoute(TAG, 'Rule sets (built-in, custom, default)', { ...queryFields('attribution', 'name'), ...queryIntegers('domain_id') }),
  'GET /V4/waf.ruleset.get': getRoute(TAG, 'One rule set', queryIntegers('id')),
  'POST /V4/waf.ruleset.create': bodyRoute(TAG, 'Create a rule set', { name: Type.String(), description: Type.Optional(Type.String()) }),
  'POST /V4/waf.ruleset.update': bodyRoute(TAG, 'Rename a rule set', { id: Id, name: Type.String(), description: Type.Optional(Type.String()) }),
  'POST /V4/waf.ruleset.delete': bodyRoute(TAG, 'Delete a rule set no website uses', { id: Id }),
  'POST /V4/waf.ruleset.copy_rules': bodyRoute(TAG, 'Copy rules into another set', { ids: IdList, target_id: Id }),
  'POST /V4/waf.ruleset.quote': bodyRoute(TAG, 'Apply a rule set to websites', { id: Id, domain_ids: IdList }),
  'POST /V4/waf.ruleset.evaluate': bodyRoute(TAG, 'Test a sample request against a set or unsaved rules', {
    id: Type.Optional(Id),
    rules: Type.Optional(Type.Array(Type.Object({ id: Type.Optional(Id), rules: Type.Array(Condition), action: Action, status: Type.String() }))),
    request: Type.Object({ method: Type.String(), url: Type.String() }),
  }),
  'GET /V4/firewall.member.transfer': getRoute(TAG, 'Rule sets the caller may copy rules into, with their room', queryIntegers('source_id', 'count')),
  'GET /V4/firewall.pagecfg': getRoute(TAG, 'Firewall page configuration', queryFields('type')),
  'GET /V4/firewall.oplog': listRoute(TAG, 'Firewall operation log', queryFields('start_time', 'end_time', 'action')),
  'POST /V4/firewall.oplog.export': bodyRoute(TAG, 'Export the firewall operation log', {
    start_time: Type.Optional(Type.String()),
    end_time: Type.Optional(Type.String()),
    action: Type.Optional(Type.String()),
  }),
};
