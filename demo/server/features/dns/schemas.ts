/**
 * Request schemas of the cloud DNS calls (rules §3-§5, §9 DNS). Record fields are checked one by one by ./rows.ts
 * with core/rules (the same checks as the browser's import preview); their schema states each field's type.
 */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, NullableId, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'dns';
const RecordFields = {
  host: Type.String(),
  type: Type.String(),
  line: Type.Optional(Type.String()),
  value: Type.String(),
  priority: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  ttl: Type.Optional(Type.Integer()),
  remark: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  group: Type.Optional(Type.String()),
};
const RecordSchema = Type.Object(RecordFields);

/** Schemas by `METHOD /path`. */
export const dnsSchemas: RouteSchemas = {
  'GET /V4/dns.domain.list': listRoute(TAG, 'DNS domains with their access status', { ...queryFields('keyword', 'status', 'access_status'), ...queryIntegers('group_id') }),
  'GET /V4/dns.domain.get': getRoute(TAG, 'One DNS domain', queryIntegers('id')),
  'POST /V4/dns.domain.batch.add': bodyRoute(TAG, 'Add DNS domains', { domains: TextList, group_id: Type.Optional(NullableId) }),
  'POST /V4/dns.domain.status': bodyRoute(TAG, 'Pause or resume DNS domains', { ids: IdList, status: Type.String() }),
  'POST /V4/dns.domain.delete': bodyRoute(TAG, 'Delete DNS domains', { ids: IdList }),
  'POST /V4/dns.domain.group.set': bodyRoute(TAG, 'Move DNS domains to a group', { ids: IdList, group_id: NullableId }),
  'GET /V4/dns.domain.statistics': getRoute(TAG, 'Queries per day', queryIntegers('domain_id', 'days')),
  'GET /V4/dns.record.list': listRoute(TAG, 'Records of a DNS domain', { ...queryIntegers('domain_id'), ...queryFields('keyword', 'type', 'line', 'status') }),
  'POST /V4/dns.record.create': bodyRoute(TAG, 'Create a record', { domain_id: Id, ...RecordFields }),
  'POST /V4/dns.record.update': bodyRoute(TAG, 'Change a record', { id: Id, ...RecordFields }),
  'POST /V4/dns.record.status': bodyRoute(TAG, 'Pause or resume records', { ids: IdList, status: Type.String() }),
  'POST /V4/dns.record.delete': bodyRoute(TAG, 'Delete records', { ids: IdList }),
  'POST /V4/dns.record.batch.add': bodyRoute(TAG, 'Add records to many domains (a job)', { domain_ids: IdList, records: Type.Array(RecordSchema) }),
  'POST /V4/dns.record.import': bodyRoute(TAG, 'Import the previewed rows of a zone or spreadsheet file (a job)', {
    file_name: Type.String(),
    mode: Type.String(),
    sheets: Type.Array(Type.Object({ domain: Type.String(), records: Type.Array(RecordSchema) })),
  }),
  'GET /V4/dns.record.export': getRoute(TAG, 'Records of a domain as a file', { ...queryIntegers('domain_id'), ...queryFields('format') }),
  'GET /V4/dns.job.list': listRoute(TAG, 'DNS jobs', queryFields('type', 'status')),
  'GET /V4/dns.job.detail.list': listRoute(TAG, 'The rows of a DNS job and their results', { ...queryIntegers('job_id'), ...queryFields('result') }),
  'GET /V4/dns.group.list': listRoute(TAG, 'DNS domain groups', queryFields('keyword')),
  'POST /V4/dns.group.create': bodyRoute(TAG, 'Create a DNS group', { name: Type.String(), remark: Type.Optional(Type.String()) }),
  'POST /V4/dns.group.update': bodyRoute(TAG, 'Rename a DNS group', { id: Id, name: Type.String(), remark: Type.Optional(Type.String()) }),
  'POST /V4/dns.group.delete': bodyRoute(TAG, 'Delete DNS groups', { ids: IdList }),
};
