/**
 * Events of `<ec-dns-domains>`, sent with the element context's `emit` (bubbling, composed).
 */

/** The batch-add job was started (rules §5 DNS batch add domains). */
export const DOMAINS_SUBMITTED_EVENT = 'ec-dns-domains-submitted';
/** Domains were enabled or disabled. */
export const DOMAIN_STATUS_CHANGED_EVENT = 'ec-dns-domain-status-changed';
/** Domains were deleted with their records. */
export const DOMAIN_DELETED_EVENT = 'ec-dns-domain-deleted';
/** Domains were moved into a group (or out of any). */
export const DOMAIN_MOVED_EVENT = 'ec-dns-domain-moved';
/** A domain group was created or changed. */
export const GROUP_SAVED_EVENT = 'ec-dns-group-saved';
/** Domain groups were deleted. */
export const GROUP_DELETED_EVENT = 'ec-dns-group-deleted';

declare global {
  interface EcEventDetails {
    'ec-dns-domains-submitted': { jobId: number; domains: string[] };
    'ec-dns-domain-status-changed': { ids: number[]; status: 'normal' | 'disabled' };
    'ec-dns-domain-deleted': { ids: number[] };
    'ec-dns-domain-moved': { ids: number[]; groupId: number | null };
    'ec-dns-group-saved': { id: number; created: boolean };
    'ec-dns-group-deleted': { ids: number[] };
  }
  interface GlobalEventHandlersEventMap {
    'ec-dns-domains-submitted': CustomEvent<EcEventDetails['ec-dns-domains-submitted']>;
    'ec-dns-domain-status-changed': CustomEvent<EcEventDetails['ec-dns-domain-status-changed']>;
    'ec-dns-domain-deleted': CustomEvent<EcEventDetails['ec-dns-domain-deleted']>;
    'ec-dns-domain-moved': CustomEvent<EcEventDetails['ec-dns-domain-moved']>;
    'ec-dns-group-saved': CustomEvent<EcEventDetails['ec-dns-group-saved']>;
    'ec-dns-group-deleted': CustomEvent<EcEventDetails['ec-dns-group-deleted']>;
  }
}
