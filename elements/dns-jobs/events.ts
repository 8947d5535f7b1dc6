/**
 * Events of `<ec-dns-jobs>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Sent when the user opens a job's details from the list (before the element asks its host to navigate). */
export const DNS_JOB_OPENED_EVENT = 'ec-dns-job-opened';

declare global {
  interface EcEventDetails {
    /** A job's details were opened (rules §3 DNS job detail). */
    'ec-dns-job-opened': { id: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-dns-job-opened': CustomEvent<EcEventDetails['ec-dns-job-opened']>;
  }
}
