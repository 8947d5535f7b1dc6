/** Request schemas of the access-management calls: types only; every rule is core/rules' (payloads.ts). */
import { Type } from 'typebox';
import { PERMISSION_MODULES } from '../../../../core/api/endpoints/platform.js';
import { bodyRoute, getRoute, Id, IdList, listRoute, NullableId, queryFields, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'access';
const Status = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]);
const Module = Type.Union(PERMISSION_MODULES.map((module) => Type.Literal(module)));
const Access = Type.Union([Type.Literal('read'), Type.Literal('manage')]);
const Grant = Type.Object({
  module: Module,
  object_scope: Type.Union([Type.Literal('all'), Type.Literal('group'), Type.Literal('specified')]),
  access: Access,
  auto_bind_new: Type.Optional(Type.Boolean()),
  object_ids: Type.Optional(IdList),
});
const SubAccountFields = {
  name: Type.String(),
  email: Type.Optional(Type.String()),
  remark: Type.Optional(Type.String()),
  group_id: NullableId,
};
const GroupFields = { name: Type.String(), remark: Type.Optional(Type.String()), grants: Type.Array(Grant) };

/** Schemas by `METHOD /path`. */
export const accessSchemas: RouteSchemas = {
  'GET /V4/access.overview': getRoute(TAG, 'Counts of sub-accounts, groups and keys; recent sign-ins; the main account security state'),
  'GET /V4/access.subaccount.list': listRoute(TAG, 'Sub-accounts', { ...queryFields('search', 'group_id') }),
  'POST /V4/access.subaccount.create': bodyRoute(TAG, 'Create a sub-account in one group', {
    ...SubAccountFields,
    password: Type.String(),
    confirm_password: Type.String(),
  }),
  'POST /V4/access.subaccount.update': bodyRoute(TAG, 'Change a sub-account', { id: Id, ...SubAccountFields }),
  'POST /V4/access.subaccount.status': bodyRoute(TAG, 'Enable or disable a sub-account (disabling ends its sessions)', { id: Id, status: Status }),
  'POST /V4/access.subaccount.password': bodyRoute(TAG, "Reset a sub-account's password", { id: Id, password: Type.String(), confirm_password: Type.String() }),
  'POST /V4/access.subaccount.delete': bodyRoute(TAG, 'Delete a sub-account', { id: Id }),
  'GET /V4/access.group.list': listRoute(TAG, 'Permission groups with their grants', queryFields('search')),
  'GET /V4/access.group.get': getRoute(TAG, 'One permission group', queryFields('id')),
  'POST /V4/access.group.create': bodyRoute(TAG, 'Create a permission group', GroupFields),
  'POST /V4/access.group.update': bodyRoute(TAG, "Save a group's name, remark and grants", { id: Id, ...GroupFields }),
  'POST /V4/access.group.delete': bodyRoute(TAG, 'Delete a group holding no sub-account', { id: Id }),
  'GET /V4/access.object.list': getRoute(TAG, "The account's objects of a module, for the grant editor", queryFields('module')),
  'POST /V4/access.simulate': bodyRoute(TAG, 'May a sub-account do this? Answered by the server authorization code', {
    user_id: Id,
    module: Module,
    access: Access,
    object_id: Type.Optional(NullableId),
  }),
  'GET /V4/access.key.list': listRoute(TAG, 'Access keys (never their secrets), all or of one user', queryFields('user_id')),
  'POST /V4/access.key.create': bodyRoute(TAG, 'Create an access key; the answer holds its secret, shown this once', {
    user_id: Type.Optional(NullableId),
    remark: Type.Optional(Type.String()),
  }),
  'POST /V4/access.key.status': bodyRoute(TAG, 'Enable or disable an access key', { id: Id, status: Status }),
  'POST /V4/access.key.rotate': bodyRoute(TAG, "Replace an access key's secret (the old one stops working)", { id: Id }),
  'POST /V4/access.key.delete': bodyRoute(TAG, 'Delete an access key', { id: Id }),
};
