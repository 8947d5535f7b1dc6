/**
 * Events of `<ec-web-security>`, sent with the element context's `emit` (bubbling, composed, object details). The
 * element never navigates: the host opens a business's strategy page or the WAF rule sets.
 */

/** The user asked to open one business's strategy (a template's or a domain's policy). */
export const OPEN_BUSINESS_EVENT = 'ec-web-security-open-business';
/** The user asked for the WAF rule sets of a business. */
export const OPEN_WAF_EVENT = 'ec-web-security-open-waf';
/** A card was saved. */
export const CARD_SAVED_EVENT = 'ec-web-security-card-saved';
/** A domain's configuration method changed (switch, bind, unbind, batch configuration). */
export const METHOD_CHANGED_EVENT = 'ec-web-security-method-changed';

declare global {
  interface EcEventDetails {
    'ec-web-security-open-business': { business_id: number; name: string; scope: 'template' | 'domain' | 'global' };
    'ec-web-security-open-waf': { business_id: number };
    'ec-web-security-card-saved': { business_id: number; card: string };
    'ec-web-security-method-changed': { domain_ids: number[] };
  }
  interface GlobalEventHandlersEventMap {
    'ec-web-security-open-business': CustomEvent<EcEventDetails['ec-web-security-open-business']>;
    'ec-web-security-open-waf': CustomEvent<EcEventDetails['ec-web-security-open-waf']>;
    'ec-web-security-card-saved': CustomEvent<EcEventDetails['ec-web-security-card-saved']>;
    'ec-web-security-method-changed': CustomEvent<EcEventDetails['ec-web-security-method-changed']>;
  }
}

/** The host routes (shell §2) an open event falls back to when no listener handles it (ec-navigate). */
export const STRATEGY_ROUTES = {
  template: 'cloud-speed-new-safety-protection-web-security-template-strategy-manage-businessId',
  domain: 'cloud-speed-new-safety-protection-web-security-domain-strategy-manage-businessId',
  waf: 'cloud-speed-new-safety-protection-web-security-waf-rule-businessId',
} as const;
