/** Request schemas of the log download template and task calls (rules §3, §5, §9); the rules are in payloads.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../../platform/http/schemas.js';

const TAG = 'logs';

/** Schemas by `METHOD /path`. */
export const logDownloadSchemas: RouteSchemas = {
  'GET /V4/logs.template.list': listRoute(TAG, 'Log download templates of the account', queryFields('log_type', 'keyword', 'enabled')),
  'POST /V4/logs.template.save': bodyRoute(TAG, 'Create or change a log download template', {
    id: Type.Optional(Id),
    name: Type.String(),
    group: Type.String(),
    log_type: Type.String(),
    fields: Type.Array(Type.String()),
    limitation: Type.String(),
    enabled: Type.Boolean(),
  }),
  'POST /V4/logs.template.enable': bodyRoute(TAG, 'Enable or disable a log download template', { id: Id, enabled: Type.Boolean() }),
  'POST /V4/logs.template.delete': bodyRoute(TAG, 'Delete log download templates no running task uses', { ids: IdList }),
  'GET /V4/logs.download.list': listRoute(TAG, 'Log download tasks', queryFields('log_type', 'keyword')),
  'POST /V4/logs.download.create': bodyRoute(TAG, 'Start a log download task (10 at once, 10000 rows, kept 7 days)', {
    name: Type.String(),
    template_id: Id,
    domain_ids: IdList,
    from: Type.String(),
    to: Type.String(),
    file_type: Type.String(),
    language: Type.String(),
  }),
  'POST /V4/logs.download.cancel': bodyRoute(TAG, 'Cancel a log download task that has not finished', { id: Id }),
  'POST /V4/logs.download.delete': bodyRoute(TAG, 'Delete finished log download tasks and their files', { ids: IdList }),
  'GET /V4/logs.download.file': getRoute(TAG, 'The gzip-compressed file of a completed log download task', queryIntegers('id')),
};
