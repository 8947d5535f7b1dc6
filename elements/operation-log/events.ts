/**
 * Events of `<ec-operation-log>`, sent with the element context's `emit` (bubbling, composed).
 */
import type { OperationLogFilter } from './store.js';

/** Sent after the user changed a filter; the detail is the filter as sent to the list call, without paging. */
export const OPERATION_LOG_FILTERED_EVENT = 'ec-operation-log-filtered';

declare global {
  interface EcEventDetails {
    /**
     * The user changed the operation log's filters (area, action, operator, time range, object). A host can keep
     * them in its URL or pass them on to an export.
     */
    'ec-operation-log-filtered': { filter: OperationLogFilter };
  }
  interface GlobalEventHandlersEventMap {
    'ec-operation-log-filtered': CustomEvent<EcEventDetails['ec-operation-log-filtered']>;
  }
}
