import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-access-control-report>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  layout: attr.enum(['new', 'old'] as const, 'new', 'Which cloud-speed layout the links lead to (shell §2: `statisticsReport` or `data-analytics/security-report`, and that layout\'s log retrieval).'),
  range: attr.enum(['15m', '3h', 'today', 'yesterday', '7d', '30d'] as const, 'today', 'The date range a new view starts with (rules §9 presets; times in UTC+8). The user can change it, including to a custom range.'),
} satisfies AttributeSchema;
