/**
 * Message center calls (shell §1 header bell; shell §2 message center; rules §3 message and contact, rules §4 mailbox,
 * rules §5 contacts). The spec shows no paths for the message center; these follow the `V4/<area>.<object>.<verb>`
 * style of DESIGN §3. The reference server imports these types.
 */
import type { ApiClient } from '../client.js';
import type { Language } from '../../i18n/language.js';
import type { ListAnswer, PageQuery } from './platform.js';

/** Message types (rules §3 "Message: type"); notice configuration routes each produced type. */
export const MESSAGE_TYPES = ['certificate', 'domain', 'security', 'task', 'login', 'notice'] as const;
/** A message type. */
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** Types the system produces from its own events; each has a notice configuration row. */
export const NOTIFY_TYPES = ['certificate', 'domain', 'security', 'task', 'login'] as const satisfies readonly MessageType[];
/** A configurable type. */
export type NotifyType = (typeof NOTIFY_TYPES)[number];
/** Delivery channels (rules §3 "Message: channel"). */
export const MESSAGE_CHANNELS = ['console', 'mail'] as const;
/** A channel. */
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** One message of the signed-in user (rules §3: title, type, channel, time, read or unread). */
export interface MessageInfo {
  id: number;
  /** In the request's language. */
  title: string;
  type: MessageType;
  channel: MessageChannel;
  /** ISO 8601, UTC. */
  created_at: string;
  read: boolean;
}

/** A message with its body (the detail page). */
export interface MessageDetail extends MessageInfo {
  body: string;
}

/** Filters of the message list. */
export interface MessageListQuery extends PageQuery {
  type?: MessageType;
  /** `read` or `unread`; all when absent. */
  read?: 'read' | 'unread';
  /** Created at or after this ISO time. */
  from?: string;
  /** Created before this ISO time. */
  to?: string;
}

/** Answer of `V4/message.unread.count`. */
export interface UnreadCountAnswer {
  count: number;
}

/** An announcement (shell §2 notice-list): account-wide, no read state. */
export interface NoticeInfo {
  id: number;
  title: string;
  /** ISO 8601, UTC. */
  published_at: string;
}

/** An announcement with its body. */
export interface NoticeDetail extends NoticeInfo {
  body: string;
}

/** How one message type is delivered (shell §2 NoticeConfig). */
export interface NoticeRule {
  type: NotifyType;
  console: boolean;
  mail: boolean;
  /** Contact groups whose verified mailboxes receive the mail. */
  group_ids: number[];
}

/** A contact group. */
export interface ContactGroup {
  id: number;
  name: string;
  contact_count: number;
}

/** A contact (rules §3: full name, mail, mobile, group; rules §4 mailbox verified or not). */
export interface Contact {
  id: number;
  name: string;
  email: string;
  mobile: string;
  group_id: number | null;
  /** Language of the mails this contact receives (rules §9 email notification languages). */
  language: Language;
  /** Rules §4: an unverified mailbox receives nothing. */
  email_verified: boolean;
  /** ISO time before which no new code is sent (rules §8 countdown), or null. */
  resend_at: string | null;
}

/** Fields of a new or edited contact. */
export interface ContactInput {
  name: string;
  email: string;
  mobile: string;
  group_id: number | null;
  language: Language;
}

/** Answer of the stream ticket call: opens `V4/message.stream` once. */
export interface MessageStreamTicket {
  ticket: string;
  expires_at: string;
}

/** The signed-in user's unread message count, for the header bell. */
export function getUnreadMessageCount(client: ApiClient): Promise<UnreadCountAnswer> {
  return client.get('V4/message.unread.count', undefined, { notify: false });
}

/** One page of the user's messages. */
export function listMessages(client: ApiClient, query: MessageListQuery = {}): Promise<ListAnswer<MessageInfo>> {
  return client.get('V4/message.list', { ...query });
}

/** One message with its body. */
export function getMessage(client: ApiClient, id: number): Promise<MessageDetail> {
  return client.get('V4/message.detail', { id });
}

/** Marks messages read (rules §5: the checked list is not empty). */
export function markMessagesRead(client: ApiClient, ids: number[]): Promise<UnreadCountAnswer> {
  return client.post('V4/message.read', { ids });
}

/** Marks every message of the user read. */
export function markAllMessagesRead(client: ApiClient): Promise<UnreadCountAnswer> {
  return client.post('V4/message.read.all', {});
}

/** Deletes messages (permanent). */
export function deleteMessages(client: ApiClient, ids: number[]): Promise<UnreadCountAnswer> {
  return client.post('V4/message.delete', { ids });
}

/** Announcements, newest first. */
export function listNotices(client: ApiClient, query: PageQuery = {}): Promise<ListAnswer<NoticeInfo>> {
  return client.get('V4/message.notice.list', { ...query });
}

/** One announcement. */
export function getNotice(client: ApiClient, id: number): Promise<NoticeDetail> {
  return client.get('V4/message.notice.detail', { id });
}

/** The notice configuration of every produced type. */
export function listNoticeRules(client: ApiClient): Promise<{ list: NoticeRule[] }> {
  return client.get('V4/message.config.list');
}

/** Saves how one type is delivered. Saves never toast: the form shows the failure (core/ui/parts/use-save.ts). */
export function saveNoticeRule(client: ApiClient, rule: NoticeRule): Promise<NoticeRule> {
  return client.post('V4/message.config.save', { ...rule }, { notify: false });
}

/** Contact groups of the account. */
export function listContactGroups(client: ApiClient): Promise<{ list: ContactGroup[] }> {
  return client.get('V4/message.contact.group.list');
}

/** Creates a contact group. */
export function createContactGroup(client: ApiClient, name: string): Promise<ContactGroup> {
  return client.post('V4/message.contact.group.create', { name }, { notify: false });
}

/** Renames a contact group. */
export function updateContactGroup(client: ApiClient, id: number, name: string): Promise<ContactGroup> {
  return client.post('V4/message.contact.group.update', { id, name }, { notify: false });
}

/** Deletes a contact group; its contacts stay, without a group. */
export function deleteContactGroup(client: ApiClient, id: number): Promise<null> {
  return client.post('V4/message.contact.group.delete', { id });
}

/** Contacts, optionally of one group. */
export function listContacts(client: ApiClient, query: PageQuery & { group_id?: number } = {}): Promise<ListAnswer<Contact>> {
  return client.get('V4/message.contact.list', { ...query });
}

/** Creates a contact; its mailbox starts unverified. */
export function createContact(client: ApiClient, input: ContactInput): Promise<Contact> {
  return client.post('V4/message.contact.create', { ...input }, { notify: false });
}

/** Edits a contact; a changed mailbox is unverified again. */
export function updateContact(client: ApiClient, id: number, input: ContactInput): Promise<Contact> {
  return client.post('V4/message.contact.update', { id, ...input }, { notify: false });
}

/** Deletes a contact. */
export function deleteContact(client: ApiClient, id: number): Promise<null> {
  return client.post('V4/message.contact.delete', { id });
}

/** Mails a verification code to the contact's mailbox (rules §8: resend after a countdown). */
export function sendContactCode(client: ApiClient, id: number): Promise<Contact> {
  return client.post('V4/message.contact.verify.send', { id }, { notify: false });
}

/** Verifies the contact's mailbox with the mailed code. */
export function verifyContact(client: ApiClient, id: number, code: string): Promise<Contact> {
  return client.post('V4/message.contact.verify', { id, code }, { notify: false });
}

/** A single-use ticket for the live unread stream (the token never goes into a URL). */
export function createMessageStreamTicket(client: ApiClient): Promise<MessageStreamTicket> {
  return client.post('V4/message.stream.ticket', {}, { notify: false });
}

/** The stream's URL for a ticket. */
export function messageStreamUrl(client: ApiClient, ticket: string): string {
  const base = client.base.endsWith('/') ? client.base : `${client.base}/`;
  return `${base}V4/message.stream?ticket=${encodeURIComponent(ticket)}`;
}
