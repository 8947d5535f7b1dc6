/**
 * The header bell's live unread count (shell §1) as Server-Sent Events: `POST V4/message.stream.ticket` answers a
 * single-use ticket that opens `GET V4/message.stream?ticket=` (the ticket scheme and the session checks are
 * platform/http/event-stream.ts).
 *
 * Sent: `unread` with `{ count }` on open and after every change of the user's messages (a notification filed,
 * messages read or deleted, in this or another tab).
 */
import type { FastifyInstance } from 'fastify';
import { registerEventStream } from '../../platform/http/event-stream.js';
import { onUnreadChange, unreadCount } from './notify.js';

/** Registers the ticket and stream routes (under /api). */
export async function messageStreamRoutes(api: FastifyInstance): Promise<void> {
  registerEventStream(api, {
    ticketPath: '/V4/message.stream.ticket',
    streamPath: '/V4/message.stream',
    ticketsPerOwner: 10,
    ownerOf: (session) => session.userId,
    subscribe(session, send) {
      let last = -1;
      const sendCount = () => {
        const count = unreadCount(api.db, session.memberId, session.userId);
        if (count === last) return;
        last = count;
        send('unread', { count });
      };
      sendCount();
      return onUnreadChange(api.db, (memberId, userIds) => {
        if (memberId === session.memberId && userIds.includes(session.userId)) sendCount();
      });
    },
  });
}
