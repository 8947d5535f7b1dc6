import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-cache-prefetch>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  layout: attr.enum(['new', 'old'], 'new', 'Which menu layout\'s task list routes `ec-navigate` names after a submission.'),
} satisfies AttributeSchema;
