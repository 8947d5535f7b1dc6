/**
 * The ec-* elements connected to the page, in connection order. Core sends a page-wide event (session expiry seen by
 * a call no element made) from the first of them, so the host page hears it where it listens for its elements.
 */

const connected = new Set<HTMLElement>();

/** Called by the element factory when an element joins or leaves the page. */
export function trackElementHost(host: HTMLElement, isConnected: boolean): void {
  if (isConnected) connected.add(host);
  else connected.delete(host);
}

/** The element to send a page-wide event from: the first still connected, else the document. */
export function pageEventTarget(): EventTarget | undefined {
  for (const host of connected) {
    if (host.isConnected) return host;
    connected.delete(host);
  }
  return globalThis.document;
}
