/**
 * Catalogue keys (namespace `dns-records`) and tag colours of the record statuses (rules §3, §4 DNS: normal,
 * disabled).
 */
import type { TFunction } from '../../core/i18n/i18n.js';
import type { StatusSetting } from '../../core/ui/parts/status-tag.js';
import { STATUS_KEYS } from './vocabulary.js';

/** Record status tags, translated. */
export function recordStatusTags(t: TFunction): StatusSetting[] {
  return [
    { value: 'normal', label: t(STATUS_KEYS.normal), color: 'success' },
    { value: 'disabled', label: t(STATUS_KEYS.disabled), color: 'neutral' },
  ];
}
