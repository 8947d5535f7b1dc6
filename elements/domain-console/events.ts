/**
 * Events of `<ec-domain-console>`, sent with the element context's `emit` (bubbling, composed, object details).
 */
declare global {
  interface EcEventDetails {
    /** Settings groups of the domain were saved; `groups` names them. */
    'ec-domain-settings-saved': { domain_id: number; groups: string[] };
  }
  interface GlobalEventHandlersEventMap {
    'ec-domain-settings-saved': CustomEvent<EcEventDetails['ec-domain-settings-saved']>;
  }
}

export {};
