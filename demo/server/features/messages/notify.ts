/**
 * The one way an event of the system becomes a notification (issue 27): `notify(app, memberId, event)` files a console
 * message for the account owner (and the users the event names, e.g. the sub-account that started a task) when the
 * type's console channel is on, and mails every verified mailbox of the contact groups the notice configuration names
 * for the type when its mail channel is on (rules §4: an unverified mailbox receives nothing). Each mail is written in
 * the contact's language (shell §9) and goes through app.mailer.
 *
 * Producers call it with one line and never wait for it or fail because of it: it logs its own failures. `once` makes
 * a notification idempotent per account (a certificate's 30/7/1-day threshold), `throttle` lets one through per window
 * (a ban flood gives one message, not a thousand).
 *
 * The header bell follows the unread count live: every change of a user's messages is announced on the database's
 * unread channel, which the message stream (stream.ts) forwards to that user's open streams.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NoticeRule, NotifyType } from '../../../../core/api/endpoints/messages.js';
import type { Db } from '../../platform/database.js';
import type { Language } from '../../platform/http/messages.js';
import type { Mailer } from '../mail/index.js';
import { NOTIFICATION_KINDS, notificationMail, notificationText, type NotificationKind, type NotificationValues } from './wording.js';

/** What notify needs of the server (a route's `request.server` or the app). */
export interface NotifyApp {
  db: Db;
  now: () => number;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** An event worth telling the account about. */
export interface NotifyEvent {
  kind: NotificationKind;
  values: NotificationValues;
  /** Users of the account who get the console message besides the account owner. */
  userIds?: readonly number[];
  /** Sent at most once per account under this key. */
  once?: string;
  /** At most one notification per key within `ms`; the rest are dropped. */
  throttle?: { key: string; ms: number };
}

/** What one notify call did. */
export interface NotifyOutcome {
  /** Console messages filed. */
  messages: number;
  /** Mails handed to the mailer. */
  mails: number;
  /** Dropped by `once` or `throttle`. */
  skipped: boolean;
}

// ── The unread channel ──────────────────────────────────────────────────────────────────────────────────────────

/** Hears that users' messages changed (filed, read, deleted). */
export type UnreadListener = (memberId: number, userIds: readonly number[]) => void;

const listeners = new WeakMap<Db, Set<UnreadListener>>();

/** Listens to message changes of one database; answers the function that stops listening. */
export function onUnreadChange(db: Db, listener: UnreadListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Announces that users' messages changed. */
export function unreadChanged(db: Db, memberId: number, userIds: readonly number[]): void {
  for (const listener of listeners.get(db) ?? []) listener(memberId, userIds);
}

/** A user's unread message count. */
export function unreadCount(db: Db, memberId: number, userId: number): number {
  const row = db.prepare('SELECT COUNT(*) AS count FROM messages WHERE member_id = ? AND user_id = ? AND read_at IS NULL').get(memberId, userId) as {
    count: number;
  };
  return row.count;
}

// ── Notice configuration ────────────────────────────────────────────────────────────────────────────────────────

/** A type's configuration; without a saved row both channels are on and no contact group is named. */
export function noticeRule(db: Db, memberId: number, type: NotifyType): NoticeRule {
  const row = db.prepare('SELECT console, mail FROM message_notice_rules WHERE member_id = ? AND type = ?').get(memberId, type) as
    | { console: number; mail: number }
    | undefined;
  const groups = db
    .prepare('SELECT group_id FROM message_notice_groups WHERE member_id = ? AND type = ? ORDER BY group_id')
    .all(memberId, type) as { group_id: number }[];
  return { type, console: row ? row.console === 1 : true, mail: row ? row.mail === 1 : true, group_ids: groups.map((group) => group.group_id) };
}

// ── notify ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** Claims an event mark; false when `once` was already sent or `throttle`'s window is still open. */
function claim(db: Db, memberId: number, event: NotifyEvent, now: number): boolean {
  if (event.once) {
    const inserted = db.prepare('INSERT OR IGNORE INTO message_event_marks (member_id, mark, at) VALUES (?, ?, ?)').run(memberId, `once:${event.once}`, now);
    if (inserted.changes === 0) return false;
  }
  if (event.throttle) {
    const mark = `throttle:${event.throttle.key}`;
    const claimed = db
      .prepare(
        `INSERT INTO message_event_marks (member_id, mark, at) VALUES (@member, @mark, @now)
         ON CONFLICT (member_id, mark) DO UPDATE SET at = @now WHERE at <= @now - @window`,
      )
      .run({ member: memberId, mark, now, window: event.throttle.ms });
    if (claimed.changes === 0) return false;
  }
  return true;
}

/** Files the console messages and sends the mails of one event; never throws (failures are logged). */
export async function notify(app: NotifyApp, memberId: number, event: NotifyEvent): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { messages: 0, mails: 0, skipped: false };
  let mails: { email: string; language: string }[] = [];
  try {
    const { db } = app;
    const now = app.now();
    const type = NOTIFICATION_KINDS[event.kind];
    const filed = db.transaction(() => {
      if (!claim(db, memberId, event, now)) return null;
      const rule = noticeRule(db, memberId, type);
      const users: number[] = [];
      if (rule.console) {
        const owners = db.prepare("SELECT id FROM users WHERE member_id = ? AND account_type = 1 AND status = 'enabled'").all(memberId) as { id: number }[];
        const named = (event.userIds ?? []).filter(
          (id) => db.prepare('SELECT 1 FROM users WHERE id = ? AND member_id = ?').get(id, memberId) !== undefined,
        );
        const insert = db.prepare(
          `INSERT INTO messages (member_id, user_id, title, type, channel, body, created_at, kind, params) VALUES (?, ?, ?, ?, 'console', ?, ?, ?, ?)`,
        );
        // The stored title and body are the default language's: what a reader without a language would see.
        const text = notificationText(event.kind, event.values, 'zh_CN');
        for (const id of new Set([...owners.map((owner) => owner.id), ...named])) {
          insert.run(memberId, id, text.title, type, text.body, now, event.kind, JSON.stringify(event.values));
          users.push(id);
        }
      }
      const recipients =
        rule.mail && rule.group_ids.length > 0
          ? (db
              .prepare(
                `SELECT email, language FROM message_contacts
                 WHERE member_id = ? AND email_verified_at IS NOT NULL
                   AND group_id IN (SELECT group_id FROM message_notice_groups WHERE member_id = ? AND type = ?)
                 ORDER BY id`,
              )
              .all(memberId, memberId, type) as { email: string; language: string }[])
          : [];
      return { users, recipients };
    })();
    if (!filed) return { ...outcome, skipped: true };
    outcome.messages = filed.users.length;
    if (filed.users.length > 0) unreadChanged(db, memberId, filed.users);
    const seen = new Set<string>();
    mails = filed.recipients.filter((recipient) => {
      const key = recipient.email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  } catch (error) {
    app.log.error({ err: error, kind: event.kind }, 'notification failed');
    return outcome;
  }
  for (const recipient of mails) {
    const language: Language = recipient.language === 'en_US' ? 'en_US' : 'zh_CN';
    try {
      await app.mailer.send({ memberId, kind: 'notification', to: recipient.email, language, ...notificationMail(event.kind, event.values, language) });
      outcome.mails += 1;
    } catch (error) {
      app.log.error({ err: error, kind: event.kind }, 'notification mail failed');
    }
  }
  return outcome;
}

/** Starts a notification from a producer that must not wait for it. */
export function notifyLater(app: NotifyApp, memberId: number, event: NotifyEvent): void {
  void notify(app, memberId, event);
}
