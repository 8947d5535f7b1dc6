/** Events of `<ec-layer4-rules>`, sent with the element context's `emit` (bubbling, composed). */

/** Sent after rules were created (one, or a batch). */
export const FORWARDING_RULES_ADDED_EVENT = 'ec-layer4-rules-added';
/** Sent after rules were changed (one, or a batch edit). */
export const FORWARDING_RULES_SAVED_EVENT = 'ec-layer4-rules-saved';
/** Sent after rules were deleted. */
export const FORWARDING_RULES_DELETED_EVENT = 'ec-layer4-rules-deleted';
/** Sent after a TCP package was activated. */
export const TCP_PACKAGE_ACTIVATED_EVENT = 'ec-tcp-package-activated';

declare global {
  interface EcEventDetails {
    /** Rules were created; `ids` of the new rules. */
    'ec-layer4-rules-added': { ids: number[] };
    /** Rules were changed; `ids` of the changed rules. */
    'ec-layer4-rules-saved': { ids: number[] };
    /** Rules were deleted; `ids` of the deleted rules. */
    'ec-layer4-rules-deleted': { ids: number[] };
    /** A TCP package was activated. */
    'ec-tcp-package-activated': { id: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-layer4-rules-added': CustomEvent<EcEventDetails['ec-layer4-rules-added']>;
    'ec-layer4-rules-saved': CustomEvent<EcEventDetails['ec-layer4-rules-saved']>;
    'ec-layer4-rules-deleted': CustomEvent<EcEventDetails['ec-layer4-rules-deleted']>;
    'ec-tcp-package-activated': CustomEvent<EcEventDetails['ec-tcp-package-activated']>;
  }
}
