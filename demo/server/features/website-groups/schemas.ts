/** Request schemas of the website group calls; websites are assigned by the websites area's selection. */
import { Type } from 'typebox';
import { bodyRoute, Id, listRoute, NullableId, queryFields, type RouteSchemas } from '../../platform/http/schemas.js';
import { WebsiteSelectionSchema } from '../websites/index.js';

/** Schemas by `METHOD /path`. */
export const websiteGroupSchemas: RouteSchemas = {
  'GET /V4/cloudsafe.hwws.website.group.list': listRoute('website-groups', 'Website groups', queryFields('search')),
  'POST /V4/cloudsafe.hwws.website.group.create': bodyRoute('website-groups', 'Create a website group', {
    name: Type.String(),
    remark: Type.Optional(Type.String()),
  }),
  'POST /V4/cloudsafe.hwws.website.group.update': bodyRoute('website-groups', 'Rename a website group', {
    id: Id,
    name: Type.String(),
    remark: Type.Optional(Type.String()),
  }),
  'POST /V4/cloudsafe.hwws.website.group.delete': bodyRoute('website-groups', 'Delete a website group (its sites become ungrouped)', { id: Id }),
  'POST /V4/cloudsafe.hwws.website.group.assign': bodyRoute('website-groups', 'Move websites into a group, or out of every group', {
    group_id: NullableId,
    selection: WebsiteSelectionSchema,
  }),
  'GET /V4/cloudsafe.hwws.template.list': listRoute('website-groups', 'Configuration templates to add websites with'),
};
