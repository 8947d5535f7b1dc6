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

const translators = new Map<string, TFunction>();

/**
 * A translator bound to one language and namespace (`common` is always the fallback namespace). One per pair for the
 * page's lifetime: components ask for theirs on every mount, and a list mounting hundreds of status tags would
 * otherwise build hundreds of identical translators.
 */
export function translator(language: Language, namespace: Namespace = 'common'): TFunction {
  const key = `${language}\u0000${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = instance.getFixedT(language, [namespace, 'common']);
    translators.set(key, t);
  }
  return t;
}

/** Whether a key exists, for tests and for the unknown-label fallback. */
export function hasTranslation(language: Language, namespace: Namespace, key: string): boolean {
  return instance.exists(key, { lng: language, ns: namespace });
}

export type { TFunction };
export { instance as i18n };
