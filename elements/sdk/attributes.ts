import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-sdk>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(
    ['businesses', 'business', 'packages', 'report', 'resource-config', 'resource-manage'],
    'businesses',
    'The page shown: the `businesses` list, one `business` with its devices (with `business-id`), forwarding `packages`, a data `report` (with `type`), `resource-config` or `resource-manage`. Each view loads its own code when first shown.',
  ),
  businessId: attr.number('The business of the `business` view (and the one preselected by the others).', { min: 1 }),
  type: attr.enum(['cc', 'visit', 'waf'], 'cc', 'The data report of the `report` view: CC attacks, visits or WAF (shell §2).'),
} satisfies AttributeSchema;
