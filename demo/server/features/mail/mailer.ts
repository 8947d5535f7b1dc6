/**
 * The one way the reference server sends mail (DESIGN §4): nodemailer over SMTP when `SMTP_URL` is set, otherwise
 * nodemailer's stream transport, which builds the same RFC 5322 message without a server. Either way the message is
 * stored in `mail_outbox`, so what was sent can be shown (the demo host's mail viewer) and tested.
 *
 * Callers pass both bodies already in the recipient's language (shell §9 email languages): the mailer neither
 * translates nor templates.
 */
import nodemailer from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/database.js';
import type { Language } from '../../../../core/i18n/language.js';

/** One mail to one recipient. */
export interface MailMessage {
  /** The account it belongs to (null for mails outside an account, e.g. before sign-up finishes). */
  memberId: number | null;
  /** What produced it, for the viewer's filter: `verification-code`, `notification`, `password-reset`... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: Language;
}

/** A stored mail, as the outbox keeps it. */
export interface StoredMail {
  id: number;
  delivery: 'outbox' | 'smtp' | 'smtp-failed';
}

/** Sends mail; `send` resolves once the message is stored (and, with SMTP, handed to the server or refused). */
export interface Mailer {
  send(message: MailMessage): Promise<StoredMail>;
  /** Whether mail leaves the machine (SMTP configured) or stays in the outbox. */
  readonly smtp: boolean;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail (features/mail/mailer.ts). */
    mailer: Mailer;
  }
}

/** The sender every mail carries (MAIL_FROM, default a local demo address). */
export const DEFAULT_MAIL_FROM = 'Edge Console <no-reply@edge-console.local>';

/** Options of {@link createMailer}. */
export interface MailerOptions {
  db: Db;
  now: () => number;
  /** SMTP server URL (`smtp://user:pass@host:587`, `smtps://...`); none keeps mail in the outbox. */
  smtpUrl?: string;
  from?: string;
}

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  // The stream transport renders the full message (headers, both alternatives) into a buffer: what SMTP would carry.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const insert = options.db.prepare(
    `INSERT INTO mail_outbox (member_id, kind, to_address, subject, text_body, html_body, language, raw, delivery, delivery_error, created_at)
     VALUES (@member_id, @kind, @to_address, @subject, @text_body, @html_body, @language, @raw, @delivery, @delivery_error, @created_at)`,
  );
  return {
    smtp: smtp !== null,
    async send(message) {
      const envelope = { from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: { 'Content-Language': message.language.replace('_', '-') } };
      const rendered = await renderer.sendMail(envelope);
      let delivery: StoredMail['delivery'] = 'outbox';
      let deliveryError: string | null = null;
      if (smtp) {
        try {
          await smtp.sendMail(envelope);
          delivery = 'smtp';
        } catch (error) {
          // Kept with the reason: an unreachable mail server must not lose the message or fail the caller's action.
          delivery = 'smtp-failed';
          deliveryError = error instanceof Error ? error.message : String(error);
        }
      }
      const row = insert.run({
        member_id: message.memberId,
        kind: message.kind,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        language: message.language,
        raw: Buffer.isBuffer(rendered.message) ? rendered.message.toString('utf8') : String(rendered.message),
        delivery,
        delivery_error: deliveryError,
        created_at: options.now(),
      });
      return { id: Number(row.lastInsertRowid), delivery };
    },
    close() {
      renderer.close();
      smtp?.close();
    },
  };
}

/** Decorates the server with its mailer and closes it with the server. */
export function attachMailer(app: FastifyInstance, options: Omit<MailerOptions, 'db' | 'now'>): void {
  const mailer = createMailer({ db: app.db, now: app.now, ...options });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}
