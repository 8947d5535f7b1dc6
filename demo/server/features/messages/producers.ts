/**
 * Notifications the message center produces itself from state it can watch (issue 27): certificates expiring in
 * 30, 7 or 1 days (checked when the server starts and every {@link CERTIFICATE_CHECK_MS} after; once per certificate,
 * expiry date and threshold, so a restart or a repeated check sends nothing twice and a renewed certificate is
 * watched afresh), and purge, prefetch and log-download tasks that finished (from the job runner's change feed).
 * Producers inside other areas (certificate issuance, website review, bans, sign-in) call notify themselves.
 */
import type { FastifyInstance } from 'fastify';
import { isoTime } from '../../platform/database.js';
import type { JobRow } from '../../platform/jobs/runner.js';
import { notify, notifyLater, type NotifyApp, type NotifyOutcome } from './notify.js';

/** Days before expiry at which a certificate is announced, largest first. */
export const EXPIRY_THRESHOLDS_DAYS = [30, 7, 1] as const;
/** Time between two expiry checks (the "daily check", hourly so a threshold is never late by more than an hour). */
export const CERTIFICATE_CHECK_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Job types whose completion is announced, with the task name the wording uses. */
const ANNOUNCED_JOBS: Readonly<Record<string, string>> = {
  'cache.purge': 'purge',
  'cache.prefetch': 'prefetch',
  'logs.download': 'log-download',
};

/** The smallest threshold a certificate with `daysLeft` has crossed, or null beyond the largest. */
export function expiryThreshold(daysLeft: number): number | null {
  let crossed: number | null = null;
  for (const threshold of EXPIRY_THRESHOLDS_DAYS) if (daysLeft <= threshold) crossed = threshold;
  return crossed;
}

/**
 * Announces every certificate of every account whose expiry crossed a threshold; answers what was sent. Idempotent:
 * the notification key holds the certificate, its expiry and the threshold.
 */
export async function checkCertificateExpiry(app: NotifyApp): Promise<NotifyOutcome[]> {
  const now = app.now();
  const rows = app.db
    .prepare(
      `SELECT id, member_id, name, domains, not_after FROM certificates
        WHERE apply_status IN ('issued', 'uploaded') AND not_after > ? AND not_after <= ? ORDER BY not_after, id`,
    )
    .all(now, now + EXPIRY_THRESHOLDS_DAYS[0] * DAY_MS) as { id: number; member_id: number; name: string; domains: string; not_after: number }[];
  const sent: Promise<NotifyOutcome>[] = [];
  for (const row of rows) {
    const daysLeft = Math.ceil((row.not_after - now) / DAY_MS);
    const threshold = expiryThreshold(daysLeft);
    if (threshold === null) continue;
    let domains: string[] = [];
    try {
      domains = JSON.parse(row.domains) as string[];
    } catch {
      domains = [];
    }
    sent.push(
      notify(app, row.member_id, {
        kind: 'certificate-expiring',
        values: { name: row.name, days: daysLeft, domains: domains.join(', '), expires: isoTime(row.not_after).slice(0, 10) },
        once: `certificate-expiring:${row.id}:${row.not_after}:${threshold}`,
      }),
    );
  }
  return Promise.all(sent);
}

/** Announces a finished purge, prefetch or log-download task to the account owner and the user who started it. */
function announceJob(app: NotifyApp, row: JobRow): void {
  const task = ANNOUNCED_JOBS[row.type];
  if (!task || (row.state !== 'complete' && row.state !== 'failed')) return;
  notifyLater(app, row.member_id, {
    kind: 'task-finished',
    values: { task, id: row.id, state: row.state === 'complete' ? 'success' : 'failed' },
    userIds: [row.user_id],
    once: `task-finished:${row.id}`,
  });
}

/** Starts the producers with the server (registered with the message routes). */
export async function messageProducers(api: FastifyInstance): Promise<void> {
  const check = () => void checkCertificateExpiry(api).catch((error: unknown) => api.log.error({ err: error }, 'certificate expiry check failed'));
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopJobs: (() => void) | undefined;
  api.addHook('onReady', async () => {
    stopJobs = api.jobs.onChange((row) => announceJob(api, row));
    check();
    timer = setInterval(check, CERTIFICATE_CHECK_MS);
    timer.unref();
  });
  api.addHook('onClose', async () => {
    clearInterval(timer);
    stopJobs?.();
  });
}
