/**
 * Events of `<ec-certificates>`, sent with the element context's `emit` (bubbling, composed, object details).
 */

declare global {
  interface EcEventDetails {
    /** A certificate and its key were uploaded (rules §4 "upload hosting"). */
    'ec-certificate-uploaded': { id: number; name: string };
    /** A certificate was renamed, or its certificate and key replaced. */
    'ec-certificate-updated': { id: number; name: string };
    /** Free certificates were applied for; `job_id` is the issuance job of the job list. */
    'ec-certificate-applied': { job_id: number; certificate_ids: number[] };
    /** A certificate was bound to domains. */
    'ec-certificate-bound': { id: number; domain_ids: number[] };
    /** A certificate was unbound from domains. */
    'ec-certificate-unbound': { id: number; domain_ids: number[] };
    /** A certificate was deleted (permanently). */
    'ec-certificate-deleted': { id: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-certificate-uploaded': CustomEvent<EcEventDetails['ec-certificate-uploaded']>;
    'ec-certificate-updated': CustomEvent<EcEventDetails['ec-certificate-updated']>;
    'ec-certificate-applied': CustomEvent<EcEventDetails['ec-certificate-applied']>;
    'ec-certificate-bound': CustomEvent<EcEventDetails['ec-certificate-bound']>;
    'ec-certificate-unbound': CustomEvent<EcEventDetails['ec-certificate-unbound']>;
    'ec-certificate-deleted': CustomEvent<EcEventDetails['ec-certificate-deleted']>;
  }
}

export {};
