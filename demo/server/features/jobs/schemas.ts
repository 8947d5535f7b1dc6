/** Request schemas of the job calls (rules §4 task states). */
import { type RouteSchemas, getRoute, listRoute, queryFields, queryIntegers, bodyRoute, Id } from '../../platform/http/schemas.js';

const TAG = 'jobs';

/** Schemas by `METHOD /path`. */
export const jobSchemas: RouteSchemas = {
  'GET /V4/job.task.list': listRoute(TAG, 'Long-running tasks of the account', queryFields('type', 'state', 'from', 'to')),
  'GET /V4/job.task.get': getRoute(TAG, 'One task with its progress', queryIntegers('id')),
  'POST /V4/job.task.cancel': bodyRoute(TAG, 'Cancel a task that has not finished', { id: Id }),
  'POST /V4/job.stream.ticket': bodyRoute(TAG, 'A single-use ticket (30 s) that opens one job stream', {}),
  'GET /V4/job.task.stream': getRoute(TAG, 'Server-Sent Events of job changes, opened with a ticket', queryFields('ticket')),
};
