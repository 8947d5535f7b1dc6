/**
 * The i18next instance with every catalogue bundled (no network loading, so elements work offline and under a
 * strict CSP). Components ask for a fixed translator per language and namespace, so two elements in different
 * languages can share a page.
 */
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from './language.js';
import { RESOURCES, type Namespace } from './resources.js';

const instance = i18next.createInstance();
void instance.init({
  resources: RESOURCES,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(RESOURCES[DEFAULT_LANGUAGE]),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** A translator bound to one language and namespace (`common` is always the fallback namespace). */
export function translator(language: Language, namespace: Namespace = 'common'): TFunction {
  return instance.getFixedT(language, [namespace, 'common']);
}

/** Whether a key exists, for tests and for the unknown-label fallback. */
export function hasTranslation(language: Language, namespace: Namespace, key: string): boolean {
  return instance.exists(key, { lng: language, ns: namespace });
}

export type { TFunction };
export { instance as i18n };
