/**
 * The demo host's mail viewer (issue 27: "a local outbox stored by the reference server and shown in the demo host,
 * like a development mail catcher"): the mails the reference server kept because no SMTP server is configured. Not a
 * console feature of the spec; the calls answer only while the server has no SMTP (see the server's mail area).
 */
import type { ApiClient, QueryParams } from '../client.js';
import type { ListAnswer, PageQuery } from './platform.js';

/** How a stored mail left: kept in the outbox only, handed to SMTP, or refused by SMTP. */
export type MailDelivery = 'outbox' | 'smtp' | 'smtp-failed';

/** One mail of the outbox list. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  /** What produced it: `verification-code`, `notification`... */
  kind: string;
  language: string;
  delivery: MailDelivery;
  created_at: string;
}

/** One mail with its bodies. */
export interface OutboxMailDetail extends OutboxMail {
  text: string;
  /** The HTML alternative, as sent: show it only sandboxed (core/ui/parts/sandboxed-html.ts). */
  html: string;
}

/** Outbox filters. */
export interface OutboxQuery extends PageQuery {
  /** Part of the recipient's address. */
  to?: string;
}

/** The outbox, newest first. Needs no session: a person in the middle of signing in reads their code here. */
export function listOutbox(client: ApiClient, query: OutboxQuery = {}): Promise<ListAnswer<OutboxMail>> {
  return client.get('V4/mail.outbox.list', { ...query } as QueryParams, { auth: false });
}

/** One mail with its bodies. */
export function getOutboxMail(client: ApiClient, id: number): Promise<OutboxMailDetail> {
  return client.get('V4/mail.outbox.get', { id }, { auth: false });
}
