/** Request schemas of the package calls. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'packages';
const Whole = Type.Union([Type.Integer(), Type.String({ maxLength: 12 })]);

/** Schemas by `METHOD /path`. */
export const packageSchemas: RouteSchemas = {
  'GET /V4/member.package.list': getRoute(TAG, 'The account plans with usage, increase packages and billing method'),
  'POST /V4/member.package.renew': bodyRoute(TAG, 'Renew a plan (a job)', { plan_id: Id, months: Whole }),
  'POST /V4/member.package.expand': bodyRoute(TAG, 'Buy increase packages for a plan (a job)', { plan_id: Id, packs: Whole }),
  'POST /V4/member.package.billing': bodyRoute(TAG, 'Change the billing method from the 1st of next month (a job)', { plan_id: Id, method: Type.String({ maxLength: 32 }) }),
};
