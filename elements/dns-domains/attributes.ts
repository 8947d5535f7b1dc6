import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-dns-domains>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(['list', 'batch-add', 'groups', 'statistics'], 'list', 'The page to show.'),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  viewState: attr.string(
    'The domain list\'s view to start from, as URL query text: `search`, `group`, `status`, `access`, `page`, `size`. Empty: the view this instance last showed (shell §2 "remembers page"). The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
