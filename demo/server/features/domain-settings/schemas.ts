/**
 * Request schemas of a domain's settings groups (shell §7 `web.domain.set.get`/`save`). Each group's content is
 * checked by the area that owns it (cache rules: core/rules/cache.ts through the cache area).
 */
import { Type } from 'typebox';
import { getRoute, Id, NullableId, queryFields, queryIntegers, typesOnly, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'domain-settings';

/** Schemas by `METHOD /path`. */
export const domainSettingsSchemas: RouteSchemas = {
  'GET /V4/Web.Domain.Info': getRoute(TAG, "A domain's context: the site, its configuration method and the plan in force", queryIntegers('domain_id')),
  'GET /V4/web.domain.set.get': getRoute(TAG, "A domain's settings, by group name (comma separated)", { ...queryIntegers('domain_id'), ...queryFields('group') }),
  'PUT /V4/web.domain.set.save': {
    tags: [TAG],
    summary: "Save some of a domain's settings groups",
    body: typesOnly(Type.Object({ domain_id: Id, group: Type.Object({}) })),
  },
  'POST /V4/web.domain.config.method': {
    tags: [TAG],
    summary: "Change a domain's configuration method (global policy, template or domain-specific; unbind a template by copying or switching)",
    body: typesOnly(
      Type.Object({
        domain_id: Id,
        source: Type.String(),
        template_id: Type.Optional(NullableId),
        unbind: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      }),
    ),
  },
  'GET /V4/web.domain.config.view': getRoute(TAG, "Every setting in force for a domain, with its source and what differs from its template", queryIntegers('domain_id')),
};
