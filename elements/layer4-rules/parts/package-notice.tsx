/**
 * The TCP package notice (rules §8 "Please activate the TCP value-added service package before using forwarding"):
 * shown while no package of the account is active. The owner activates one here; activation is a job, followed on the
 * shared job stream, so the list refreshes when it completes instead of polling. Sub-accounts read the notice only.
 */
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { activateTcpPackage, type TcpPackage } from '../../../core/api/endpoints/layer4.js';
import { FINISHED_JOB_STATES, getJob } from '../../../core/api/endpoints/platform.js';
import { followJobs } from '../../../core/api/job-stream.js';
import { useElement, useT } from '../../../core/ui/element-context.js';

/** Props of {@link PackageNotice}. */
export interface PackageNoticeProps {
  packages: readonly TcpPackage[];
  /** Whether the caller may activate (the owner). */
  editable: boolean;
  /** A package finished activating (or failed to): reload. */
  onActivated: (id: number) => void;
}

/** The notice; renders nothing once a package is active. */
export function PackageNotice({ packages, editable, onActivated }: PackageNoticeProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [pending, setPending] = useState<number | null>(null);
  const job = useRef<number | null>(null);
  const latest = useRef(onActivated);
  latest.current = onActivated;

  const finish = (id: number) => {
    job.current = null;
    setPending(null);
    latest.current(id);
  };

  // Following starts before the activation is asked for, so the job's completion cannot slip past the stream.
  useEffect(() => {
    if (pending === null) return undefined;
    return followJobs(client, {
      onJob(changed) {
        if (changed.id === job.current && FINISHED_JOB_STATES.includes(changed.state)) finish(pending);
      },
      onReconnected: () => latest.current(pending),
      // The job may have finished after the read below and before the stream was ready: read it once more.
      onConnected: () => void readJob(pending),
      onStopped: () => finish(pending),
    });
  }, [client, pending]);

  /** Reads the activation job once; finishes when it has. */
  async function readJob(id: number): Promise<void> {
    const jobId = job.current;
    if (jobId === null) return;
    try {
      const { state } = await getJob(client, jobId);
      // Finished once only: the stream or the other read may have got there first.
      if (job.current === jobId && FINISHED_JOB_STATES.includes(state)) finish(id);
    } catch {
      // The stream still reports it; a failed read changes nothing on screen.
    }
  }

  if (packages.some((entry) => entry.active)) return null;
  const activate = async (entry: TcpPackage) => {
    setPending(entry.id);
    try {
      const { job_id } = await activateTcpPackage(client, entry.id);
      job.current = job_id;
      // A job that finished before the stream connected is read once here, and once more when it connects.
      await readJob(entry.id);
    } catch {
      // The client has shown why activation could not start.
      finish(entry.id);
    }
  };
  return (
    <div className="ec-plan-notice ec-stack" role="status" part="package-notice">
      <p>{tRules('layer4.activate-package')}</p>
      {editable && packages.length > 0 && (
        <div className="ec-row">
          {packages.map((entry) => (
            <Button
              key={entry.id}
              type="button"
              size="small"
              label={pending === entry.id ? t('package.activating', { name: entry.name }) : t('package.activate', { name: entry.name })}
              loading={pending === entry.id}
              disabled={pending !== null}
              onClick={() => void activate(entry)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
