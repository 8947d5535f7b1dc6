import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-cache-rules>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  domainId: attr.number('The domain whose cache rules are shown (required).', { min: 1 }),
  pageSize: attr.number('Rules per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  mode: attr.enum(['manage', 'readonly'], 'manage', '`readonly` hides every change; `manage` shows them where allowed.'),
} satisfies AttributeSchema;
