/**
 * Live job progress as Server-Sent Events (DESIGN §4: long tasks are pushed to the browser, not polled per row).
 *
 * Authentication: EventSource cannot send the `x-token` header, and a token in a URL would land in access logs and
 * browser history. So the console first calls `POST V4/job.stream.ticket` with its token (in the header, as every
 * call), and gets a random ticket that opens one stream within {@link TICKET_TTL_MS}. Only the ticket's hash is kept,
 * in memory: a ticket is single-use, so a reconnect (EventSource retries on its own) is refused and the client asks
 * for a new ticket. The open stream belongs to the session that asked for the ticket: it ends with an `expired` event
 * as soon as that session expires or is revoked (sign-out), checked at every heartbeat.
 *
 * What is sent: `ready` once, then a `job` event with the {@link JobInfo} of every change of a job of the caller's
 * account (a child's own jobs only, as the job list shows them), and a comment every {@link HEARTBEAT_MS} so proxies
 * keep the connection open.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SESSION_EXPIRED_CODE } from '../../../../core/api/catalogue.js';
import type { JobStreamTicket } from '../../../../core/api/endpoints/cache-tasks.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { toJobInfo } from '../../platform/jobs/runner.js';
import { requireSession, type Session } from '../../platform/security/session.js';

/** How long a ticket may wait before it opens its stream. */
export const TICKET_TTL_MS = 30_000;
/** Time between heartbeats (and session checks) of an open stream. */
export const HEARTBEAT_MS = 15_000;
/** Tickets waiting at once per account; more means a client is leaking them, and the oldest are dropped. */
const TICKETS_PER_ACCOUNT = 20;

interface Ticket {
  session: Session;
  expiresAt: number;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Registers the ticket and stream routes (under /api). */
export async function jobStreamRoutes(api: FastifyInstance): Promise<void> {
  const tickets = new Map<string, Ticket>();
  /** The end of every open stream, so a server shutdown ends them instead of waiting for clients to leave. */
  const openStreams = new Set<() => void>();
  api.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  function dropExpired(now: number): void {
    for (const [hash, ticket] of tickets) if (ticket.expiresAt <= now) tickets.delete(hash);
  }

  /** Whether the session behind a stream is still signed in. */
  function sessionAlive(session: Session, now: number): boolean {
    const row = prepare(api.db, 'SELECT expires_at, revoked_at FROM sessions WHERE token_hash = ?').get(session.tokenHash) as
      | { expires_at: number; revoked_at: number | null }
      | undefined;
    return row !== undefined && row.revoked_at === null && row.expires_at > now;
  }

  api.post('/V4/job.stream.ticket', async (request, reply) => {
    const session = requireSession(request);
    const now = api.now();
    dropExpired(now);
    const mine = [...tickets].filter(([, ticket]) => ticket.session.memberId === session.memberId);
    for (const [hash] of mine.slice(0, Math.max(0, mine.length - TICKETS_PER_ACCOUNT + 1))) tickets.delete(hash);
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = now + TICKET_TTL_MS;
    tickets.set(hashOf(ticket), { session, expiresAt });
    const answer: JobStreamTicket = { ticket, expires_at: isoTime(expiresAt) };
    return ok(reply, answer);
  });

  api.get('/V4/job.task.stream', { config: { public: true } }, async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).ticket;
    const hash = typeof raw === 'string' && raw.length <= 64 ? hashOf(raw) : '';
    const ticket = tickets.get(hash);
    tickets.delete(hash);
    const now = api.now();
    if (!ticket || ticket.expiresAt <= now || !sessionAlive(ticket.session, now)) {
      return fail(reply, SESSION_EXPIRED_CODE, { key: 'job-stream-ticket-invalid', httpStatus: 401 });
    }
    const { session } = ticket;
    const ownOnly = session.accountType === CHILD_ACCOUNT_TYPE;

    // The compression and envelope layers do not apply to a stream: the socket is written directly, with the
    // security headers the hooks already set on the reply.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // A reconnecting EventSource would reuse the spent ticket; a long retry leaves time for the client's own reconnect.
    res.write('retry: 60000\n\n');
    send('ready', { at: isoTime(now) });

    const unsubscribe = api.jobs.onChange((row) => {
      if (row.member_id !== session.memberId || (ownOnly && row.user_id !== session.userId)) return;
      send('job', toJobInfo(row));
    });
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      openStreams.delete(end);
    };
    const end = () => {
      if (!closed) res.end();
      close();
    };
    openStreams.add(end);
    const heartbeat = setInterval(() => {
      if (!sessionAlive(session, api.now())) {
        send('expired', {});
        end();
        return;
      }
      res.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', close);
    res.on('error', close);
  });
}
