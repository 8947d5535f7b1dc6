/**
 * The error report of shell §7 ("error-reporting posts go to a metrics endpoint"; the payload is designed here):
 * failures that reached the user are queued and posted in batches, so an operator sees what users met without
 * asking them. A report carries no personal data and no secret: no token, no message text (server messages can
 * quote what the user typed), no query string (searches), only where and how a call failed and its Request-Id,
 * which the server's own log can be searched by.
 */
import type { ApiClient } from './client.js';
import { CONSOLE_VERSION } from '../config/constants.js';

/** Designed here in the house style (DESIGN §3); the reference server stores what it receives. */
export const ERROR_REPORT_PATH = 'V4/metrics.error.report';
/** Reports wait this long for company, so a burst of failures is one post. */
export const ERROR_REPORT_DELAY_MS = 5_000;
/** At most this many reports per post (the server refuses bigger batches). */
export const ERROR_REPORT_BATCH = 20;
/** Reports beyond this while the server cannot be reached are dropped: the report must never grow without bound. */
const QUEUE_LIMIT = 100;

/** One failure as reported. */
export interface ErrorReport {
  /** ISO time the failure was seen in the browser. */
  at: string;
  /** The element's tag, or `ec-console-core`. */
  source: string;
  /** The client's failure kind (`http`, `timeout`, `code`...). */
  kind: string;
  /** The envelope code, or the HTTP status when there was none. */
  code?: number;
  request_id?: string;
  /** The API path without its query. */
  path: string;
  language: string;
  console_version: string;
}

/** What the shared client hands over for one failure. */
export interface FailureSeen {
  source: string;
  kind: string;
  code?: number;
  requestId?: string;
  path?: string;
  language: string;
}

const queue: { client: ApiClient; report: ErrorReport }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** The path part of a URL, relative to nothing: no origin, no query, no fragment. */
function pathOnly(url: string | undefined): string {
  if (!url) return '';
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0]!.slice(0, 300);
}

/** Queues a failure for the next post. */
export function queueErrorReport(client: ApiClient, failure: FailureSeen): void {
  if (queue.length >= QUEUE_LIMIT) return;
  queue.push({
    client,
    report: {
      at: new Date().toISOString(),
      source: failure.source,
      kind: failure.kind,
      code: failure.code,
      request_id: failure.requestId,
      path: pathOnly(failure.path),
      language: failure.language,
      console_version: CONSOLE_VERSION,
    },
  });
  timer ??= setTimeout(() => void flushErrorReports(), ERROR_REPORT_DELAY_MS);
}

/** Posts what is queued now (also used by tests); a failed post is dropped, never retried in a loop. */
export async function flushErrorReports(): Promise<void> {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const batch = queue.splice(0, ERROR_REPORT_BATCH);
    const client = batch[0]!.client;
    const errors = batch.filter((entry) => entry.client === client).map((entry) => entry.report);
    queue.unshift(...batch.filter((entry) => entry.client !== client));
    try {
      await client.post(ERROR_REPORT_PATH, { errors }, { notify: false });
    } catch {
      // The report is best effort: its own failure is neither shown nor reported.
    }
  }
}
