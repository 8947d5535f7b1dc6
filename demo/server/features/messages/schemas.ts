/** Request schemas of the message center calls. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, NullableId, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'messages';
const contactFields = {
  name: Type.String(),
  email: Type.String(),
  mobile: Type.Optional(Type.String()),
  group_id: Type.Optional(NullableId),
  language: Type.Optional(Type.String()),
};

/** Schemas by `METHOD /path`. */
export const messageSchemas: RouteSchemas = {
  'GET /V4/message.unread.count': getRoute(TAG, 'Unread messages of the user (the bell)'),
  'GET /V4/message.list': listRoute(TAG, 'Messages of the user, newest first', queryFields('type', 'read', 'from', 'to')),
  'GET /V4/message.detail': getRoute(TAG, 'One message of the user with its body', queryIntegers('id')),
  'POST /V4/message.read': bodyRoute(TAG, 'Mark messages read', { ids: IdList }),
  'POST /V4/message.read.all': bodyRoute(TAG, 'Mark every message of the user read', {}),
  'POST /V4/message.delete': bodyRoute(TAG, 'Delete messages (permanent)', { ids: IdList }),
  'GET /V4/message.notice.list': listRoute(TAG, 'Announcements, newest first'),
  'GET /V4/message.notice.detail': getRoute(TAG, 'One announcement', queryIntegers('id')),
  'POST /V4/message.stream.ticket': bodyRoute(TAG, 'A single-use ticket (30 s) that opens one unread stream', {}),
  'GET /V4/message.stream': getRoute(TAG, 'Server-Sent Events of the unread count, opened with a ticket', queryFields('ticket')),
  'GET /V4/message.config.list': getRoute(TAG, 'Notice configuration of every message type'),
  'POST /V4/message.config.save': bodyRoute(TAG, 'How one message type is delivered', {
    type: Type.String(),
    console: Type.Boolean(),
    mail: Type.Boolean(),
    group_ids: IdList,
  }),
  'GET /V4/message.contact.group.list': getRoute(TAG, 'Contact groups'),
  'POST /V4/message.contact.group.create': bodyRoute(TAG, 'Create a contact group', { name: Type.String() }),
  'POST /V4/message.contact.group.update': bodyRoute(TAG, 'Rename a contact group', { id: Id, name: Type.String() }),
  'POST /V4/message.contact.group.delete': bodyRoute(TAG, 'Delete a contact group (its contacts stay)', { id: Id }),
  'GET /V4/message.contact.list': listRoute(TAG, 'Contacts', queryIntegers('group_id')),
  'POST /V4/message.contact.create': bodyRoute(TAG, 'Create a contact (mailbox unverified)', contactFields),
  'POST /V4/message.contact.update': bodyRoute(TAG, 'Edit a contact (a new mailbox is unverified)', { id: Id, ...contactFields }),
  'POST /V4/message.contact.delete': bodyRoute(TAG, 'Delete a contact', { id: Id }),
  'POST /V4/message.contact.verify.send': bodyRoute(TAG, 'Mail a verification code to the contact', { id: Id }),
  'POST /V4/message.contact.verify': bodyRoute(TAG, 'Verify the contact mailbox with the mailed code', { id: Id, code: Type.String() }),
};
