/** Request schemas of log retrieval and saved queries; the language and limits live in core/logs and core/rules. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'logs';
const SEARCH = queryFields('log_type', 'from', 'to', 'expression', 'domain_ids', 'status', 'region', 'client_ip', 'method', 'uri', 'rule_id', 'action');

/** Schemas by `METHOD /path`. */
export const logSchemas: RouteSchemas = {
  'GET /V4/logs.context': getRoute(TAG, 'Websites whose logs the caller may read, and retention per log type'),
  'GET /V4/logs.record.list': getRoute(TAG, 'The newest 500 log lines matching the filters and the advanced search expression', SEARCH),
  'GET /V4/logs.field.values': getRoute(TAG, 'Most frequent values of a field (autocomplete)', { ...SEARCH, ...queryFields('field', 'prefix') }),
  'GET /V4/logs.query.list': listRoute(TAG, 'Saved queries', queryFields('log_type', 'keyword')),
  'POST /V4/logs.query.save': bodyRoute(TAG, 'Create or edit a saved query (name 4-50)', {
    id: Type.Optional(Id),
    name: Type.String(),
    description: Type.String({ maxLength: 500 }),
    log_type: Type.String(),
    statement: Type.String(),
  }),
  'POST /V4/logs.query.delete': bodyRoute(TAG, 'Delete saved queries', { ids: IdList }),
};
