import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-operation-log>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  area: attr.string('Locks the log to one feature area, e.g. `dns`; the area filter shows it and cannot change.'),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  viewState: attr.string(
    'The view to start from, as URL query text: `area`, `action`, `operator` (with `operator-name`), `object`, `range` (with `from` and `to` for a custom range), `page`, `size`. The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
