/**
 * The mail viewer's calls (a development mail catcher for the demo host).
 *
 * Who may read it: anyone who can reach the server, without a session, but only while SMTP is NOT configured.
 * - Not session-bound, because its purpose is the person in the middle of signing in (secondary email verification)
 *   or binding a mailbox on a fresh machine: they have no session yet, or the code is for another user's sign-in,
 *   and without SMTP the outbox is the only mailbox those codes ever reach.
 * - Off as soon as `SMTP_URL` is set: then mail really leaves, codes reach their owners' mailboxes, and an open
 *   outbox would hand anyone every user's codes. The routes answer "no such API" (404), as if they did not exist.
 * - Without SMTP the reference server is a demo: it listens on the loopback interface unless `HOST` says otherwise
 *   (config.ts), so by default only the machine's own user reaches the viewer. Whoever opens it to a network without
 *   SMTP opens the outbox too; README "Mail" says so.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import type { MailDelivery, OutboxMail, OutboxMailDetail } from '../../../../core/api/endpoints/mail.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  kind: string;
  language: string;
  delivery: MailDelivery;
  created_at: number;
  text_body: string;
  html_body: string;
}

function toMail(row: OutboxRow): OutboxMail {
  return { id: row.id, to: row.to_address, subject: row.subject, kind: row.kind, language: row.language, delivery: row.delivery, created_at: isoTime(row.created_at) };
}

/** Registers the routes (under /api). */
export async function mailViewerRoutes(api: FastifyInstance): Promise<void> {
  const closed = (reply: FastifyReply) => fail(reply, NOT_FOUND_CODE, { key: 'route-not-found', httpStatus: 404 });

  api.get('/V4/mail.outbox.list', { config: { public: true } }, async (request, reply) => {
    if (api.mailer.smtp) return closed(reply);
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    if (!validated(reply, issues)) return reply;
    const to = typeof query.to === 'string' ? query.to.trim().toLowerCase() : '';
    const where = to ? "WHERE instr(lower(to_address), @to) > 0" : '';
    const total = (prepare(api.db, `SELECT COUNT(*) AS total FROM mail_outbox ${where}`).get({ to }) as { total: number }).total;
    const rows = prepare(
      api.db,
      `SELECT id, to_address, subject, kind, language, delivery, created_at FROM mail_outbox ${where}
        ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ).all({ to, limit: page.perPage, offset: page.offset }) as OutboxRow[];
    const answer: ListAnswer<OutboxMail> = { list: rows.map(toMail), total };
    return ok(reply, answer);
  });

  api.get('/V4/mail.outbox.get', { config: { public: true } }, async (request, reply) => {
    if (api.mailer.smtp) return closed(reply);
    const id = queryInteger((request.query as Record<string, unknown>).id);
    if (id === null) {
      validated(reply, [{ field: 'id', key: 'common.positive-integer' }]);
      return reply;
    }
    const row = prepare(api.db, 'SELECT * FROM mail_outbox WHERE id = ?').get(id) as OutboxRow | undefined;
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const answer: OutboxMailDetail = { ...toMail(row), text: row.text_body, html: row.html_body };
    return ok(reply, answer);
  });
}
