/**
 * Live job progress as Server-Sent Events (DESIGN §4: long tasks are pushed to the browser, not polled per row):
 * `POST V4/job.stream.ticket` answers a single-use ticket that opens `GET V4/job.task.stream?ticket=` (the ticket
 * scheme and the session checks are platform/http/event-stream.ts).
 *
 * What is sent: `ready` once, then a `job` event with the {@link JobInfo} of every change of a job of the caller's
 * account (a child's own jobs only, as the job list shows them).
 */
import type { FastifyInstance } from 'fastify';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { isoTime } from '../../platform/database.js';
import { registerEventStream } from '../../platform/http/event-stream.js';
import { toJobInfo } from '../../platform/jobs/runner.js';

/** Registers the ticket and stream routes (under /api). */
export async function jobStreamRoutes(api: FastifyInstance): Promise<void> {
  registerEventStream(api, {
    ticketPath: '/V4/job.stream.ticket',
    streamPath: '/V4/job.task.stream',
    ticketsPerOwner: 20,
    ownerOf: (session) => session.memberId,
    subscribe(session, send) {
      const ownOnly = session.accountType === CHILD_ACCOUNT_TYPE;
      send('ready', { at: isoTime(api.now()) });
      return api.jobs.onChange((row) => {
        if (row.member_id !== session.memberId || (ownOnly && row.user_id !== session.userId)) return;
        send('job', toJobInfo(row));
      });
    },
  });
}
