/** Request schemas of the cache task calls (rules §5 Purge, Prefetch); rules and limits in core/rules/cache-tasks.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, listRoute, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'cache-tasks';

/** Schemas by `METHOD /path`. */
export const cacheTaskSchemas: RouteSchemas = {
  'GET /V4/cache.task.context': getRoute(TAG, 'Websites the caller may purge and when each kind may be submitted again'),
  'POST /V4/cache.purge.create': bodyRoute(TAG, 'Purge URLs or directories (2 per minute per kind)', { kind: Type.String(), urls: TextList }),
  'POST /V4/cache.prefetch.create': bodyRoute(TAG, 'Prefetch URLs (2 per minute)', { urls: TextList }),
  'GET /V4/cache.task.detail': listRoute(TAG, 'One cache task with its per-URL results', { ...queryIntegers('id'), ...queryFields('result') }),
  'POST /V4/cache.task.retry': bodyRoute(TAG, 'Retry the failed URLs of a finished task as a new task', { id: Id }),
};
