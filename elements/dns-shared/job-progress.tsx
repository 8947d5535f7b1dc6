/**
 * The panel a page shows after it started a DNS job: type, outcome (colour and icon), progress and exactly how many
 * rows were written, skipped and failed, with a link to the job's details. Texts come from the `dns-jobs` namespace, which owns the job wording. Shared by
 * the DNS elements.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useMemo } from 'react';
import type { DnsJob } from '../../core/api/endpoints/dns.js';
import { formatCount } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { StatusTag } from '../../core/ui/parts/status-tag.js';
import { JOB_OUTCOME_ICONS, JOB_TYPE_KEYS, jobOutcome, jobOutcomeTags } from './job-labels.js';

/** Props of {@link JobProgress}. */
export interface JobProgressProps {
  job: DnsJob;
  /** Polling stopped on an error: the panel says so. */
  pollFailed?: boolean;
  /** Opens the job's details; without it the panel has no details link (it is on the details page). */
  onDetails?: (job: DnsJob) => void;
  /** Rows left out before the job started (an import preview's rows with problems): counted as skipped too. */
  skippedBefore?: number;
}

/** Progress of a started job; `part="job-progress"`. */
export function JobProgress({ job, pollFailed = false, onDetails, skippedBefore = 0 }: JobProgressProps) {
  const { language } = useElement();
  const t = useT('dns-jobs');
  const tags = useMemo(() => jobOutcomeTags(t), [t]);
  const percent = formatCount(job.progress, language);
  const outcome = jobOutcome(job);

  return (
    <section className="ec-dns-job-progress" part="job-progress" aria-label={t('progress.title')}>
      <div className="ec-row">
        <span className={`${JOB_OUTCOME_ICONS[outcome]} ec-dns-outcome-${outcome}`} aria-hidden="true" />
        <strong>{t(JOB_TYPE_KEYS[job.type])}</strong>
        <StatusTag settings={tags} value={outcome} />
        <span className="ec-spacer" />
        {onDetails && <Button type="button" link label={t('progress.details')} onClick={() => onDetails(job)} />}
      </div>
      <ProgressBar value={job.progress} showValue={false} aria-label={t('progress.label')} aria-valuetext={t('progress.percent', { value: percent })} />
      <p className="ec-muted" role="status">
        {t('progress.counts', {
          total: formatCount(job.total + skippedBefore, language),
          succeeded: formatCount(job.succeeded, language),
          skipped: formatCount(job.skipped + skippedBefore, language),
          failed: formatCount(job.failed, language),
        })}
      </p>
      {pollFailed && <p className="ec-error-text">{t('progress.poll-failed')}</p>}
    </section>
  );
}
