/**
 * The retention sweep of ban records (rules §4 "Ban records for unbanned IPs are kept up to 180 days", rules §9): at
 * start and every hour, records released more than 180 days ago are deleted, a bounded batch at a time with a turn
 * of the event loop between batches, so requests never wait behind a large backlog. It is housekeeping of the
 * platform, not a task of any user, so it runs beside the job runner rather than in it (the task list would
 * otherwise show every account a job nobody started). The list queries hide expired records too, so a sweep that has
 * not run yet is never visible.
 */
import type { FastifyInstance } from 'fastify';
import { pruneReleasedBans, RETENTION_BATCH } from './store.js';

/** How often the sweep runs. */
export const RETENTION_SWEEP_MS = 3_600_000;

/** Deletes every record past retention at `app.now()`, batch by batch; resolves with how many went. */
export async function sweepBanRetention(app: FastifyInstance, batch = RETENTION_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = pruneReleasedBans(app.db, app.now(), batch);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Runs the sweep when the server is ready and every hour until it closes. */
export function startBanRetention(app: FastifyInstance): void {
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= sweepBanRetention(app)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'ban retention sweep failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, RETENTION_SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
