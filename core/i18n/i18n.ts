/**
 * The i18next instance. Catalogues are added as they load (core/i18n/catalogues.ts: one module per language and
 * namespace, bundled with the build, so elements work offline and under a strict CSP without fetching JSON).
 * Components ask for a fixed translator per language and namespace, so two elements in different languages can share
 * a page; an element renders once the namespaces it names are loaded (core/ui/define-element.tsx).
 */
import i18next, { type TFunction } from 'i18next';
import { catalogueLoader, type Namespace } from './catalogues.js';
import { DEFAULT_LANGUAGE, type Language } from './language.js';

const instance = i18next.createInstance();
void instance.init({
  resources: {},
  partialBundledLanguages: true,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: [],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const loads = new Map<string, Promise<void>>();

/** Whether one language's namespace is loaded. */
function isLoaded(language: Language, namespace: Namespace): boolean {
  return instance.hasResourceBundle(language, namespace);
}

/** Whether every named namespace is loaded in the language. */
export function cataloguesLoaded(language: Language, namespaces: readonly Namespace[]): boolean {
  return namespaces.every((namespace) => isLoaded(language, namespace));
}

/**
 * Loads the named namespaces of one language (each once per page; loads in flight are shared). A failed load is
 * forgotten so that the next call tries again, and the promise rejects so the caller can offer a retry.
 */
export function loadCatalogues(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      if (isLoaded(language, namespace)) return undefined;
      const key = `${language}\u0000${namespace}`;
      let pending = loads.get(key);
      if (!pending) {
        // A namespace nobody registered rejects (and is retried) like a chunk that failed to load.
        pending = Promise.resolve()
          .then(() => catalogueLoader(language, namespace)())
          .then((module) => {
            instance.addResourceBundle(language, namespace, module.default, true, false);
          });
        pending.catch(() => loads.delete(key));
        loads.set(key, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

const translators = new Map<string, TFunction>();

/**
 * A translator bound to one language and namespace (`common` is always the fallback namespace). One per pair for the
 * page's lifetime: components ask for theirs on every mount, and a list mounting hundreds of status tags would
 * otherwise build hundreds of identical translators. It reads the catalogues at call time, so one created before its
 * namespace loaded translates once it has.
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

/**
 * The translated name of a value the server sends (an area, a failure kind) from a table of catalogue keys written
 * out per value, so a key search finds every one; a value the table lacks is shown as the server sent it.
 */
export function labelOf(t: TFunction, table: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(table, value) ? t(table[value]!) : value;
}

export type { TFunction };
export { instance as i18n };
