/**
 * Catalogue keys (namespace `dns-domains`) and tag colours of the DNS domain statuses: hosting/access status (rules §3
 * DNS: connected, not connected, DNS not detected, specified DNS not used) and status (rules §4: normal, disabled).
 */
import type { DnsAccessStatus } from '../../core/api/endpoints/dns.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import type { DnsStatus } from '../../core/rules/dns.js';
import type { StatusColor, StatusSetting } from '../../core/ui/parts/status-tag.js';

const ACCESS: Record<DnsAccessStatus, { key: string; color: StatusColor }> = {
  connected: { key: 'access.connected', color: 'success' },
  not_connected: { key: 'access.not-connected', color: 'danger' },
  dns_not_detected: { key: 'access.dns-not-detected', color: 'neutral' },
  specified_dns_not_used: { key: 'access.specified-dns-not-used', color: 'warning' },
};

const STATUS: Record<DnsStatus, { key: string; color: StatusColor }> = {
  normal: { key: 'status.normal', color: 'success' },
  disabled: { key: 'status.disabled', color: 'neutral' },
};

/** Access status tags, translated. */
export function accessTags(t: TFunction): StatusSetting[] {
  return Object.entries(ACCESS).map(([value, { key, color }]) => ({ value, label: t(key), color }));
}

/** Status tags, translated. */
export function statusTags(t: TFunction): StatusSetting[] {
  return Object.entries(STATUS).map(([value, { key, color }]) => ({ value, label: t(key), color }));
}
