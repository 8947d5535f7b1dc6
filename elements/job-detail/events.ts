/**
 * Events of `<ec-job-detail>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Sent after the server accepted a retry of a task's failed URLs: a new task exists. */
export const JOB_RETRIED_EVENT = 'ec-job-retried';

declare global {
  interface EcEventDetails {
    /** The failed URLs of task `retryOf` were submitted again as task `id` (rules §4 "Task"). */
    'ec-job-retried': { id: number; retryOf: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-job-retried': CustomEvent<EcEventDetails['ec-job-retried']>;
  }
}
