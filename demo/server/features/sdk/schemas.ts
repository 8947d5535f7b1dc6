/** Request schemas of the SDK calls. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, listRoute, NullableId, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'sdk';

const business = {
  name: Type.String({ maxLength: 1000 }),
  android_package: Type.String({ maxLength: 1000 }),
  ios_bundle: Type.String({ maxLength: 1000 }),
  remark: Type.String({ maxLength: 1000 }),
  domain_id: Type.Optional(NullableId),
};

const pack = {
  name: Type.String({ maxLength: 1000 }),
  business_id: NullableId,
  protocol: Type.String({ maxLength: 16 }),
  ports: Type.String({ maxLength: 20_000 }),
  source_ips: TextList,
  source_port: Type.Union([Type.Integer(), Type.String({ maxLength: 16 })]),
};

/** Schemas by `METHOD /path`. */
export const sdkSchemas: RouteSchemas = {
  'GET /V4/sdk.business.list': listRoute(TAG, 'The account\'s SDK businesses, newest first', queryFields('keyword')),
  'GET /V4/sdk.business.get': getRoute(TAG, 'One SDK business', queryIntegers('id')),
  'POST /V4/sdk.business.create': bodyRoute(TAG, 'Create an SDK business', business),
  'POST /V4/sdk.business.edit': bodyRoute(TAG, 'Edit an SDK business', { id: Id, ...business }),
  'POST /V4/sdk.business.delete': bodyRoute(TAG, 'Delete an SDK business with its devices, packages, settings and keys', { id: Id }),
  'GET /V4/sdk.device.list': listRoute(TAG, 'Devices of a business with their reputation (rules §9)', { ...queryIntegers('business_id'), ...queryFields('level') }),
  'GET /V4/sdk.package.list': listRoute(TAG, 'Forwarding packages'),
  'POST /V4/sdk.package.create': bodyRoute(TAG, 'Create a forwarding package (at most 1000 ports, rules §5)', pack),
  'POST /V4/sdk.package.edit': bodyRoute(TAG, 'Edit a forwarding package', { id: Id, ...pack }),
  'POST /V4/sdk.package.delete': bodyRoute(TAG, 'Delete a forwarding package', { id: Id }),
  'GET /V4/sdk.config.get': getRoute(TAG, 'Protection settings of a business', queryIntegers('business_id')),
  'POST /V4/sdk.config.save': bodyRoute(TAG, 'Save protection settings of a business', {
    business_id: Id,
    cc_enabled: Type.Boolean(),
    cc_threshold: Type.Union([Type.Integer(), Type.String({ maxLength: 16 })]),
    risk_action: Type.String({ maxLength: 16 }),
    block_emulators: Type.Boolean(),
    block_rooted: Type.Boolean(),
  }),
  'GET /V4/sdk.key.list': getRoute(TAG, 'SDK keys of a business', queryIntegers('business_id')),
  'POST /V4/sdk.key.create': bodyRoute(TAG, 'Create an SDK key', { business_id: Id, name: Type.String({ maxLength: 1000 }) }),
  'POST /V4/sdk.key.rotate': bodyRoute(TAG, 'Replace an SDK key\'s value', { id: Id }),
  'POST /V4/sdk.key.delete': bodyRoute(TAG, 'Delete an SDK key', { id: Id }),
  'GET /V4/sdk.report.get': getRoute(TAG, 'A data report of a business (CC attack, visit, WAF)', {
    ...queryIntegers('business_id'),
    ...queryFields('type', 'from', 'to', 'granularity'),
  }),
};
