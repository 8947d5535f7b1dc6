import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-waf-rules>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  domainId: attr.number('The domain whose console shows the element: the list says which sets it quotes.', { min: 1 }),
  businessId: attr.number('A v5 business (a website\'s id), used as `domain-id`.', { min: 1 }),
  businessName: attr.string('The business\'s name, shown above the list.'),
  groupId: attr.number('A rule set to open directly in the editor, without the list (the host shows the back link).', { min: 1 }),
  view: attr.enum(['list', 'edit'], 'list', '`edit` opens the set last opened in this tab, or starts creating one.'),
  pageSize: attr.number('Rows per page of the set list (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  viewState: attr.string(
    'The view to start from, as URL query text: `set` (the rule set open in the editor), `tab` (`log`), `search`, `attribution`, `page`, `size`. The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
