import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-document-dashboard>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  viewState: attr.string(
    'The view to start from, as URL query text: `q` (the search) and `page` (of the results). The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
