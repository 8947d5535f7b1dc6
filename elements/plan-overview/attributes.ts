import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-plan-overview>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(['full', 'compact'], 'full', '`compact` shows the plan cards only, without the feature table.'),
} satisfies AttributeSchema;
