/** Events of `<ec-layer4-rule-detail>`, sent with the element context's `emit` (bubbling, composed). */
import type { Layer4Rule } from '../../core/api/endpoints/layer4.js';

/** Sent after the rule (its forwarding settings or access control) was saved. */
export const FORWARDING_RULE_SAVED_EVENT = 'ec-layer4-rule-saved';
/** Sent after a website was bound to or unbound from the rule's TCP package. */
export const TCP_PACKAGE_BINDING_EVENT = 'ec-tcp-package-binding-changed';

declare global {
  interface EcEventDetails {
    /** The rule was saved; the detail is the stored rule. */
    'ec-layer4-rule-saved': { rule: Layer4Rule };
    /** A website was bound (`bound: true`) or unbound from the package. */
    'ec-tcp-package-binding-changed': { package_id: number; domain_id: number; bound: boolean };
  }
  interface GlobalEventHandlersEventMap {
    'ec-layer4-rule-saved': CustomEvent<EcEventDetails['ec-layer4-rule-saved']>;
    'ec-tcp-package-binding-changed': CustomEvent<EcEventDetails['ec-tcp-package-binding-changed']>;
  }
}
