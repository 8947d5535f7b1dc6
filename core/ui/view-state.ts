/**
 * What a reader would bookmark or share of an element's view (issue 19: filters, search, sort, page, page size),
 * as URL query text (`status=serving&page=2`). An element never touches the address (it is a guest): it starts from
 * its `view-state` attribute and reports each change with `ec-view-state`; the page that owns the address (the
 * demo host) writes it there and hands it back on reload, back and forward. Default values are left out, so an
 * untouched view has an empty state and a clean address.
 */
import { useEffect, useRef } from 'react';
import { useElement } from './element-context.js';

declare global {
  interface EcEventDetails {
    /** The element's bookmarkable view changed; `state` is URL query text without `?` ('' for the defaults). */
    'ec-view-state': { state: string };
  }
  interface GlobalEventHandlersEventMap {
    'ec-view-state': CustomEvent<EcEventDetails['ec-view-state']>;
  }
}

/** Query text of the values that differ from their defaults, in a stable order. */
export function viewStateText(values: Record<string, string | number | null | undefined>, defaults: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || value === defaults[name]) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/**
 * Sends `ec-view-state` when `state` changes after the first render (the first is what the element started from).
 * `startedFrom`, when given, is the `view-state` the element was handed: a first state that differs from it (a view
 * the element remembered itself, shell §2 "remembers page") is reported at once, so the address shows it too.
 */
export function useViewStateReport(state: string, startedFrom?: string): void {
  const { emit } = useElement();
  const reported = useRef(startedFrom ?? state);
  useEffect(() => {
    if (state === reported.current) return;
    reported.current = state;
    emit('ec-view-state', { state });
  }, [state]);
}
