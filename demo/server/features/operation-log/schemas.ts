/** Request schemas of the operation log. */
import { listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

/** Schemas by `METHOD /path`. */
export const operationLogSchemas: RouteSchemas = {
  'GET /V4/oplog.list': listRoute('operation-log', 'Operation log with before/after values', {
    ...queryFields('area', 'action', 'object_id', 'start_time', 'end_time'),
    ...queryIntegers('user_id'),
  }),
};
