import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-access-control-detail>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  protocol: attr.enum(['tcp', 'http'] as const, 'tcp', 'Whose access control: `tcp`, a layer-4 forwarding rule (shell §2 `dataReport/accurateAccessControl/:id`); `http`, a rule of the custom rule sets of a website (shell §2 `statisticsReport/AccurateAccessControl/:id`, new layout `data-analytics/security-report/AccurateAccessControl/:id`).'),
  ruleId: attr.number('The rule whose refusals to show: a layer-4 rule\'s id, or for `http` the rule ID the log lines carry.', { min: 1 }),
  range: attr.enum(['15m', '3h', 'today', 'yesterday', '7d', '30d'] as const, 'today', 'The date range a new view starts with (rules §9 presets; times in UTC+8).'),
  layout: attr.enum(['new', 'old'], 'new', 'Which console layout the rule console link leads to (shell §2).'),
} satisfies AttributeSchema;
