/**
 * Catalogue keys (namespace `log-retrieval`) of the actions and auto refresh choices the element names. Field and log
 * type names are shared with `<ec-log-downloads>` (core/logs/field-labels.ts, namespace `log-fields`). Keys are written
 * out rather than built from the values, so the catalogue test and a key search find every one.
 */
import type { LogAction } from '../../core/logs/fields.js';

/** What a security rule did (core/logs/fields.ts LOG_ACTIONS). */
export const ACTION_KEYS: Record<LogAction, string> = {
  allow: 'log-action.allow',
  log: 'log-action.log',
  block: 'log-action.block',
  captcha: 'log-action.captcha',
  'js-challenge': 'log-action.js-challenge',
  ban: 'log-action.ban',
};

