/**
 * `<ec-message-center>`: the message center of shell §2 in one element, one view per route: the signed-in user's
 * messages (MessageList) and one of them (MessageList/detail/:id), the account's announcements (notice-list) and one
 * of them (notice-list/detail/:id), the notification settings (NoticeConfig) and the recipients (PersonManage).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useElement } from '../../core/ui/element-context.js';
import type { MessageCenterView } from './attributes.js';
import { Contacts } from './parts/contacts.js';
import { MessageView, NoticeView } from './parts/details.js';
import { MessageList } from './parts/message-list.js';
import { NoticeConfig } from './parts/notice-config.js';
import { NoticeList } from './parts/notice-list.js';
import { messageCenterStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface MessageCenterProps {
  /** Which page is shown (default `messages`). */
  view?: MessageCenterView;
  /** The message of the `message` view. */
  messageId?: number;
  /** The announcement of the `notice` view. */
  noticeId?: number;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The message center. */
export function MessageCenter({ view = 'messages', messageId, noticeId, pageSize }: MessageCenterProps) {
  useSignals();
  const context = useElement();
  // The store reads the client when it calls, so a changed api-base or session is followed without a new store.
  const store = messageCenterStoreFor(context.host, () => context.client, pageSize);

  return (
    <div className={`ec-root ec-stack ec-message-center ec-message-center-${view}`}>
      {view === 'messages' && <MessageList store={store} />}
      {view === 'message' && <MessageView store={store} id={messageId} />}
      {view === 'notices' && <NoticeList store={store} />}
      {view === 'notice' && <NoticeView store={store} id={noticeId} />}
      {view === 'config' && <NoticeConfig store={store} />}
      {view === 'contacts' && <Contacts store={store} />}
    </div>
  );
}
