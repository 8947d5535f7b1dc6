import { attr, type AttributeSchema } from '../../core/ui/attributes.js';
import { DOMAIN_CONSOLE_TABS } from '../../core/settings/catalogue.js';

/** The attributes of `<ec-domain-console>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  domainId: attr.number('The domain whose settings are shown (required).', { min: 1 }),
  tab: attr.enum(DOMAIN_CONSOLE_TABS, 'origin', 'The tab to open when `view-state` names none (the old layout\'s `console/:id` children each name theirs).'),
  viewState: attr.string(
    'The view to start from, as URL query text: `tab` (one of the tabs). The element reports the user picking another tab with `ec-view-state`; a page that owns the address keeps it there.',
  ),
  tabs: attr.string(
    'The tabs to offer, comma-separated names of `tab` (all the domain has when empty); with one, no tab bar is shown (the security module\'s network security page shows the origin tab alone).',
  ),
  mode: attr.enum(['manage', 'readonly'], 'manage', '`readonly` hides every change; `manage` shows them where allowed.'),
} satisfies AttributeSchema;
