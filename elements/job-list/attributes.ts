import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-job-list>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  type: attr.string('Job type id the type filter starts with, e.g. `cache.purge`; the user can still change it.'),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  layout: attr.enum(['new', 'old'], 'new', 'Which menu layout\'s task detail routes `ec-navigate` names.'),
  viewState: attr.string(
    'The view to start from, as URL query text: `state`, `type`, `range` (15m, 3h, today, yesterday, 7d, 30d), `page`, `size`. The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
