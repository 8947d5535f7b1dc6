/**
 * Events of `<ec-log-retrieval>`, sent with the element context's `emit` (bubbling, composed).
 */
import type { LogSearchQuery, SavedQuery } from '../../core/api/endpoints/logs.js';

/** A search answered; the detail is the query sent and how many lines matched. */
export const LOGS_SEARCHED_EVENT = 'ec-logs-searched';
/** A saved query was created or changed. */
export const SAVED_QUERY_SAVED_EVENT = 'ec-saved-query-saved';
/** Saved queries were deleted. */
export const SAVED_QUERIES_DELETED_EVENT = 'ec-saved-queries-deleted';

declare global {
  interface EcEventDetails {
    /** A log search answered: the query as sent (type, range, filters, expression) and the number of matching lines. */
    'ec-logs-searched': { query: LogSearchQuery; total: number };
    /** A saved query (rules §3) was created or changed. */
    'ec-saved-query-saved': { query: SavedQuery };
    /** Saved queries were deleted, by id. */
    'ec-saved-queries-deleted': { ids: number[] };
  }
  interface GlobalEventHandlersEventMap {
    'ec-logs-searched': CustomEvent<EcEventDetails['ec-logs-searched']>;
    'ec-saved-query-saved': CustomEvent<EcEventDetails['ec-saved-query-saved']>;
    'ec-saved-queries-deleted': CustomEvent<EcEventDetails['ec-saved-queries-deleted']>;
  }
}
