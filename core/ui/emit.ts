/**
 * The one way elements send events (DESIGN §2): bubbling, composed CustomEvents with an object detail. Each element
 * adds its events to `EcEventDetails` (and to GlobalEventHandlersEventMap) in its own `events.ts`, so listeners and
 * senders are typed from one place.
 */

declare global {
  /** Event name -> detail type, for every event an ec-* element sends. */
  interface EcEventDetails {
    /** Something failed that the host may want to report (detail: where and why). */
    'ec-error': { source: string; message: string; code?: number };
    /** The session is gone (expired or signed out); the host decides where to go. */
    'ec-unauthorized': { reason: 'expired' | 'signed-out' };
    /** The element asks its host to go somewhere (a route name and its parameters). */
    'ec-navigate': { route: string; params?: Record<string, string | number> };
  }
  interface GlobalEventHandlersEventMap {
    'ec-error': CustomEvent<EcEventDetails['ec-error']>;
    'ec-unauthorized': CustomEvent<EcEventDetails['ec-unauthorized']>;
    'ec-navigate': CustomEvent<EcEventDetails['ec-navigate']>;
  }
}

/** Event names every element may send. */
export type EcEventName = keyof EcEventDetails;

/**
 * Dispatches `name` from `target` (the element host). Returns false when a listener called preventDefault(), which
 * is how cancelable intents (`ec-request-<verb>`) are refused by the host.
 */
export function emit<Name extends EcEventName>(
  target: EventTarget,
  name: Name,
  detail: EcEventDetails[Name],
  options: { cancelable?: boolean } = {},
): boolean {
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false });
  return target.dispatchEvent(event);
}
