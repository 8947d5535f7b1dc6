/**
 * Events of `<ec-cache-rules>`, sent with the element context's `emit` (bubbling, composed, object details).
 */

declare global {
  interface EcEventDetails {
    /** A cache rule was added (`created`) or changed (fields or status). */
    'ec-cache-rule-saved': { domain_id: number; id: number; name: string; created: boolean };
    /** A cache rule was deleted (permanently). */
    'ec-cache-rule-deleted': { domain_id: number; id: number; name: string };
    /** The domain's rules have a new order; `ids` by priority. */
    'ec-cache-rules-reordered': { domain_id: number; ids: number[] };
    /** The browser_cache group was switched. */
    'ec-browser-cache-changed': { domain_id: number; status: 'on' | 'off' };
  }
  interface GlobalEventHandlersEventMap {
    'ec-cache-rule-saved': CustomEvent<EcEventDetails['ec-cache-rule-saved']>;
    'ec-cache-rule-deleted': CustomEvent<EcEventDetails['ec-cache-rule-deleted']>;
    'ec-cache-rules-reordered': CustomEvent<EcEventDetails['ec-cache-rules-reordered']>;
    'ec-browser-cache-changed': CustomEvent<EcEventDetails['ec-browser-cache-changed']>;
  }
}

export {};
