/**
 * The one way elements send events (DESIGN §2): bubbling, composed CustomEvents with an object detail. Each element
 * adds its events to `EcEventDetails` (and to GlobalEventHandlersEventMap) in its own `events.ts`, so listeners and
 * senders are typed from one place.
 */

declare global {
  /** Event name -> detail type, for every event an ec-* element sends. */
  interface EcEventDetails {
    /**
     * A failure the user sees (a call that failed, a part that did not load, a bad attribute): where (`source`, the
     * element's tag), what (`message`, for the developer), the envelope code or HTTP status and the call's
     * Request-Id when there was a call, and the client's failure `kind`.
     */
    'ec-error': { source: string; message: string; code?: number; requestId?: string; kind?: string };
    /**
     * The session expired (shell §8, 16149). Cancelable: a host that signs the user in calls preventDefault();
     * otherwise the elements show a signed-out notice and keep what was typed. `returnPath` is the console path
     * to come back to.
     */
    'ec-unauthorized': { reason: 'expired' | 'signed-out'; returnPath?: string };
    /** The server refused access to a page (shell §8, 142005); the host may show its access page. */
    'ec-forbidden': { source: string; code: number; message: string; requestId?: string };
    /**
     * The element asks its host to go somewhere (a route name, its parameters and, for the routes core knows, the
     * console path). Cancelable: a host that routes calls preventDefault(), so a link is not followed twice.
     */
    'ec-navigate': { route: string; params?: Record<string, string | number>; query?: string; path?: string };
  }
  interface GlobalEventHandlersEventMap {
    'ec-error': CustomEvent<EcEventDetails['ec-error']>;
    'ec-unauthorized': CustomEvent<EcEventDetails['ec-unauthorized']>;
    'ec-forbidden': CustomEvent<EcEventDetails['ec-forbidden']>;
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
