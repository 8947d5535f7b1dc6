/**
 * Events of `<ec-job-list>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Sent after the server accepted a cancel: the job is canceled and will not run further. */
export const JOB_CANCELED_EVENT = 'ec-job-canceled';

declare global {
  interface EcEventDetails {
    /** A job was canceled by the user (rules §4 "Task": canceled). */
    'ec-job-canceled': { id: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-job-canceled': CustomEvent<EcEventDetails['ec-job-canceled']>;
  }
}
