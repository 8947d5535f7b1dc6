/**
 * What every component inside an ec-* element can reach: its host, shadow root, language, API client and a
 * bound `emit`. Provided by `defineElement`; components call `useElement()` / `useT()`.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../api/client.js';
import { cataloguesLoaded, loadCatalogues, translator, type TFunction } from '../i18n/i18n.js';
import type { Language } from '../i18n/language.js';
import type { Namespace } from '../i18n/catalogues.js';
import type { EcEventName } from './emit.js';

import type { RouteMode } from '../config/route-paths.js';

export type { RouteMode };

/** The per-element context value. */
export interface ElementContextValue {
  host: HTMLElement;
  root: ShadowRoot;
  language: Language;
  apiBase: string;
  routeMode: RouteMode;
  client: ApiClient;
  /** The element's own i18n namespace. */
  namespace: Namespace;
  emit<Name extends EcEventName>(name: Name, detail: EcEventDetails[Name], options?: { cancelable?: boolean }): boolean;
}

/** React context for the element. */
export const ElementContext = createContext<ElementContextValue | null>(null);

/** The element context; throws when used outside `defineElement` (a programming error, caught by the boundary). */
export function useElement(): ElementContextValue {
  const value = useContext(ElementContext);
  if (!value) throw new Error('useElement() outside an ec-* element');
  return value;
}

/**
 * A translator in the element's language for `namespace` (default: the element's own), with `common` fallback.
 * The element loads the namespaces it names before it renders (`defineElement`'s `namespace` and `uses`); a part
 * that asks for one its element did not name still gets it: the namespace is loaded and the part re-rendered.
 */
export function useT(namespace?: Namespace): TFunction {
  const context = useContext(ElementContext);
  const language = context?.language ?? 'zh_CN';
  const ns = namespace ?? context?.namespace ?? 'common';
  const loaded = cataloguesLoaded(language, [ns, 'common']);
  const [, setArrivals] = useState(0);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadCatalogues(language, [ns, 'common']).then(
      () => current && setArrivals((count) => count + 1),
      () => undefined, // The element's own load reports failures; this part shows keys until a retry succeeds.
    );
    return () => {
      current = false;
    };
  }, [loaded, language, ns]);
  return useMemo(() => translator(language, ns), [language, ns]);
}
