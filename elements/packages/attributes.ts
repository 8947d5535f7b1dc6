import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-packages>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  planId: attr.number('Shows only this plan (a link from a plan notice or a message); all of the account\'s plans by default.', { min: 1, integer: true }),
} satisfies AttributeSchema;
