/**
 * The header bell's live unread count (shell §1): one EventSource per page, API base and session, opened with a
 * single-use ticket (core/api/job-stream.ts explains why). While the connection is down the last count stays; a
 * dropped connection is reopened with a new ticket, waiting longer after each failure, and after
 * {@link UNREAD_MAX_RECONNECTS} failures in a row the follower hears `onStopped`. An `expired` event (signed out or
 * session over) stops it at once. Without a session nothing is opened.
 */
import type { ApiClient } from './client.js';
import { createMessageStreamTicket, messageStreamUrl } from './endpoints/messages.js';

/** Failed connection attempts in a row before the stream gives up. */
export const UNREAD_MAX_RECONNECTS = 6;
/** Wait before the first reconnect; doubled after each failure. */
export const UNREAD_RECONNECT_DELAY_MS = 1000;

/** What a follower of the unread count hears. */
export interface UnreadFollower {
  onCount(count: number): void;
  /** The stream gave up or the session ended. */
  onStopped?(): void;
}

/** The EventSource constructor (a property so tests can replace it). */
export const unreadStreamHooks: { EventSource: typeof EventSource | undefined } = {
  EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
};

/** Follows the signed-in user's unread count; answers the function that stops following. */
export function followUnread(client: ApiClient, follower: UnreadFollower): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
    clearTimeout(timer);
  };
  const giveUp = () => {
    stop();
    follower.onStopped?.();
  };
  const retry = () => {
    if (stopped) return;
    failures += 1;
    if (failures > UNREAD_MAX_RECONNECTS) return giveUp();
    timer = setTimeout(() => void connect(), UNREAD_RECONNECT_DELAY_MS * 2 ** (failures - 1));
  };
  async function connect(): Promise<void> {
    const Source = unreadStreamHooks.EventSource;
    if (!Source) return giveUp();
    let ticket: string;
    try {
      ({ ticket } = await createMessageStreamTicket(client));
    } catch {
      return retry();
    }
    if (stopped) return;
    const opened = new Source(messageStreamUrl(client, ticket));
    source = opened;
    opened.addEventListener('unread', (event) => {
      failures = 0;
      follower.onCount((JSON.parse((event as MessageEvent<string>).data) as { count: number }).count);
    });
    opened.addEventListener('expired', giveUp);
    opened.addEventListener('error', () => {
      // The ticket is spent: the browser's own reconnect would be refused, so reconnect with a new one.
      opened.close();
      if (source === opened) source = null;
      retry();
    });
  }
  void connect();
  return stop;
}
