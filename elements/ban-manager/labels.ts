/**
 * Catalogue keys (namespace `ban-manager`) of the ban states, reasons, and the status tag settings.
 * Keys are written out rather than built from the values, so the catalogue test and a key search find every one; a
 * reason the console has no name for is shown by its id.
 */
import { BAN_STATUSES, type BanReason, type BanStatus } from '../../core/api/endpoints/bans.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import type { StatusColor, StatusSetting } from '../../core/ui/parts/status-tag.js';

/** Rules §4 ban states: the catalogue key of each name and its tag colour. */
export const STATUS_TAGS: Record<BanStatus, { key: string; color: StatusColor }> = {
  banned: { key: 'status.banned', color: 'danger' },
  auto_unbanned: { key: 'status.auto-unbanned', color: 'neutral' },
  manual_unbanned: { key: 'status.manual-unbanned', color: 'success' },
};

/** Ban reasons. */
export const REASON_LABEL_KEYS: Record<BanReason, string> = {
  'waf-rule': 'reason.waf-rule',
  'cc-rate': 'reason.cc-rate',
  bot: 'reason.bot',
  'ip-behaviour': 'reason.ip-behaviour',
  scanner: 'reason.scanner',
};

/** The status column's settings (shell §3 "status setting {value, label, color}"), translated. */
export function statusSettings(t: TFunction): StatusSetting[] {
  return BAN_STATUSES.map((value) => ({ value, label: t(STATUS_TAGS[value].key), color: STATUS_TAGS[value].color }));
}

/** The translated name of a reason, or its id when the console has none. */
export function reasonLabel(t: TFunction, reason: string): string {
  return Object.hasOwn(REASON_LABEL_KEYS, reason) ? t(REASON_LABEL_KEYS[reason as BanReason]) : reason;
}
