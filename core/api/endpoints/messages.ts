/**
 * Message center calls (shell §1 header bell; rules §3 messages). The spec shows no paths for the message center;
 * these follow the `V4/<area>.<object>.<verb>` style of DESIGN §3.
 */
import type { ApiClient } from '../client.js';

/** Answer of `V4/message.unread.count`. */
export interface UnreadCountAnswer {
  count: number;
}

/** The signed-in user's unread message count, for the header bell. */
export function getUnreadMessageCount(client: ApiClient): Promise<UnreadCountAnswer> {
  return client.get('V4/message.unread.count', undefined, { notify: false });
}
