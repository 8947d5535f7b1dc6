/** Request schemas of the mail viewer's calls. */
import { getRoute, listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'mail';

/** Schemas by `METHOD /path`. */
export const mailSchemas: RouteSchemas = {
  'GET /V4/mail.outbox.list': listRoute(TAG, 'The stored outbox (only without SMTP)', queryFields('to')),
  'GET /V4/mail.outbox.get': getRoute(TAG, 'One stored mail with its bodies (only without SMTP)', queryIntegers('id')),
};
