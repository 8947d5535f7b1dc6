/**
 * The header bell's live unread count (shell §1) as Server-Sent Events, authenticated like the job stream
 * (features/jobs/stream.ts explains why): the console asks `POST V4/message.stream.ticket` with its token for a
 * single-use ticket, opens `GET V4/message.stream?ticket=` with it within {@link MESSAGE_TICKET_TTL_MS}, and the
 * stream ends with an `expired` event once the session expires or is signed out (checked at every heartbeat).
 *
 * Sent: `unread` with `{ count }` on open and after every change of the user's messages (a notification filed,
 * messages read or deleted, in this or another tab), and a comment every {@link MESSAGE_HEARTBEAT_MS}.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SESSION_EXPIRED_CODE } from '../../../../core/api/catalogue.js';
import type { MessageStreamTicket } from '../../../../core/api/endpoints/messages.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { requireSession, type Session } from '../../platform/security/session.js';
import { onUnreadChange, unreadCount } from './notify.js';

/** How long a ticket may wait before it opens its stream. */
export const MESSAGE_TICKET_TTL_MS = 30_000;
/** Time between heartbeats (and session checks). */
export const MESSAGE_HEARTBEAT_MS = 15_000;
/** Waiting tickets per user; more means a client leaks them, and the oldest go. */
const TICKETS_PER_USER = 10;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Registers the ticket and stream routes (under /api). */
export async function messageStreamRoutes(api: FastifyInstance): Promise<void> {
  const tickets = new Map<string, { session: Session; expiresAt: number }>();
  const openStreams = new Set<() => void>();
  api.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  const sessionAlive = (session: Session, now: number): boolean => {
    const row = prepare(api.db, 'SELECT expires_at, revoked_at FROM sessions WHERE token_hash = ?').get(session.tokenHash) as
      | { expires_at: number; revoked_at: number | null }
      | undefined;
    return row !== undefined && row.revoked_at === null && row.expires_at > now;
  };

  api.post('/V4/message.stream.ticket', async (request, reply) => {
    const session = requireSession(request);
    const now = api.now();
    for (const [hash, ticket] of tickets) if (ticket.expiresAt <= now) tickets.delete(hash);
    const mine = [...tickets].filter(([, ticket]) => ticket.session.userId === session.userId);
    for (const [hash] of mine.slice(0, Math.max(0, mine.length - TICKETS_PER_USER + 1))) tickets.delete(hash);
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = now + MESSAGE_TICKET_TTL_MS;
    tickets.set(hashOf(ticket), { session, expiresAt });
    const answer: MessageStreamTicket = { ticket, expires_at: isoTime(expiresAt) };
    return ok(reply, answer);
  });

  api.get('/V4/message.stream', { config: { public: true } }, async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).ticket;
    const hash = typeof raw === 'string' && raw.length <= 64 ? hashOf(raw) : '';
    const ticket = tickets.get(hash);
    tickets.delete(hash);
    const now = api.now();
    if (!ticket || ticket.expiresAt <= now || !sessionAlive(ticket.session, now)) {
      return fail(reply, SESSION_EXPIRED_CODE, { key: 'job-stream-ticket-invalid', httpStatus: 401 });
    }
    const { session } = ticket;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let last = -1;
    const sendCount = () => {
      const count = unreadCount(api.db, session.memberId, session.userId);
      if (count === last) return;
      last = count;
      res.write(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`);
    };
    // The spent ticket cannot reconnect; a long retry leaves the reconnect to the client with a new ticket.
    res.write('retry: 60000\n\n');
    sendCount();
    const unsubscribe = onUnreadChange(api.db, (memberId, userIds) => {
      if (memberId === session.memberId && userIds.includes(session.userId)) sendCount();
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
        res.write('event: expired\ndata: {}\n\n');
        end();
        return;
      }
      res.write(': heartbeat\n\n');
    }, MESSAGE_HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', close);
    res.on('error', close);
  });
}
