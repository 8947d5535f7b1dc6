/**
 * Catalogue keys (namespace `dns-jobs`) of the DNS job types (rules §3) and statuses (rules §4), and their tag
 * colours. Keys are written out, not built from the values, so the catalogue test and a key search find every one.
 * Shared by the DNS elements.
 */
import type { DnsJobItemResult, DnsJobStatus, DnsJobType } from '../../core/api/endpoints/dns.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import type { StatusColor, StatusSetting } from '../../core/ui/parts/status-tag.js';

/** Operation types (rules §3: batch add domains, batch import records, batch add records). */
export const JOB_TYPE_KEYS: Record<DnsJobType, string> = {
  'dns.batch-add-domains': 'type.batch-add-domains',
  'dns.batch-import-records': 'type.batch-import-records',
  'dns.batch-add-records': 'type.batch-add-records',
};

const STATUS: Record<DnsJobStatus, { key: string; color: StatusColor }> = {
  waiting: { key: 'status.waiting', color: 'neutral' },
  in_progress: { key: 'status.in-progress', color: 'info' },
  success: { key: 'status.success', color: 'success' },
  fail: { key: 'status.fail', color: 'danger' },
};

const RESULT: Record<DnsJobItemResult, { key: string; color: StatusColor }> = {
  waiting: { key: 'result.waiting', color: 'neutral' },
  success: { key: 'result.success', color: 'success' },
  fail: { key: 'result.fail', color: 'danger' },
};

/** Status tags of jobs, translated by a `dns-jobs` translator. */
export function jobStatusTags(t: TFunction): StatusSetting[] {
  return Object.entries(STATUS).map(([value, { key, color }]) => ({ value, label: t(key), color }));
}

/** Result tags of detail rows, translated by a `dns-jobs` translator. */
export function jobResultTags(t: TFunction): StatusSetting[] {
  return Object.entries(RESULT).map(([value, { key, color }]) => ({ value, label: t(key), color }));
}

/** Whether a job can still change. */
export function isJobRunning(status: DnsJobStatus): boolean {
  return status === 'waiting' || status === 'in_progress';
}
