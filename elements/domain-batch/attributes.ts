import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-domain-batch>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  mode: attr.enum(['add', 'delete', 'setting'], 'add', 'Which batch page.'),
  layout: attr.enum(['new', 'old'], 'new', 'Which menu layout\'s routes `ec-navigate` names.'),
} satisfies AttributeSchema;
