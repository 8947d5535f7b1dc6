import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-domain-list>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(['list', 'add'], 'list', '`add` shows the add-domain wizard (domains, template, origins, HTTPS where the plan allows it, review, result).'),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  layout: attr.enum(['new', 'old'], 'new', 'Which menu layout\'s routes `ec-navigate` names (console, batch pages, groups).'),
  viewState: attr.string(
    'The view to start from, as URL query text: `search`, `status`, `group`, `access`, `sort` (`field.asc|desc`), `page`, `size`, and `wizard` (the open step of the add-domain wizard). The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
