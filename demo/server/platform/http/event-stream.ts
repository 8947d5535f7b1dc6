/**
 * Server-Sent Event streams opened with a single-use ticket: the one way the reference server pushes to the browser
 * (DESIGN §4: live job progress, the header bell).
 *
 * Authentication: EventSource cannot send the `x-token` header, and a token in a URL would land in access logs and
 * browser history. So the console first calls the stream's ticket route (a POST carrying its token in the header, as
 * every call) and gets a random ticket that opens one stream within {@link STREAM_TICKET_TTL_MS}. Only the ticket's
 * hash is kept, in memory: a ticket is single-use, so a reconnect (EventSource retries on its own) is refused and the
 * client asks for a new ticket. The open stream belongs to the session that asked for the ticket: it ends with an
 * `expired` event as soon as that session expires or is revoked (sign-out), checked at every heartbeat.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SESSION_EXPIRED_CODE } from '../../../../core/api/catalogue.js';
import { isoTime, prepare } from '../database.js';
import { requireSession, type Session } from '../security/session.js';
import { fail, ok } from './envelope.js';

/** How long a ticket may wait before it opens its stream. */
export const STREAM_TICKET_TTL_MS = 30_000;
/** Time between heartbeats (and session checks) of an open stream; proxies keep a connection with traffic open. */
export const STREAM_HEARTBEAT_MS = 15_000;

/** Sends one event on an open stream. */
export type SendEvent = (event: string, data: unknown) => void;

export interface EventStreamRoutes {
  /** The POST route answering a ticket, e.g. `/V4/job.stream.ticket`. */
  ticketPath: string;
  /** The GET route opening the stream with `?ticket=`, e.g. `/V4/job.task.stream`. */
  streamPath: string;
  /** Tickets one owner may hold waiting at once; more means a client leaks them, and the oldest are dropped. */
  ticketsPerOwner: number;
  /** Whose tickets are counted together (an account, a user). */
  ownerOf(session: Session): number | string;
  /** Starts feeding an open stream of this session; answers how to stop when the stream closes. */
  subscribe(session: Session, send: SendEvent, api: FastifyInstance): () => void;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Registers a ticket route and its stream route (under /api). */
export function registerEventStream(api: FastifyInstance, routes: EventStreamRoutes): void {
  const tickets = new Map<string, { session: Session; owner: number | string; expiresAt: number }>();
  /** The end of every open stream, so a server shutdown ends them instead of waiting for clients to leave. */
  const openStreams = new Set<() => void>();
  api.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  /** Whether the session behind a stream is still signed in. */
  const sessionAlive = (session: Session, now: number): boolean => {
    const row = prepare(api.db, 'SELECT expires_at, revoked_at FROM sessions WHERE token_hash = ?').get(session.tokenHash) as
      | { expires_at: number; revoked_at: number | null }
      | undefined;
    return row !== undefined && row.revoked_at === null && row.expires_at > now;
  };

  api.post(routes.ticketPath, async (request, reply) => {
    const session = requireSession(request);
    const now = api.now();
    for (const [hash, ticket] of tickets) if (ticket.expiresAt <= now) tickets.delete(hash);
    const owner = routes.ownerOf(session);
    const mine = [...tickets].filter(([, ticket]) => ticket.owner === owner);
    for (const [hash] of mine.slice(0, Math.max(0, mine.length - routes.ticketsPerOwner + 1))) tickets.delete(hash);
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = now + STREAM_TICKET_TTL_MS;
    tickets.set(hashOf(ticket), { session, owner, expiresAt });
    return ok(reply, { ticket, expires_at: isoTime(expiresAt) });
  });

  api.get(routes.streamPath, { config: { public: true } }, async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).ticket;
    const hash = typeof raw === 'string' && raw.length <= 64 ? hashOf(raw) : '';
    const ticket = tickets.get(hash);
    tickets.delete(hash);
    const now = api.now();
    if (!ticket || ticket.expiresAt <= now || !sessionAlive(ticket.session, now)) {
      return fail(reply, SESSION_EXPIRED_CODE, { key: 'job-stream-ticket-invalid', httpStatus: 401 });
    }
    const { session } = ticket;

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
    const send: SendEvent = (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // A reconnecting EventSource would reuse the spent ticket; a long retry leaves time for the client's own reconnect
    // with a new one.
    res.write('retry: 60000\n\n');
    const unsubscribe = routes.subscribe(session, send, api);
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
    }, STREAM_HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', close);
    res.on('error', close);
  });
}
