/**
 * Message center calls used by the shell: the unread count for the header bell (shell §1). Each user reads only
 * their own messages.
 */
import type { FastifyInstance } from 'fastify';
import type { UnreadCountAnswer } from '../../../../core/api/endpoints/messages.js';
import { ok } from '../../platform/http/envelope.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

/** Registers the routes (under /api). */
export async function messageRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/message.unread.count', async (request, reply) => {
    const session = requireSession(request);
    const count = scope(request).count('messages', { where: 'user_id = @user_id AND read_at IS NULL', params: { user_id: session.userId } });
    const answer: UnreadCountAnswer = { count };
    return ok(reply, answer);
  });
}
