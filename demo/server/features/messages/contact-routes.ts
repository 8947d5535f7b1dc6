/**
 * Who receives the account's notifications (shell §2 NoticeConfig and PersonManage): contact groups, contacts (rules
 * §3: full name, mail, mobile, group; rules §5 Contacts) with their mailbox verification (rules §4: an unverified
 * mailbox receives nothing; rules §8: a code is sent and can be resent after a countdown), and the notice
 * configuration (which message types go to which contact groups by which channel).
 *
 * Authorization: these are the account's own settings and hold other people's mail addresses and mobile numbers. The
 * spec grants sub-accounts modules (domain, certificate, dedicated IP), none of which covers them, so the stricter
 * reading applies: only the account owner reads or changes them; a sub-account is refused (it keeps its own messages).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import { PARENT_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import { NOTIFY_TYPES, type Contact, type ContactGroup, type NoticeRule, type NotifyType } from '../../../../core/api/endpoints/messages.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import {
  CONTACT_CODE_LENGTH,
  CONTACT_CODE_RESEND_SECONDS,
  validateContactCode,
  validateContactForm,
  validateContactGroup,
} from '../../../../core/rules/message-center.js';
import { issue, onField, type FieldIssue } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';
import { recordOperation } from '../../platform/oplog.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { hashToken } from '../../platform/security/tokens.js';
import { noticeRule } from './notify.js';
import { contactCodeMail } from './wording.js';

/** How long a mailed code stays valid. */
export const CONTACT_CODE_TTL_MINUTES = 10;
/** Wrong codes before the code is spent and a new one must be sent. */
export const CONTACT_CODE_ATTEMPTS = 5;
/** Most contacts and groups an account keeps (the spec gives none; enough for any team, small enough to list). */
export const CONTACTS_MAX = 500;

interface ContactRow {
  id: number;
  name: string;
  email: string;
  mobile: string;
  group_id: number | null;
  language: 'zh_CN' | 'en_US';
  email_verified_at: number | null;
  code_hash: string | null;
  code_expires_at: number | null;
  code_attempts: number;
  code_sent_at: number | null;
}

function toContact(row: ContactRow): Contact {
  const resendAt = row.code_sent_at === null ? null : row.code_sent_at + CONTACT_CODE_RESEND_SECONDS * 1000;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    group_id: row.group_id,
    language: row.language,
    email_verified: row.email_verified_at !== null,
    resend_at: resendAt === null ? null : isoTime(resendAt),
  };
}

/** True for the account owner; otherwise answers PERMISSION_DENIED_CODE. */
function ownerOnly(request: FastifyRequest, reply: FastifyReply): boolean {
  if (requireSession(request).accountType === PARENT_ACCOUNT_TYPE) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

function idFrom(value: unknown, issues: FieldIssue[], field = 'id'): number {
  const id = positiveId(value);
  if (id === null) issues.push({ field, key: 'common.positive-integer' });
  return id ?? 0;
}

function findGroup(request: FastifyRequest, id: number): { id: number; name: string } | undefined {
  return scope(request).get('message_contact_groups', { columns: 'id, name', where: 'id = @id', params: { id } });
}

function groupTaken(request: FastifyRequest, name: string, except = 0): boolean {
  return scope(request).get('message_contact_groups', { columns: 'id', where: 'name = @name COLLATE NOCASE AND id <> @except', params: { name, except } }) !== undefined;
}

function findContact(request: FastifyRequest, id: number): ContactRow | undefined {
  return scope(request).get<ContactRow>('message_contacts', { where: 'id = @id', params: { id } });
}

/**
 * The group or contact the body's `id` names, for an owner: null once the reply has said why not (not the owner, a
 * malformed id, none of the caller's). `issues` holds other fields' problems found first, answered with the id's.
 */
function targetOf<T>(request: FastifyRequest, reply: FastifyReply, find: (request: FastifyRequest, id: number) => T | undefined, issues: FieldIssue[] = []): { id: number; row: T } | null {
  if (!ownerOnly(request, reply)) return null;
  const id = idFrom(asRecord(request.body).id, issues);
  if (!validated(reply, issues)) return null;
  const row = find(request, id);
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return null;
  }
  return { id, row };
}

/** Whether the account may add one more row to `table` (rules §5 contact limits); otherwise the reply says so. */
function belowContactLimit(request: FastifyRequest, reply: FastifyReply, table: 'message_contacts' | 'message_contact_groups'): boolean {
  if (scope(request).count(table) < CONTACTS_MAX) return true;
  validated(reply, [{ field: 'name', key: 'batch.beyond-limit', values: { max: CONTACTS_MAX } }]);
  return false;
}

/** The contact form of a body: trimmed text, a group id or null, a mail language. */
function readContact(request: FastifyRequest, body: unknown): { value: { name: string; email: string; mobile: string; group_id: number | null; language: 'zh_CN' | 'en_US' }; issues: FieldIssue[] } {
  const source = asRecord(body);
  const text = (name: string) => (typeof source[name] === 'string' ? (source[name] as string).trim() : '');
  const value = {
    name: text('name'),
    email: text('email'),
    mobile: text('mobile'),
    group_id: source.group_id === null || source.group_id === undefined ? null : positiveId(source.group_id),
    language: source.language === 'en_US' ? ('en_US' as const) : ('zh_CN' as const),
  };
  const issues = validateContactForm(value);
  if (source.group_id !== null && source.group_id !== undefined && (value.group_id === null || !findGroup(request, value.group_id))) {
    issues.push({ field: 'group_id', key: 'common.format-error' });
  }
  if (source.language !== undefined && source.language !== 'zh_CN' && source.language !== 'en_US') issues.push({ field: 'language', key: 'common.format-error' });
  return { value, issues };
}

/** Registers the routes (under /api). */
export async function contactRoutes(api: FastifyInstance): Promise<void> {
  // ── Contact groups ────────────────────────────────────────────────────────────────────────────────────────────
  api.get('/V4/message.contact.group.list', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const list = scope(request).all<ContactGroup>('message_contact_groups', {
      columns: 'id, name, (SELECT COUNT(*) FROM message_contacts c WHERE c.group_id = message_contact_groups.id) AS contact_count',
      orderBy: 'name COLLATE NOCASE, id',
    });
    return ok(reply, { list });
  });

  api.post('/V4/message.contact.group.create', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const name = String(asRecord(request.body).name ?? '').trim();
    if (!validated(reply, onField('name', validateContactGroup(name, groupTaken(request, name))))) return reply;
    if (!belowContactLimit(request, reply, 'message_contact_groups')) return reply;
    const id = api.db.transaction(() => {
      const created = scope(request).insert('message_contact_groups', { name, created_at: api.now() });
      recordOperation(request, { area: 'message-center', action: 'create-contact-group', objectId: created, objectLabel: name, after: { name } });
      return created;
    })();
    const answer: ContactGroup = { id, name, contact_count: 0 };
    return ok(reply, answer);
  });

  api.post('/V4/message.contact.group.update', async (request, reply) => {
    const target = targetOf(request, reply, findGroup);
    if (!target) return reply;
    const { id, row: group } = target;
    const name = String(asRecord(request.body).name ?? '').trim();
    if (!validated(reply, onField('name', validateContactGroup(name, groupTaken(request, name, id))))) return reply;
    api.db.transaction(() => {
      scope(request).update('message_contact_groups', { name }, 'id = @id', { id });
      recordOperation(request, { area: 'message-center', action: 'update-contact-group', objectId: id, objectLabel: name, before: { name: group.name }, after: { name } });
    })();
    const answer: ContactGroup = { id, name, contact_count: scope(request).count('message_contacts', { where: 'group_id = @id', params: { id } }) };
    return ok(reply, answer);
  });

  api.post('/V4/message.contact.group.delete', async (request, reply) => {
    const target = targetOf(request, reply, findGroup);
    if (!target) return reply;
    const { id, row: group } = target;
    api.db.transaction(() => {
      // Its contacts stay, without a group (ON DELETE SET NULL); the notice configuration stops naming it (CASCADE).
      scope(request).remove('message_contact_groups', 'id = @id', { id });
      recordOperation(request, { area: 'message-center', action: 'delete-contact-group', objectId: id, objectLabel: group.name, before: { name: group.name } });
    })();
    return ok(reply, null);
  });

  // ── Contacts ──────────────────────────────────────────────────────────────────────────────────────────────────
  api.get('/V4/message.contact.list', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const groupId = query.group_id === undefined || query.group_id === '' ? null : idFrom(query.group_id, issues, 'group_id');
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<ContactRow>('message_contacts', page, {
      where: groupId === null ? undefined : 'group_id = @group_id',
      params: groupId === null ? {} : { group_id: groupId },
      orderBy: 'name COLLATE NOCASE, id',
    });
    const answer: ListAnswer<Contact> = { list: rows.list.map(toContact), total: rows.total };
    return ok(reply, answer);
  });

  api.post('/V4/message.contact.create', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const { value, issues } = readContact(request, request.body);
    if (!validated(reply, issues)) return reply;
    if (!belowContactLimit(request, reply, 'message_contacts')) return reply;
    const id = api.db.transaction(() => {
      const created = scope(request).insert('message_contacts', { ...value, created_at: api.now() });
      recordOperation(request, { area: 'message-center', action: 'create-contact', objectId: created, objectLabel: value.name, after: value });
      return created;
    })();
    return ok(reply, toContact(findContact(request, id)!));
  });

  api.post('/V4/message.contact.update', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const { value, issues } = readContact(request, request.body);
    const target = targetOf(request, reply, findContact, issues);
    if (!target) return reply;
    const { id, row: contact } = target;
    const before = { name: contact.name, email: contact.email, mobile: contact.mobile, group_id: contact.group_id, language: contact.language };
    // A different mailbox has not been verified by anyone: it receives nothing until it is (rules §4).
    const mailboxChanged = contact.email.toLowerCase() !== value.email.toLowerCase();
    api.db.transaction(() => {
      const reset: Params = mailboxChanged ? { email_verified_at: null, code_hash: null, code_expires_at: null, code_attempts: 0, code_sent_at: null } : {};
      scope(request).update('message_contacts', { ...value, ...reset }, 'id = @id', { id });
      recordOperation(request, { area: 'message-center', action: 'update-contact', objectId: id, objectLabel: value.name, before, after: value });
    })();
    return ok(reply, toContact(findContact(request, id)!));
  });

  api.post('/V4/message.contact.delete', async (request, reply) => {
    const target = targetOf(request, reply, findContact);
    if (!target) return reply;
    const { id, row: contact } = target;
    api.db.transaction(() => {
      scope(request).remove('message_contacts', 'id = @id', { id });
      recordOperation(request, { area: 'message-center', action: 'delete-contact', objectId: id, objectLabel: contact.name, before: { name: contact.name, email: contact.email } });
    })();
    return ok(reply, null);
  });

  api.post('/V4/message.contact.verify.send', async (request, reply) => {
    const target = targetOf(request, reply, findContact);
    if (!target) return reply;
    const { id, row: contact } = target;
    const now = api.now();
    if (contact.code_sent_at !== null && now < contact.code_sent_at + CONTACT_CODE_RESEND_SECONDS * 1000) {
      const seconds = Math.ceil((contact.code_sent_at + CONTACT_CODE_RESEND_SECONDS * 1000 - now) / 1000);
      return validated(reply, onField('code', issue('message-center.code-wait', { seconds }))), reply;
    }
    const code = String(randomInt(0, 10 ** CONTACT_CODE_LENGTH)).padStart(CONTACT_CODE_LENGTH, '0');
    scope(request).update(
      'message_contacts',
      { code_hash: hashToken(`${contact.id}:${code}`), code_expires_at: now + CONTACT_CODE_TTL_MINUTES * 60_000, code_attempts: 0, code_sent_at: now },
      'id = @id',
      { id },
    );
    await api.mailer.send({
      memberId: requireSession(request).memberId,
      kind: 'verification-code',
      to: contact.email,
      language: contact.language,
      ...contactCodeMail(code, CONTACT_CODE_TTL_MINUTES, contact.language),
    });
    return ok(reply, toContact(findContact(request, id)!));
  });

  api.post('/V4/message.contact.verify', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const body = asRecord(request.body);
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    const target = targetOf(request, reply, findContact, onField('code', validateContactCode(code)));
    if (!target) return reply;
    const { id, row: contact } = target;
    const now = api.now();
    const usable = contact.code_hash !== null && contact.code_expires_at !== null && contact.code_expires_at > now && contact.code_attempts < CONTACT_CODE_ATTEMPTS;
    if (!usable || contact.code_hash !== hashToken(`${contact.id}:${code}`)) {
      if (usable) scope(request).update('message_contacts', { code_attempts: contact.code_attempts + 1 }, 'id = @id', { id });
      return validated(reply, onField('code', issue('message-center.code-invalid'))), reply;
    }
    // A code works once: it is cleared with the verification.
    scope(request).update('message_contacts', { email_verified_at: now, code_hash: null, code_expires_at: null, code_attempts: 0 }, 'id = @id', { id });
    return ok(reply, toContact(findContact(request, id)!));
  });

  // ── Notice configuration ──────────────────────────────────────────────────────────────────────────────────────
  api.get('/V4/message.config.list', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const memberId = requireSession(request).memberId;
    const list: NoticeRule[] = NOTIFY_TYPES.map((type) => noticeRule(api.db, memberId, type));
    return ok(reply, { list });
  });

  api.post('/V4/message.config.save', async (request, reply) => {
    if (!ownerOnly(request, reply)) return reply;
    const body = asRecord(request.body);
    const issues: FieldIssue[] = [];
    const type = String(body.type ?? '');
    if (!(NOTIFY_TYPES as readonly string[]).includes(type)) issues.push({ field: 'type', key: 'common.format-error' });
    for (const field of ['console', 'mail']) if (typeof body[field] !== 'boolean') issues.push({ field, key: 'common.format-error' });
    const rawGroups = Array.isArray(body.group_ids) ? body.group_ids : [];
    const groupIds = [...new Set(rawGroups.map(positiveId))];
    if (!Array.isArray(body.group_ids) || groupIds.some((id) => id === null || !findGroup(request, id))) issues.push({ field: 'group_ids', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const memberId = requireSession(request).memberId;
    const before = noticeRule(api.db, memberId, type as NotifyType);
    const after: NoticeRule = { type: type as NotifyType, console: body.console as boolean, mail: body.mail as boolean, group_ids: (groupIds as number[]).sort((a, b) => a - b) };
    api.db.transaction(() => {
      api.db
        .prepare('INSERT INTO message_notice_rules (member_id, type, console, mail) VALUES (?, ?, ?, ?) ON CONFLICT (member_id, type) DO UPDATE SET console = excluded.console, mail = excluded.mail')
        .run(memberId, type, after.console ? 1 : 0, after.mail ? 1 : 0);
      scope(request).remove('message_notice_groups', 'type = @type', { type });
      for (const groupId of after.group_ids) scope(request).insert('message_notice_groups', { type, group_id: groupId });
      recordOperation(request, { area: 'message-center', action: 'save-notice-config', objectId: type, objectLabel: type, before, after });
    })();
    return ok(reply, after);
  });
}
