/** Catalogue keys (namespace `bot-report`) of the bot categories and of the unknown-bot reasons, written out so a key search finds each one. */
import type { BotCategory, UnknownBotReason } from '../../core/logs/bots.js';

export const CATEGORY_KEYS: Readonly<Record<BotCategory, string>> = {
  'search-engine': 'category.search-engine',
  'social-preview': 'category.social-preview',
  monitoring: 'category.monitoring',
};

export const REASON_KEYS: Readonly<Record<UnknownBotReason, string>> = {
  spoofed: 'reason.spoofed',
  'empty-agent': 'reason.empty-agent',
  automation: 'reason.automation',
  headless: 'reason.headless',
  scanner: 'reason.scanner',
  'bot-word': 'reason.bot-word',
  'tool-fingerprint': 'reason.tool-fingerprint',
  rate: 'reason.rate',
};
