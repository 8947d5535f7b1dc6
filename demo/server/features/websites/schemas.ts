/** Request schemas of the website calls (rules §3-§5 websites); rules and limits in ./payloads.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, NullableId, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'websites';

/** The list filters, as a query or as `selection.all`. */
const FILTERS = { ...queryFields('search', 'status', 'access_mode'), ...queryIntegers('group_id') };

/** Which websites a batch call acts on: ids, domain names, or every site matching the list filters. */
export const WebsiteSelectionSchema = Type.Object({
  ids: Type.Optional(IdList),
  domains: Type.Optional(TextList),
  all: Type.Optional(
    Type.Object({
      search: Type.Optional(Type.String()),
      status: Type.Optional(Type.String()),
      access_mode: Type.Optional(Type.String()),
      group_id: Type.Optional(Type.Integer({ minimum: 0 })),
      exclude: Type.Optional(IdList),
    }),
  ),
});

/** `dry_run: true` previews a batch; anything but a boolean is refused, never read as false. */
const DryRun = Type.Optional(Type.Boolean());

const Origin = Type.Object({
  address: Type.String(),
  port: Type.Integer(),
  line: Type.String(),
  weight: Type.Integer(),
});

/** Schemas by `METHOD /path`. */
export const websiteSchemas: RouteSchemas = {
  'GET /V4/cloudsafe.hwws.website.list': listRoute(TAG, 'Websites, paged on the server', { ...FILTERS, ...queryFields('sort', 'order') }),
  'GET /V4/cloudsafe.hwws.website.get': getRoute(TAG, 'One website', queryIntegers('id')),
  'POST /V4/cloudsafe.hwws.website.add': bodyRoute(TAG, 'Add websites (one per line) with their origins', {
    domains: Type.Union([TextList, Type.String()]),
    template_id: Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')])),
    type: Type.Optional(Type.String()),
    origins: Type.Optional(Type.Array(Origin)),
    origin_protocol: Type.Optional(Type.Integer()),
    load_balancing: Type.Optional(Type.Integer()),
    https: Type.Optional(Type.Boolean()),
    remark: Type.Optional(Type.String()),
    group_id: Type.Optional(NullableId),
    dry_run: DryRun,
  }),
  'POST /V4/cloudsafe.hwws.website.delete': bodyRoute(TAG, 'Delete websites', { selection: WebsiteSelectionSchema, dry_run: DryRun }),
  'POST /V4/cloudsafe.hwws.website.status': bodyRoute(TAG, 'Suspend or enable websites', {
    selection: WebsiteSelectionSchema,
    action: Type.String(),
    dry_run: DryRun,
  }),
  'POST /V4/cloudsafe.hwws.website.update': bodyRoute(TAG, "A website's remark, group and auto-renewal", {
    id: Id,
    remark: Type.Optional(Type.String()),
    group_id: Type.Optional(NullableId),
    auto_renew: Type.Optional(Type.Boolean()),
  }),
  'POST /V4/cloudsafe.hwws.website.batch.setting': bodyRoute(TAG, 'Set configuration items on many websites', {
    selection: WebsiteSelectionSchema,
    settings: Type.Object({
      page_gzip: Type.Optional(Type.String()),
      Webp: Type.Optional(Type.String()),
      websocket: Type.Optional(Type.String()),
      origin_timeout: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    }),
    dry_run: DryRun,
  }),
};
