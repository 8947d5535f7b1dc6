/**
 * The signed-in user's messages (rules §3 "Message: title, type, channel, time, read or unread"; shell §2 MessageList
 * and its detail) and the account's announcements (shell §2 notice-list and its detail). Each user reads, marks and
 * deletes only their own messages: every query names the caller's user id inside the account scope, so another
 * user's message answers "not found". Titles and bodies of event notifications are written in the request's language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import {
  MESSAGE_TYPES,
  type MessageDetail,
  type MessageInfo,
  type MessageType,
  type NoticeDetail,
  type NoticeInfo,
  type UnreadCountAnswer,
} from '../../../../core/api/endpoints/messages.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { validateCheckedMessages } from '../../../../core/rules/accounts.js';
import { onField, type FieldIssue } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { unreadChanged, unreadCount } from './notify.js';
import { NOTIFICATION_KINDS, notificationText, type NotificationKind } from './wording.js';

/** Most messages one mark-read or delete call names. */
const IDS_MAX = 500;

interface MessageRow {
  id: number;
  title: string;
  type: string;
  channel: string;
  body: string;
  created_at: number;
  read_at: number | null;
  kind: string | null;
  params: string | null;
}

/** Title and body in the request's language (event notifications) or as stored (seeded messages). */
function texts(request: FastifyRequest, row: MessageRow): { title: string; body: string } {
  if (row.kind && Object.hasOwn(NOTIFICATION_KINDS, row.kind)) {
    return notificationText(row.kind as NotificationKind, JSON.parse(row.params ?? '{}') as Record<string, string | number>, requestLanguage(request));
  }
  return { title: row.title, body: row.body };
}

function toInfo(request: FastifyRequest, row: MessageRow): MessageInfo {
  return {
    id: row.id,
    title: texts(request, row).title,
    type: row.type as MessageType,
    channel: row.channel === 'mail' ? 'mail' : 'console',
    created_at: isoTime(row.created_at),
    read: row.read_at !== null,
  };
}

/** An ISO time from a query, or null with an issue. */
function readTime(value: unknown, field: string, issues: FieldIssue[]): number | null {
  if (value === undefined || value === '') return null;
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) {
    issues.push({ field, key: 'common.format-error' });
    return null;
  }
  return time;
}

/** The caller's messages whose ids are listed: `where` and params inside the account scope. */
function ownIds(request: FastifyRequest, ids: number[]): { where: string; params: Params } {
  const params: Params = { user_id: requireSession(request).userId };
  ids.forEach((id, index) => (params[`id${index}`] = id));
  return { where: `user_id = @user_id AND id IN (${ids.map((_, index) => `@id${index}`).join(', ')})`, params };
}

function readMessageIds(body: unknown): { ids: number[]; issues: FieldIssue[] } {
  const raw = asRecord(body).ids;
  const list = Array.isArray(raw) ? raw : [];
  const empty = onField('ids', validateCheckedMessages(list));
  if (empty.length > 0) return { ids: [], issues: empty };
  if (list.length > IDS_MAX) return { ids: [], issues: [{ field: 'ids', key: 'batch.beyond-limit', values: { max: IDS_MAX } }] };
  const ids = list.map(positiveId);
  if (ids.some((id) => id === null)) return { ids: [], issues: [{ field: 'ids', key: 'common.positive-integer' }] };
  return { ids: [...new Set(ids as number[])], issues: [] };
}

/** The caller's unread count after a change, announced to their open streams. */
function countAfterChange(request: FastifyRequest): UnreadCountAnswer {
  const session = requireSession(request);
  unreadChanged(request.server.db, session.memberId, [session.userId]);
  return { count: unreadCount(request.server.db, session.memberId, session.userId) };
}

/** Registers the routes (under /api). */
export async function messageRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/message.unread.count', async (request, reply) => {
    const session = requireSession(request);
    const answer: UnreadCountAnswer = { count: unreadCount(api.db, session.memberId, session.userId) };
    return ok(reply, answer);
  });

  api.get('/V4/message.list', async (request, reply) => {
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const type = query.type === undefined || query.type === '' ? null : String(query.type);
    if (type !== null && !(MESSAGE_TYPES as readonly string[]).includes(type)) issues.push({ field: 'type', key: 'common.format-error' });
    const read = query.read === undefined || query.read === '' ? null : String(query.read);
    if (read !== null && read !== 'read' && read !== 'unread') issues.push({ field: 'read', key: 'common.format-error' });
    const from = readTime(query.from, 'from', issues);
    const to = readTime(query.to, 'to', issues);
    if (!validated(reply, issues)) return reply;
    const where = ['user_id = @user_id'];
    const params: Params = { user_id: requireSession(request).userId };
    if (type !== null) {
      where.push('type = @type');
      params.type = type;
    }
    if (read === 'read') where.push('read_at IS NOT NULL');
    if (read === 'unread') where.push('read_at IS NULL');
    if (from !== null) {
      where.push('created_at >= @from');
      params.from = from;
    }
    if (to !== null) {
      where.push('created_at < @to');
      params.to = to;
    }
    const rows = scope(request).page<MessageRow>('messages', page, { where: where.join(' AND '), params, orderBy: 'created_at DESC, id DESC' });
    const answer: ListAnswer<MessageInfo> = { list: rows.list.map((row) => toInfo(request, row)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/message.detail', async (request, reply) => {
    const id = positiveId(asRecord(request.query).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = scope(request).get<MessageRow>('messages', ownIds(request, [id!]));
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const answer: MessageDetail = { ...toInfo(request, row), body: texts(request, row).body };
    return ok(reply, answer);
  });

  api.post('/V4/message.read', async (request, reply) => {
    const { ids, issues } = readMessageIds(request.body);
    if (!validated(reply, issues)) return reply;
    const own = ownIds(request, ids);
    scope(request).update('messages', { read_at: api.now() }, `${own.where} AND read_at IS NULL`, own.params);
    return ok(reply, countAfterChange(request));
  });

  api.post('/V4/message.read.all', async (request, reply) => {
    scope(request).update('messages', { read_at: api.now() }, 'user_id = @user_id AND read_at IS NULL', { user_id: requireSession(request).userId });
    return ok(reply, countAfterChange(request));
  });

  api.post('/V4/message.delete', async (request, reply) => {
    const { ids, issues } = readMessageIds(request.body);
    if (!validated(reply, issues)) return reply;
    const own = ownIds(request, ids);
    scope(request).remove('messages', own.where, own.params);
    return ok(reply, countAfterChange(request));
  });

  api.get('/V4/message.notice.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<{ id: number; title: string; published_at: number }>('message_notices', page, {
      columns: 'id, title, published_at',
      orderBy: 'published_at DESC, id DESC',
    });
    const answer: ListAnswer<NoticeInfo> = {
      list: rows.list.map((row) => ({ id: row.id, title: row.title, published_at: isoTime(row.published_at) })),
      total: rows.total,
    };
    return ok(reply, answer);
  });

  api.get('/V4/message.notice.detail', async (request, reply) => {
    const id = positiveId(asRecord(request.query).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = scope(request).get<{ id: number; title: string; body: string; published_at: number }>('message_notices', {
      where: 'id = @id',
      params: { id: id! },
    });
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const answer: NoticeDetail = { id: row.id, title: row.title, body: row.body, published_at: isoTime(row.published_at) };
    return ok(reply, answer);
  });
}
