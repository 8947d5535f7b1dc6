/**
 * Follows one DNS job until it finishes: asks for it every {@link JOB_POLL_MS} while it waits or runs (one call for
 * the job and its counts), then stops. Shared by the pages that start jobs (batch add, import).
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../core/api/client.js';
import { listDnsJobDetails, type DnsJob } from '../../core/api/endpoints/dns.js';
import { isJobRunning } from './job-labels.js';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1500;

/** The latest state of `job` (null: none started), polled while it runs; `failed` when polling stopped on an error. */
export function useDnsJob(client: ApiClient, job: DnsJob | null): { job: DnsJob | null; failed: boolean } {
  const [latest, setLatest] = useState<DnsJob | null>(job);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setLatest(job);
    setFailed(false);
    if (!job || !isJobRunning(job.status)) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await listDnsJobDetails(client, { job_id: job.id, page: 1, per_page: 1 }, { notify: false });
        if (stopped) return;
        setLatest(answer.job);
        if (isJobRunning(answer.job.status)) timer = setTimeout(() => void poll(), JOB_POLL_MS);
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    timer = setTimeout(() => void poll(), JOB_POLL_MS);
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [client, job]);

  return { job: latest, failed };
}
