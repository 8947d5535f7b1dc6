import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-bot-report>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  range: attr.enum(['15m', '3h', 'today', 'yesterday', '7d', '30d'] as const, 'today', 'The date range a new view starts with (rules §9 presets; times in UTC+8). The user can change it, including to a custom range.'),
  layout: attr.enum(['new', 'old'], 'new', 'Which console layout the detail and log links lead to (shell §2: `data-analytics/security-report/Bot/*` or `statisticsReport/Bot/*`).'),
} satisfies AttributeSchema;
