import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-work-orders>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(['list', 'create', 'detail'], 'list', '`list` of tickets, the `create` form, or one ticket (`detail`, with `ticket-id`).'),
  ticketId: attr.number('The ticket the `detail` view shows.', { min: 1 }),
  feature: attr.string('The plan-gated feature a notice opened the form from (a row of core/config/plan-gates.ts); prefills the form.'),
  layout: attr.enum(['new', 'old'], 'new', 'Which console layout the links lead to (shell §2).'),
} satisfies AttributeSchema;
