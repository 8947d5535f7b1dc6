/**
 * Catalogue keys (namespace `dns-jobs`) of the DNS job types (rules §3) and statuses (rules §4), and their tag
 * colours. Keys are written out, not built from the values, so the catalogue test and a key search find every one.
 * Shared by the DNS elements.
 */
import type { DnsJob, DnsJobItemResult, DnsJobStatus, DnsJobType } from '../../core/api/endpoints/dns.js';
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
  skipped: { key: 'result.skipped', color: 'info' },
  fail: { key: 'result.fail', color: 'danger' },
};

/**
 * What a job's tag shows: its rules §4 status, except that a finished job whose rows partly failed reads "partly
 * failed" in the warning colour, so neither green success nor a plain failure hides what happened (issue 18/19).
 */
export type DnsJobOutcome = DnsJobStatus | 'partial';

const PARTIAL = { key: 'status.partial', color: 'warning' } as const;

/** The icon of each outcome, shown next to its tag so the colour is never the only sign. */
export const JOB_OUTCOME_ICONS: Record<DnsJobOutcome, string> = {
  waiting: 'pi pi-clock',
  in_progress: 'pi pi-spin pi-spinner',
  success: 'pi pi-check-circle',
  partial: 'pi pi-exclamation-triangle',
  fail: 'pi pi-times-circle',
};

/** The outcome of a job (see {@link DnsJobOutcome}). */
export function jobOutcome(job: Pick<DnsJob, 'status' | 'state' | 'succeeded' | 'failed'>): DnsJobOutcome {
  return job.status === 'fail' && job.state === 'complete' && job.succeeded > 0 ? 'partial' : job.status;
}

/** Outcome tags of jobs (the statuses and "partly failed"), translated by a `dns-jobs` translator. */
export function jobOutcomeTags(t: TFunction): StatusSetting[] {
  return [...jobStatusTags(t), { value: 'partial', label: t(PARTIAL.key), color: PARTIAL.color }];
}

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
