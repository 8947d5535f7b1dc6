/**
 * Events of `<ec-error-reports>`, sent with the element context's `emit` (bubbling, composed).
 */
import type { ErrorReportsFilter } from './store.js';

/** Sent after the user changed a filter; the detail is the filter as sent to the list call, without paging. */
export const ERROR_REPORTS_FILTERED_EVENT = 'ec-error-reports-filtered';

declare global {
  interface EcEventDetails {
    /** The user changed the error report list's filters (element, failure kind). A host can keep them in its URL. */
    'ec-error-reports-filtered': { filter: ErrorReportsFilter };
  }
  interface GlobalEventHandlersEventMap {
    'ec-error-reports-filtered': CustomEvent<EcEventDetails['ec-error-reports-filtered']>;
  }
}
