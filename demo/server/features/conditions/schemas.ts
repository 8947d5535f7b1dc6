/**
 * Request schemas of the conditions match engine calls. Conditions are deep structures checked field by field by
 * ./payloads.ts with core/rules (translated field issues); the schemas state the outer shape.
 */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'conditions';
const Condition = Type.Object({ rule_type: Type.String(), data: Type.Object({}) });

/** Schemas by `METHOD /path`. */
export const conditionSchemas: RouteSchemas = {
  'GET /V4/condition.rule.list': listRoute(TAG, 'Condition rules with their citation counts', queryFields('keyword', 'status')),
  'GET /V4/condition.rule.get': getRoute(TAG, 'One condition rule', queryIntegers('id')),
  'POST /V4/condition.rule.save': bodyRoute(TAG, 'Create or change a condition rule', {
    id: Type.Optional(Id),
    name: Type.String(),
    description: Type.Optional(Type.String()),
    rules: Type.Array(Condition),
    status: Type.String(),
  }),
  'POST /V4/condition.rule.status': bodyRoute(TAG, 'Enable or suspend condition rules', { ids: IdList, status: Type.String() }),
  'POST /V4/condition.rule.delete': bodyRoute(TAG, 'Delete a condition rule no WAF rule uses', { id: Id }),
  'GET /V4/condition.rule.citations': getRoute(TAG, 'WAF rules that reference a condition rule', queryIntegers('id')),
};
