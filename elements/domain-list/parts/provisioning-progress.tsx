/**
 * The provisioning job of a submission, followed live (issue 19: results tell the truth; rules §4 website states):
 * after adding websites, or a batch change that issues configuration, the page says what the job is doing now
 * (approval and configuration "in progress" with its percentage, then finished or failed with the reason) instead
 * of a fixed sentence that disagrees with the list. Polls the job every second while it runs and the page is visible;
 * stops when it ends, when the part goes away, or when a read fails (then it says so and points to the list). The
 * wizard hears when it ends (`onFinished`) and reads the websites' statuses again, so its result table agrees.
 */
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useState } from 'react';
import { FINISHED_JOB_STATES, getJob, type JobInfo } from '../../../core/api/endpoints/platform.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { usePageVisible } from '../../../core/ui/use-page-visible.js';

/** How often a running job is read again. */
const POLL_MS = 1000;

/** The job's state, or why it cannot be read. */
type Followed = { kind: 'loading' } | { kind: 'job'; job: JobInfo } | { kind: 'unreadable' };

/** Follows job `jobId`; `part="provisioning"`. */
export function ProvisioningProgress({ jobId, onFinished }: { jobId: number; onFinished?: (job: JobInfo) => void }) {
  const { client, language } = useElement();
  const t = useT('domain-list');
  const [followed, setFollowed] = useState<Followed>({ kind: 'loading' });
  const visible = usePageVisible();
  const finished = followed.kind === 'job' && FINISHED_JOB_STATES.includes(followed.job.state);

  useEffect(() => {
    if (!visible || finished) return undefined;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      getJob(client, jobId).then(
        (job) => {
          if (!current) return;
          setFollowed({ kind: 'job', job });
          if (FINISHED_JOB_STATES.includes(job.state)) onFinished?.(job);
          else timer = setTimeout(read, POLL_MS);
        },
        () => current && setFollowed({ kind: 'unreadable' }),
      );
    };
    read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // onFinished is the caller's callback of the moment; following again because it changed would poll twice.
  }, [client, jobId, visible, finished]);

  if (followed.kind === 'loading') return null;
  if (followed.kind === 'unreadable') {
    return (
      <p className="ec-muted" part="provisioning" role="status">
        {t('provisioning.unreadable')}
      </p>
    );
  }
  const { job } = followed;
  const running = !FINISHED_JOB_STATES.includes(job.state);
  const percent = formatCount(job.progress, language);
  return (
    <div className="ec-stack-tight" part="provisioning" role="status">
      {running && <ProgressBar value={job.progress} showValue={false} aria-label={t('provisioning.label')} aria-valuetext={`${percent}%`} />}
      <p className={job.state === 'failed' ? 'ec-error-text' : 'ec-muted'}>
        {running
          ? t('provisioning.running', { percent })
          : job.state === 'complete'
            ? t('provisioning.complete')
            : job.state === 'failed'
              ? t('provisioning.failed', { reason: job.reason })
              : t('provisioning.canceled')}
      </p>
    </div>
  );
}
