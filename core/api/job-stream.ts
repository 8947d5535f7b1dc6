/**
 * The live job stream (DESIGN §4: long tasks push their progress; nothing polls per row). One EventSource per page
 * and API base, shared by every element that follows jobs: a job list and a task detail on the same page open one
 * connection, and it closes when the last of them stops following.
 *
 * EventSource cannot send the `x-token` header, so each connection is opened with a single-use ticket obtained with
 * the token (core/api/endpoints/cache-tasks.ts explains the design). A spent ticket cannot reopen the stream, so when
 * the connection drops the browser's own retry fails and this module asks for a new ticket and reconnects, waiting
 * longer after each failure; after {@link MAX_RECONNECTS} failures in a row it gives up and tells its followers, who
 * say that live updates stopped and offer a refresh.
 */
import type { ApiClient } from './client.js';
import { createJobStreamTicket, jobStreamUrl } from './endpoints/cache-tasks.js';
import type { JobInfo } from './endpoints/platform.js';

/** Failed connection attempts in a row before the stream gives up. */
export const MAX_RECONNECTS = 4;
/** Wait before the first reconnect; doubled after each failure. */
export const RECONNECT_DELAY_MS = 1000;

/** What a follower hears. */
export interface JobStreamFollower {
  /** A job of the account changed (created, progressed, finished). */
  onJob(job: JobInfo): void;
  /** The stream is connected again after a drop: changes missed while it was down should be reloaded. */
  onReconnected?(): void;
  /**
   * The stream is connected, the first time or again: a change made before this moment was not heard. A follower that
   * starts a job before the first connection re-reads it here (a short job can finish before the stream is ready).
   */
  onConnected?(): void;
  /** The stream gave up (or the session ended); `follow` again to retry. */
  onStopped?(): void;
}

interface Connection {
  followers: Set<JobStreamFollower>;
  source: EventSource | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  failures: number;
  stopped: boolean;
  connectedBefore: boolean;
}

const connections = new Map<string, Connection>();

/** The EventSource constructor (a property so tests can count connections). */
export const streamHooks: { EventSource: typeof EventSource | undefined } = {
  EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
};

function keyOf(client: ApiClient): string {
  return `${client.base}|${client.sessionKey?.() ?? ''}`;
}

function close(key: string, connection: Connection): void {
  connection.stopped = true;
  connection.source?.close();
  connection.source = null;
  clearTimeout(connection.timer);
  connections.delete(key);
}

function giveUp(key: string, connection: Connection): void {
  const followers = [...connection.followers];
  close(key, connection);
  for (const follower of followers) follower.onStopped?.();
}

async function connect(client: ApiClient, key: string, connection: Connection): Promise<void> {
  const Source = streamHooks.EventSource;
  if (!Source) return giveUp(key, connection);
  let ticket: string;
  try {
    ({ ticket } = await createJobStreamTicket(client));
  } catch {
    return retry(client, key, connection);
  }
  if (connection.stopped) return;
  const source = new Source(jobStreamUrl(client, ticket));
  connection.source = source;
  source.addEventListener('ready', () => {
    connection.failures = 0;
    const reconnected = connection.connectedBefore;
    connection.connectedBefore = true;
    for (const follower of connection.followers) {
      if (reconnected) follower.onReconnected?.();
      follower.onConnected?.();
    }
  });
  source.addEventListener('job', (event) => {
    const job = JSON.parse((event as MessageEvent<string>).data) as JobInfo;
    for (const follower of connection.followers) follower.onJob(job);
  });
  source.addEventListener('expired', () => giveUp(key, connection));
  source.addEventListener('error', () => {
    // The ticket is spent: the browser's own reconnect would be refused, so reconnect here with a new one.
    source.close();
    if (connection.source === source) connection.source = null;
    if (!connection.stopped) retry(client, key, connection);
  });
}

function retry(client: ApiClient, key: string, connection: Connection): void {
  if (connection.stopped) return;
  connection.failures += 1;
  if (connection.failures > MAX_RECONNECTS) return giveUp(key, connection);
  connection.timer = setTimeout(() => void connect(client, key, connection), RECONNECT_DELAY_MS * 2 ** (connection.failures - 1));
}

/**
 * Follows the account's jobs through the shared stream of `client`; answers the function that stops following.
 * Without a session token nothing is opened (the ticket call would be refused silently).
 */
export function followJobs(client: ApiClient, follower: JobStreamFollower): () => void {
  const key = keyOf(client);
  let connection = connections.get(key);
  if (!connection) {
    connection = { followers: new Set(), source: null, timer: undefined, failures: 0, stopped: false, connectedBefore: false };
    connections.set(key, connection);
    void connect(client, key, connection);
  }
  connection.followers.add(follower);
  const current = connection;
  return () => {
    current.followers.delete(follower);
    if (current.followers.size === 0 && connections.get(key) === current) close(key, current);
  };
}
