/**
 * What every component inside an ec-* element can reach: its host, shadow root, language, API client and a
 * bound `emit`. Provided by `defineElement`; components call `useElement()` / `useT()`.
 */
import { createContext, useContext, useMemo } from 'react';
import type { ApiClient } from '../api/client.js';
import { translator, type TFunction } from '../i18n/i18n.js';
import type { Language } from '../i18n/language.js';
import type { Namespace } from '../i18n/resources.js';
import type { EcEventName } from './emit.js';

/** How the host routes: hash when embedded, history when standalone (shell §1). */
export type RouteMode = 'hash' | 'history';

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

/** A translator in the element's language for `namespace` (default: the element's own), with `common` fallback. */
export function useT(namespace?: Namespace): TFunction {
  const context = useContext(ElementContext);
  const language = context?.language ?? 'zh_CN';
  const ns = namespace ?? context?.namespace ?? 'common';
  return useMemo(() => translator(language, ns), [language, ns]);
}
