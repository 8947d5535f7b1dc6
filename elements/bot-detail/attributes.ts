import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-bot-detail>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  kind: attr.enum(['known', 'unknown'] as const, 'known', 'Which detail page: `known`, a bot of the catalogue (shell §2 `Bot/KnowDetail/:id`); `unknown`, an unknown bot signature (`Bot/UnknowDetail/:id`).'),
  botId: attr.string('The bot: a catalogue id (`googlebot`) for a known bot, or a signature id (`ua-…`, `ja3-…`, as the bot report links it) for an unknown one.'),
  range: attr.enum(['15m', '3h', 'today', 'yesterday', '7d', '30d'] as const, 'today', 'The date range a new view starts with (rules §9 presets; times in UTC+8).'),
  layout: attr.enum(['new', 'old'], 'new', 'Which console layout the back and log links lead to (shell §2).'),
} satisfies AttributeSchema;
