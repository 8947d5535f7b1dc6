/** Events of `<ec-document-detail>`, sent with the element context's `emit` (bubbling, composed). */

/**
 * Sent when an article's live example needs an element this page has not defined yet. Cancelable: a host that will
 * load the element's module (the demo host does, from its own list) calls preventDefault(); the example then appears
 * once the tag is defined. A page that does not answer sees a note that the example needs the element's script.
 */
export const REQUEST_ELEMENT_EVENT = 'ec-request-element';

declare global {
  interface EcEventDetails {
    /** The live example needs `tag` defined. */
    'ec-request-element': { tag: string };
  }
  interface GlobalEventHandlersEventMap {
    'ec-request-element': CustomEvent<EcEventDetails['ec-request-element']>;
  }
}
