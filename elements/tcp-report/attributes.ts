import { attr, type AttributeSchema } from '../../core/ui/attributes.js';
import { TCP_REPORT_TYPES } from '../layer4-shared/report-figures.js';


/** The attributes of `<ec-tcp-report>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  type: attr.enum(TCP_REPORT_TYPES, 'traffic', 'Which report: traffic (bandwidth), session (concurrent and new sessions), cc-attack (connection floods dropped) or access-control (connections the rules\' IP and region lists refused).'),
  range: attr.enum(
    ['15m', '3h', 'today', 'yesterday', '7d', '30d'] as const,
    'today',
    'The date range a new view starts with (rules §9 presets; times in UTC+8). The user can change it, including to a custom range.',
  ),
  layout: attr.enum(['new', 'old'], 'new', 'Which console layout the rule links lead to (shell §2: `four-layer-agent` or `configLayer4Rule`, `dataReport`).'),
} satisfies AttributeSchema;
