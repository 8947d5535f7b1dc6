import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-layer4-rule-detail>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  ruleId: attr.number('The layer-4 rule to show (shell §2 `configLayer4Rule/:id`, `four-layer-agent/console/:id`).', { min: 1 }),
} satisfies AttributeSchema;
