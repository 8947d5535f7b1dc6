/**
 * The website vocabulary of rules §3, §4 and shell §3 as catalogue keys of the `domain-list` namespace, shared by
 * `<ec-domain-list>`, `<ec-domain-batch>` and `<ec-website-groups>` (they translate with `useT('domain-list')`). Keys
 * are written out, not built from values, so the catalogue test and a key search find every one.
 */
import type {
  AccessMode,
  AccessStatus,
  LoadBalancing,
  NetworkType,
  OriginLine,
  OriginProtocol,
  TrafficMode,
  WebsiteSettings,
  WebsiteStatus,
  WebsiteType,
} from '../../core/api/endpoints/websites.js';
import { WEBSITE_STATUSES } from '../../core/api/endpoints/websites.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import type { RuleIssue } from '../../core/rules/types.js';
import type { StatusColor, StatusSetting } from '../../core/ui/parts/status-tag.js';

/** Rules §4 service statuses: catalogue key and tag colour. */
export const STATUS_TAGS: Record<WebsiteStatus, { key: string; color: StatusColor }> = {
  pending_approval: { key: 'status.pending-approval', color: 'info' },
  approval_failed: { key: 'status.approval-failed', color: 'danger' },
  deploying: { key: 'status.deploying', color: 'info' },
  no_origin: { key: 'status.no-origin', color: 'warning' },
  serving: { key: 'status.serving', color: 'success' },
  returned_to_origin: { key: 'status.returned-to-origin', color: 'neutral' },
  suspended: { key: 'status.suspended', color: 'danger' },
  updating: { key: 'status.updating', color: 'info' },
};

/** Rules §3 website types. */
export const TYPE_KEYS: Record<WebsiteType, string> = { web: 'type.web', live: 'type.live' };
/** Rules §3 access modes. */
export const ACCESS_MODE_KEYS: Record<AccessMode, string> = { cname: 'access-mode.cname', ns: 'access-mode.ns' };
/** Rules §4 connected or not connected. */
export const ACCESS_STATUS_KEYS: Record<AccessStatus, string> = { connected: 'access-status.connected', not_connected: 'access-status.not-connected' };
/** Rules §3 traffic routing modes. */
export const TRAFFIC_MODE_KEYS: Record<TrafficMode, string> = {
  shared: 'traffic-mode.shared',
  dedicated: 'traffic-mode.dedicated',
  origin: 'traffic-mode.origin',
};
/** Rules §3 network types. */
export const NETWORK_TYPE_KEYS: Record<NetworkType, string> = { standard: 'network-type.standard', exclusive_ip: 'network-type.exclusive-ip' };
/** Shell §3 origin protocols (0 HTTP, 1 HTTPS, 2 follow). */
export const ORIGIN_PROTOCOL_KEYS: Record<OriginProtocol, string> = { 0: 'origin-protocol.http', 1: 'origin-protocol.https', 2: 'origin-protocol.follow' };
/** Shell §3 load balancing (1 round-robin, 0 IP hash, 2 sticky cookie). */
export const BALANCING_KEYS: Record<LoadBalancing, string> = { 1: 'balancing.round-robin', 0: 'balancing.ip-hash', 2: 'balancing.sticky-cookie' };
/** Shell §3 IP view primary/backup. */
export const LINE_KEYS: Record<OriginLine, string> = { primary: 'line.primary', backup: 'line.backup' };
/** The configuration items of batch setting. */
export const SETTING_KEYS: Record<keyof WebsiteSettings, string> = {
  page_gzip: 'setting.page-gzip',
  Webp: 'setting.webp',
  websocket: 'setting.websocket',
  origin_timeout: 'setting.origin-timeout',
};

/** The status tags, translated (`t` of the `domain-list` namespace). */
export function statusTags(t: TFunction): StatusSetting[] {
  return WEBSITE_STATUSES.map((value) => ({ value, label: t(STATUS_TAGS[value].key), color: STATUS_TAGS[value].color }));
}

/** A refusal reason from the server or a rule, in the reader's language (`t` of the `rules` namespace). */
export function reasonText(tRules: TFunction, reason: RuleIssue | null | undefined): string {
  return reason ? tRules(reason.key, reason.values ?? {}) : '';
}
