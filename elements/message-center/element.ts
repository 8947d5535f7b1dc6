import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { MessageCenter, type MessageCenterProps } from './message-center.js';
import styles from './message-center.css';
import '../../core/i18n/namespaces/message-center.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The message center (shell §2; rules §3 message and contact, §4 mailbox, §5 contacts, §8): one element, one view per
 * page. `view="messages"`: the signed-in user's messages (title, type, channel, time, read or unread) filtered by
 * type, read state and time, with mark read, mark all read and delete (after a confirmation) on the checked rows;
 * `view="message" message-id`: one message, marked read when shown; `view="notices"` and `view="notice" notice-id`:
 * the account's announcements; `view="config"`: which message types are filed in the console and mailed to which
 * contact groups; `view="contacts"`: contact groups and contacts (name, mail, mobile, group, mail language) whose
 * mailboxes are verified with a mailed code (an unverified mailbox receives nothing). The settings and contacts are
 * the main account's: a sub-account sees a translated notice instead.
 *
 * @tag ec-message-center
 * @summary Messages, announcements, notification settings and recipients of the message center.
 * @fires ec-messages-read - Messages were marked read; detail `{ ids, unread }` (`ids` empty for all, `unread` -1 when unknown).
 * @fires ec-messages-deleted - Messages were deleted; detail `{ ids, unread }`.
 * @fires ec-contact-saved - A contact was saved or verified; detail `{ id, verified }`.
 * @fires ec-notice-rule-saved - A message type's notification settings were saved; detail `{ type }`.
 * @fires ec-navigate - A message or announcement was opened.
 * @csspart toolbar - The filters above a list.
 * @csspart actions - Mark read, mark all read and delete of the message list.
 * @csspart table - The list.
 * @csspart link - The link of each message or announcement.
 * @csspart pagination - The pager.
 * @csspart empty-state - Shown when a list is empty.
 * @csspart detail - One message or announcement.
 * @csspart config - The notification settings.
 * @csspart rule - The settings of one message type.
 * @csspart groups - The contact groups.
 */
export const MessageCenterElement = defineElement<MessageCenterProps>('ec-message-center', MessageCenter, {
  namespace: 'message-center',
  // The contact form shows the shared rules' messages (core/rules/message-center.ts), as the server words them.
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-message-center': EcElementOf<typeof attributes>;
  }
}
