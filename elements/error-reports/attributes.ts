import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-error-reports>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  source: attr.string('Element tag the element filter starts with, e.g. `ec-domain-list`; the user can still change it.'),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
} satisfies AttributeSchema;
