/** Request schemas of the message calls. */
import { getRoute, type RouteSchemas } from '../../platform/http/schemas.js';

/** Schemas by `METHOD /path`. */
export const messageSchemas: RouteSchemas = {
  'GET /V4/message.unread.count': getRoute('messages', 'Unread messages of the user (the bell)'),
};
