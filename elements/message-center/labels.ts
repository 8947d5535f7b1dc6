/**
 * The catalogue keys of the message center's enumerated values, written out (no keys built at run time), so the
 * catalogue tests see every key the element uses.
 */
import type { MessageChannel, MessageType } from '../../core/api/endpoints/messages.js';
import type { Language } from '../../core/i18n/language.js';
import type { MessageRange } from './store.js';

/** Message type -> label key. */
export const TYPE_KEYS: Readonly<Record<MessageType, string>> = {
  certificate: 'type.certificate',
  domain: 'type.domain',
  security: 'type.security',
  task: 'type.task',
  login: 'type.login',
  notice: 'type.notice',
};

/** Channel -> label key. */
export const CHANNEL_KEYS: Readonly<Record<MessageChannel, string>> = { console: 'channel.console', mail: 'channel.mail' };

/** Read state -> label key. */
export const READ_KEYS = { read: 'state.read', unread: 'state.unread' } as const;

/** Time filter -> label key. */
export const RANGE_KEYS: Readonly<Record<MessageRange, string>> = { '7d': 'filter.7d', '30d': 'filter.30d', '90d': 'filter.90d' };

/** Mail language -> label key. */
export const LANGUAGE_KEYS: Readonly<Record<Language, string>> = { zh_CN: 'contacts.language-zh-cn', en_US: 'contacts.language-en-us' };
