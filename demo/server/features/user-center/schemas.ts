/** Request schemas of the user center's calls; the rules are in ./payloads.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, listRoute, queryFields, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'user-center';

/** Schemas by `METHOD /path`. */
export const userCenterSchemas: RouteSchemas = {
  'GET /V4/user.security.get': getRoute(TAG, "The caller's account security"),
  'POST /V4/user.security.login_time': bodyRoute(TAG, 'Login time control (rules §5)', {
    value: Type.Union([Type.Integer(), Type.String()]),
    unit: Type.String(),
  }),
  'POST /V4/user.security.secondary': bodyRoute(TAG, 'Secondary email verification at sign-in (rules §6)', { enabled: Type.Boolean() }),
  'POST /V4/user.security.whitelist': bodyRoute(TAG, 'Account login whitelist by IP/CIDR and region (rules §6)', { ips: TextList, regions: TextList }),
  'POST /V4/user.mailbox.code': bodyRoute(TAG, 'Mail a code to the mailbox to bind', { email: Type.String() }),
  'POST /V4/user.mailbox.bind': bodyRoute(TAG, 'Bind the mailbox with the mailed code', { email: Type.String(), code: Type.String() }),
  'POST /V4/user.password.modify': bodyRoute(TAG, 'Change the password (rules §5); other sessions end', {
    current_password: Type.String(),
    password: Type.String(),
    confirm_password: Type.String(),
  }),
  'GET /V4/member.identity.get': getRoute(TAG, "The main account's identity verification"),
  'POST /V4/member.identity.submit': bodyRoute(TAG, 'Submit the main account for identity verification', {
    kind: Type.String(),
    real_name: Type.Optional(Type.String()),
    id_number: Type.Optional(Type.String()),
    company_name: Type.Optional(Type.String()),
    credit_code: Type.Optional(Type.String()),
    legal_person: Type.Optional(Type.String()),
  }),
  'GET /V4/user.login_log.list': listRoute(TAG, 'Sign-in attempts', queryFields('result')),
};
