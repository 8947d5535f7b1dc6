/** Request schemas of the work-order calls. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'work-orders';

/** Schemas by `METHOD /path`. */
export const workOrderSchemas: RouteSchemas = {
  'GET /V4/workorder.ticket.list': listRoute(TAG, 'The caller\'s work orders, newest first', queryFields('status')),
  'GET /V4/workorder.ticket.get': getRoute(TAG, 'One work order', queryIntegers('id')),
  'POST /V4/workorder.ticket.create': bodyRoute(TAG, 'Open a work order', {
    title: Type.String({ maxLength: 1000 }),
    category: Type.String({ maxLength: 32 }),
    description: Type.String({ maxLength: 10000 }),
    contact: Type.String({ maxLength: 256 }),
    feature: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  }),
  'POST /V4/workorder.ticket.close': bodyRoute(TAG, 'Close a work order', { id: Id }),
};
