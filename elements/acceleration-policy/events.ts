/**
 * Events of `<ec-acceleration-policy>`, sent with the element context's `emit` (bubbling, composed, object details).
 */

/** An acceleration or configuration template was created, changed or copied. */
export const TEMPLATE_SAVED_EVENT = 'ec-acceleration-template-saved';
/** An acceleration or configuration template was deleted. */
export const TEMPLATE_DELETED_EVENT = 'ec-acceleration-template-deleted';
/** Domains were bound to or unbound from an acceleration template. */
export const TEMPLATE_BINDING_EVENT = 'ec-acceleration-template-binding-changed';
/** A configuration template was applied to websites (batch setting). */
export const CONFIG_TEMPLATE_APPLIED_EVENT = 'ec-config-template-applied';

declare global {
  interface EcEventDetails {
    'ec-acceleration-template-saved': { kind: 'acceleration' | 'configuration'; id: number; name: string };
    'ec-acceleration-template-deleted': { kind: 'acceleration' | 'configuration'; id: number };
    'ec-acceleration-template-binding-changed': { id: number; bound: number[]; unbound: number[] };
    'ec-config-template-applied': { id: number; succeeded: number; failed: number; job_id: number | null };
  }
  interface GlobalEventHandlersEventMap {
    'ec-acceleration-template-saved': CustomEvent<EcEventDetails['ec-acceleration-template-saved']>;
    'ec-acceleration-template-deleted': CustomEvent<EcEventDetails['ec-acceleration-template-deleted']>;
    'ec-acceleration-template-binding-changed': CustomEvent<EcEventDetails['ec-acceleration-template-binding-changed']>;
    'ec-config-template-applied': CustomEvent<EcEventDetails['ec-config-template-applied']>;
  }
}
