/** Request schemas of the sign-in and platform calls (shell §7); rules in ./payloads.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, listRoute, queryFields, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'account';

/** Schemas by `METHOD /path`. */
export const accountSchemas: RouteSchemas = {
  'POST /sso/V4/login': bodyRoute(TAG, 'Parent account sign-in', { email: Type.String(), password: Type.String() }),
  'POST /sso/V4/subuser/login': bodyRoute(TAG, 'Sub-account sign-in with the parent member id', {
    member_id: Type.Union([Type.Integer(), Type.String()]),
    user_name: Type.String(),
    password: Type.String(),
  }),
  'GET /sso/V4/user/info': getRoute(TAG, 'The signed-in user (standalone console)'),
  'GET /iam/V4/user/info': getRoute(TAG, 'The signed-in user (embedded console)'),
  'GET /V4/permission.get.subUserInfo': getRoute(TAG, 'The signed-in sub-account'),
  'GET /sso/V4/logOut': getRoute(TAG, 'Sign out'),
  'GET /sso/V4/subuser/logout': getRoute(TAG, 'Sign out a sub-account'),
  'GET /oem/cfg': getRoute(TAG, 'OEM branding of this deployment'),
  'GET /V4/member.set.info.console': getRoute(TAG, 'Console settings of the member (menu type, gates)'),
  'POST /sso/V4/timezone': bodyRoute(TAG, 'Save the user time zone', { timezone: Type.String() }),
  'GET /V4/share_data.region': getRoute(TAG, 'Countries, provinces and region groups'),
  'GET /V4/member.product.plan': getRoute(TAG, 'The member plans'),
  'GET /V4/member.plan.actions': getRoute(TAG, 'The actions the plans in force allow'),
  'GET /V4/permission.get.grants': getRoute(TAG, "The caller's grant of each permission module"),
  'GET /V4/cloudsafe.hwws.domain.list': listRoute(TAG, 'Domain picker list', queryFields('domain')),
  'GET /dashboard-api/account/user/appLogin': getRoute(TAG, 'App sign-in check (shell §4)', queryFields('app', 'token')),
  'POST /sso/V4/login.verify': bodyRoute(TAG, 'Second sign-in step: the mailed code (rules §6)', { challenge: Type.String(), code: Type.String() }),
  'POST /sso/V4/login.resend': bodyRoute(TAG, 'Mail a new code for a pending sign-in', { challenge: Type.String() }),
};
