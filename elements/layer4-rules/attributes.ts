import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-layer4-rules>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  layout: attr.enum(['new', 'old'], 'new', 'Which console layout the rule links lead to (shell §2: `four-layer-agent/console/:id` or `configLayer4Rule/:id`).'),
} satisfies AttributeSchema;
