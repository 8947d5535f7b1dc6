/** Request schemas of the layer-4 calls. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'layer4';
const Port = Type.Union([Type.Integer(), Type.String({ maxLength: 12 })]);
const Access = Type.Object({ allow_ips: TextList, deny_ips: TextList, deny_regions: TextList });
const RULE = {
  protocol: Type.String({ maxLength: 8 }),
  type: Type.String({ maxLength: 8 }),
  source_ips: TextList,
  source_port: Port,
  remark: Type.String({ maxLength: 1000 }),
  package_id: Type.Union([Type.Integer(), Type.String({ maxLength: 12 }), Type.Null()]),
  lb_mode: Type.String({ maxLength: 32 }),
};

/** Schemas by `METHOD /path`. */
export const layer4Schemas: RouteSchemas = {
  'GET /V4/layer4.package.list': getRoute(TAG, 'The TCP value-added packages with their bound websites'),
  'POST /V4/layer4.package.activate': bodyRoute(TAG, 'Activate a TCP package (a job)', { id: Id }),
  'POST /V4/layer4.package.bind': bodyRoute(TAG, 'Bind a website to a TCP package', { id: Id, domain_id: Id }),
  'POST /V4/layer4.package.unbind': bodyRoute(TAG, 'Unbind a website from a TCP package', { id: Id, domain_id: Id }),
  'GET /V4/layer4.rule.list': listRoute(TAG, 'Layer-4 forwarding rules, newest first', { ...queryFields('protocol', 'status', 'keyword'), ...queryIntegers('package_id') }),
  'GET /V4/layer4.rule.get': getRoute(TAG, 'One layer-4 rule with its origins and access control', queryIntegers('id')),
  'POST /V4/layer4.rule.create': bodyRoute(TAG, 'Create a rule on one port', { ...RULE, rule_port: Port }),
  'POST /V4/layer4.rule.update': bodyRoute(TAG, 'Change a rule', { ...RULE, id: Id, rule_port: Port, access: Type.Optional(Access) }),
  'POST /V4/layer4.rule.delete': bodyRoute(TAG, 'Delete rules', { ids: IdList }),
  'POST /V4/layer4.rule.batch_add': bodyRoute(TAG, 'Add one rule per port (at most 100, 1000 for the application product)', { ...RULE, ports: Type.String({ maxLength: 20000 }) }),
  'POST /V4/layer4.rule.batch_check': bodyRoute(TAG, 'Which chosen rules differ in source port, package or source IPs', { ids: IdList }),
  'POST /V4/layer4.rule.batch_edit': bodyRoute(TAG, 'Change rules sharing source port, package and source IPs', {
    ids: IdList,
    changes: Type.Object({ source_ips: Type.Optional(TextList), source_port: Type.Optional(Port), lb_mode: Type.Optional(Type.String({ maxLength: 32 })), remark: Type.Optional(Type.String({ maxLength: 1000 })) }),
  }),
  'GET /V4/layer4.report.series': getRoute(TAG, 'TCP report: sessions, bytes, refusals and concurrency per bucket', queryFields('from', 'to', 'bucket', 'rule_ids')),
  'GET /V4/layer4.report.top': getRoute(TAG, 'TCP report: the most frequent sources, regions, ports or rules', {
    ...queryFields('from', 'to', 'field', 'verdicts', 'rule_ids'),
    ...queryIntegers('limit'),
  }),
};
