/**
 * The list of error reports (shell §7 "error-reporting posts go to a metrics endpoint"): the failures the console
 * posted (core/api/error-report.ts), as the reference server stored them. The spec shows no list call; it follows the
 * `V4/<area>.<object>.<verb>` style of DESIGN §3. The server imports these types, so both read one definition.
 */
import type { ApiClient, QueryParams } from '../client.js';
import type { ListAnswer, PageQuery } from './platform.js';

/** One stored report; a parent lists the whole account's, a child its own. */
export interface ErrorReportEntry {
  id: number;
  /** The user whose console reported it. */
  user_id: number;
  /** Milliseconds since the epoch, when the server received it. */
  received_at: number;
  /** ISO time the failure was seen in the browser (the report's `at`). */
  seen_at: string;
  /** The element's tag, or `ec-console-core`. */
  source: string;
  /** The client's failure kind, one of `REPORTED_ERROR_KINDS` from a console of this version. */
  kind: string;
  /** The envelope code, or the HTTP status when there was none. */
  code: number | null;
  /** The Request-Id the failed call was sent with. */
  request_id: string | null;
  /** The API path of the failed call, without its query. */
  path: string;
  /** The console language, `zh_CN` or `en_US`. */
  language: string;
  console_version: string;
}

/** Query of the list: paging and exact filters (an empty or absent filter means all). */
export interface ErrorReportQuery extends PageQuery {
  /** An element tag, e.g. `ec-domain-list`. */
  source?: string;
  /** A failure kind, e.g. `timeout`. */
  kind?: string;
}

/** The reports the signed-in user may read, newest first. */
export function listErrorReports(client: ApiClient, query: ErrorReportQuery = {}): Promise<ListAnswer<ErrorReportEntry>> {
  return client.get('V4/metrics.error.list', { ...query } as QueryParams);
}
