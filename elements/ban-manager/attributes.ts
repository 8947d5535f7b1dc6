import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-ban-manager>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(['overview', 'records'], 'overview', 'Which view to show.'),
  pageSize: attr.number('Rows per page of the records (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  domainId: attr.number('Limits both views to one domain and picks it for batch unban.', { min: 1 }),
  viewState: attr.string(
    'The view to start from, as URL query text: `ip`, `domain`, `status`, `range` (with `from` and `to` for a custom range), `page`, `size` (records); `domain`, `range` (overview). The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
