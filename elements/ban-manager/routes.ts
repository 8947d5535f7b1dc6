/**
 * The host routes `<ec-ban-manager>` asks for with `ec-navigate` (shell §2 cloud-speed new layout: banManage and
 * banManage/banRecord). A host with its own router maps these names to its pages.
 */

import type { BanRecord } from '../../core/api/endpoints/bans.js';
import { toLogWallTime } from '../../core/i18n/time-range.js';

/** Route names of the ban pages. */
export const BAN_ROUTES = {
  overview: 'cloud-speed-new-safety-protection-banManage',
  records: 'cloud-speed-new-safety-protection-banManage-banRecord',
  /** Log retrieval, opened on the lines that led to a ban. */
  logs: 'cloud-speed-new-logRetrieval',
} as const;

/** Minutes of log lines before a ban that the "why" link shows. */
const WHY_WINDOW_MINUTES = 15;

/**
 * The log retrieval view (its `view-state` query text) of the lines that led to a ban (issue 24 "why was this IP
 * banned"): the client's requests to the domain in the 15 minutes up to one minute after the ban. A rate ban opens on
 * the CC tab, where its decision lines are; any other ban on the access tab, where every request of the client is,
 * the blocked ones with their status.
 */
export function banLogsView(record: Pick<BanRecord, 'ip' | 'domain_id' | 'reason' | 'banned_at'>): string {
  const at = Date.parse(record.banned_at);
  return new URLSearchParams({
    type: record.reason === 'cc-rate' ? 'cc' : 'access',
    range: 'custom',
    from: toLogWallTime(at - WHY_WINDOW_MINUTES * 60_000),
    to: toLogWallTime(at + 60_000),
    domains: String(record.domain_id),
    ip: record.ip,
  }).toString();
}
