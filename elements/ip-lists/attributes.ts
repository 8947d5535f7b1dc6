import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-ip-lists>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  listId: attr.number('Opens this list\'s entries.', { min: 1 }),
  viewState: attr.string(
    'The view to start from, as URL query text: `search`, `page` and `size` of the lists; `list` (the open list\'s id), `find` and `entry-page` inside it. The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
