/** Request schemas of the acceleration policy calls (issue 21); rules and limits in ./payloads.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';
import { WebsiteSelectionSchema } from '../websites/index.js';

const TAG = 'acceleration-policy';

const TemplateFields = { name: Type.String(), remark: Type.Optional(Type.String()) };

/** Schemas by `METHOD /path`. */
export const accelerationPolicySchemas: RouteSchemas = {
  'GET /V4/web.acceleration.set.get': getRoute(TAG, "Settings groups of the global policy or an acceleration template", {
    ...queryFields('target', 'group'),
    ...queryIntegers('template_id'),
  }),
  'PUT /V4/web.acceleration.set.save': bodyRoute(TAG, 'Save settings groups of the global policy or an acceleration template; redeploys the domains following it', {
    target: Type.String(),
    template_id: Type.Optional(Id),
    group: Type.Object({}),
  }),
  'GET /V4/web.acceleration.template.list': listRoute(TAG, 'Acceleration templates with their bound domain counts', queryFields('name')),
  'GET /V4/web.acceleration.template.get': getRoute(TAG, 'One acceleration template', queryIntegers('template_id')),
  'POST /V4/web.acceleration.template.create': bodyRoute(TAG, 'Create an acceleration template', TemplateFields),
  'POST /V4/web.acceleration.template.update': bodyRoute(TAG, "Change an acceleration template's name and remark", { template_id: Id, ...TemplateFields }),
  'POST /V4/web.acceleration.template.copy': bodyRoute(TAG, 'Copy an acceleration template (flagship or above)', { template_id: Id, ...TemplateFields }),
  'POST /V4/web.acceleration.template.delete': bodyRoute(TAG, 'Delete an acceleration template no domain is bound to', { template_id: Id }),
  'GET /V4/web.acceleration.template.domains': listRoute(TAG, 'Domains bound to an acceleration template', queryIntegers('template_id')),
  'POST /V4/web.acceleration.template.bind': bodyRoute(TAG, 'Bind domains to an acceleration template', { template_id: Id, domain_ids: IdList }),
  'POST /V4/web.acceleration.template.unbind': bodyRoute(TAG, 'Unbind domains from an acceleration template by copying or switching', {
    template_id: Id,
    domain_ids: IdList,
    unbind: Type.String(),
    to: Type.Optional(Type.String()),
    to_template_id: Type.Optional(Id),
  }),
  'GET /V4/web.config.template.list': listRoute(TAG, 'Configuration templates', queryFields('name')),
  'GET /V4/web.config.template.get': getRoute(TAG, 'One configuration template', queryIntegers('template_id')),
  'POST /V4/web.config.template.create': bodyRoute(TAG, 'Create a configuration template', { ...TemplateFields, items: Type.Object({}) }),
  'POST /V4/web.config.template.update': bodyRoute(TAG, 'Change a configuration template', { template_id: Id, ...TemplateFields, items: Type.Object({}) }),
  'POST /V4/web.config.template.copy': bodyRoute(TAG, 'Copy a configuration template (flagship or above)', { template_id: Id, name: Type.String() }),
  'POST /V4/web.config.template.delete': bodyRoute(TAG, 'Delete a configuration template', { template_id: Id }),
  'POST /V4/web.config.template.apply': bodyRoute(TAG, 'Batch setting by configuration template: preview with dry_run, or apply and issue', {
    template_id: Id,
    items: Type.Optional(TextList),
    selection: WebsiteSelectionSchema,
    dry_run: Type.Optional(Type.Boolean()),
  }),
};
