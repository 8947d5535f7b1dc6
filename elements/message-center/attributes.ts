import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The views of the message center (shell §2 MessageList, its detail, notice-list, its detail, NoticeConfig, PersonManage). */
export const MESSAGE_CENTER_VIEWS = ['messages', 'message', 'notices', 'notice', 'config', 'contacts'] as const;
/** A view. */
export type MessageCenterView = (typeof MESSAGE_CENTER_VIEWS)[number];

/** The attributes of `<ec-message-center>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(MESSAGE_CENTER_VIEWS, 'messages', 'Which page: the message list, one message, the announcements, one announcement, the notification settings or the recipients (contacts and groups).'),
  messageId: attr.number('The message the `message` view shows.', { min: 1 }),
  noticeId: attr.number('The announcement the `notice` view shows.', { min: 1 }),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
} satisfies AttributeSchema;
