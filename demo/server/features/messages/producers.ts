/**
 * Notifications the message center produces itself from state it can watch (issue 27): certificates expiring in
 * 30, 7 or 1 days (checked a minute after the server starts and every {@link CERTIFICATE_CHECK_MS} after; once per certificate,
 * expiry date and threshold, so a restart or a repeated check sends nothing twice and a renewed certificate is
 * watched afresh); and from the job runner's change feed: purge, prefetch and log-download tasks that finished, free
 * certificates issued, and websites approved or refused by review (the provisioning job's result names them).
 * Events inside other areas (bans and attack spikes, suspension, sign-in) call event-notices.ts.
 */
import type { FastifyInstance } from 'fastify';
import { isoTime } from '../../platform/database.js';
import type { JobRow } from '../../platform/jobs/runner.js';
import { notify, notifyLater, type NotifyApp, type NotifyOutcome } from './notify.js';

/** Days before expiry at which a certificate is announced, largest first. */
export const EXPIRY_THRESHOLDS_DAYS = [30, 7, 1] as const;
/** Time between two expiry checks (the "daily check", hourly so a threshold is never late by more than an hour). */
export const CERTIFICATE_CHECK_MS = 3_600_000;
/**
 * Wait before the first check after the server starts: the server answers first, and a freshly seeded database is
 * left as seeded until then (what the seed tests compare).
 */
export const FIRST_CHECK_DELAY_MS = 60_000;
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

/** The result of a finished job, or an empty record. */
function resultOf(row: JobRow): Record<string, unknown> {
  try {
    const parsed = JSON.parse(row.result) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const idsIn = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : []);

/** Announces the websites a provisioning job's review approved or refused (rules §4 website service status). */
function announceReview(app: NotifyApp, row: JobRow): void {
  const result = resultOf(row);
  const site = app.db.prepare('SELECT domain, status_reason FROM domains WHERE id = ? AND member_id = ?');
  for (const [ids, kind] of [[idsIn(result.approved), 'domain-approved'], [idsIn(result.failed), 'domain-failed']] as const) {
    for (const id of ids) {
      const found = site.get(id, row.member_id) as { domain: string; status_reason: string | null } | undefined;
      if (!found) continue;
      let reason = '';
      try {
        reason = (JSON.parse(found.status_reason ?? 'null') as { key?: string } | null)?.key ?? '';
      } catch {
        reason = '';
      }
      notifyLater(app, row.member_id, { kind, values: { domain: found.domain, reason }, userIds: [row.user_id], once: `${kind}:${id}:${row.id}` });
    }
  }
}

/** Announces the free certificates an issuance job issued (a renewal issues the certificate again, with a new expiry). */
function announceIssued(app: NotifyApp, row: JobRow): void {
  let ids: number[] = [];
  try {
    ids = idsIn((JSON.parse(row.params) as { certificate_ids?: unknown }).certificate_ids);
  } catch {
    ids = [];
  }
  const certificate = app.db.prepare("SELECT name, domains, not_after FROM certificates WHERE id = ? AND member_id = ? AND apply_status = 'issued'");
  for (const id of ids) {
    const found = certificate.get(id, row.member_id) as { name: string; domains: string; not_after: number } | undefined;
    if (!found) continue;
    let domains: string[] = [];
    try {
      domains = JSON.parse(found.domains) as string[];
    } catch {
      domains = [];
    }
    notifyLater(app, row.member_id, {
      kind: 'certificate-issued',
      values: { name: found.name, domains: domains.join(', ') },
      userIds: [row.user_id],
      once: `certificate-issued:${id}:${found.not_after}`,
    });
  }
}

/** Announces what a finished job means to the account. */
function announceJob(app: NotifyApp, row: JobRow): void {
  if (row.type === 'website.provision' && row.state === 'complete') return announceReview(app, row);
  if (row.type === 'certificate.issue' && row.state === 'complete') return announceIssued(app, row);
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
  let first: ReturnType<typeof setTimeout> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopJobs: (() => void) | undefined;
  api.addHook('onReady', async () => {
    stopJobs = api.jobs.onChange((row) => announceJob(api, row));
    first = setTimeout(() => {
      check();
      timer = setInterval(check, CERTIFICATE_CHECK_MS);
      timer.unref();
    }, FIRST_CHECK_DELAY_MS);
    first.unref();
  });
  api.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    stopJobs?.();
  });
}
