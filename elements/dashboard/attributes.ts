import { attr, type AttributeSchema } from '../../core/ui/attributes.js';
import { AUTO_REFRESH_CHOICES } from '../../core/rules/service-limits.js';
import { REPORT_LAYOUTS } from '../reports-shared/routes.js';

/** The attributes of `<ec-dashboard>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  layout: attr.enum(REPORT_LAYOUTS, 'new', 'The console layout whose report routes the figures link to (shell §2): `new` or `old`.'),
  refresh: attr.number('Auto refresh interval in seconds to start with (rules §9: 30, 60, 300, 600 or 900; 0 for off).', {
    default: 60,
    values: AUTO_REFRESH_CHOICES,
  }),
} satisfies AttributeSchema;
