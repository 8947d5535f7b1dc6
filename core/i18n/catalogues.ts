/**
 * Where each catalogue comes from: one module per language and namespace, loaded when an element that shows it is
 * first rendered (issue "every page loads only what it shows"). The build gives each its own small chunk
 * (`chunks/i18n/<language>/<namespace>-<hash>.js`), so a page downloads the namespaces of the elements it shows, in
 * the language it shows them in, and never the other language until someone switches.
 *
 * The loaders themselves are registered by the code that translates with them (core/i18n/namespaces/<name>.ts,
 * imported by an element's entry), not listed here: a central table put every element's chunk names into the core
 * every page downloads, and grew with each new element. Only `common`, which every element uses, is registered here.
 */
import type { Language } from './language.js';

/** A catalogue: nested keys down to message texts. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

type CatalogueLoader = () => Promise<{ default: Catalogue }>;

/** Namespace names: one per element plus the shared ones (`common`, `rules`, `routes`, `host`, `condition-builder`...). */
export type Namespace =
  | 'access-management'
  | 'ban-manager'
  | 'cache-prefetch'
  | 'cache-purge'
  | 'cache-rules'
  | 'cache-tasks'
  | 'certificates'
  | 'common'
  | 'condition-builder'
  | 'conditions-match-engine'
  | 'dns-domains'
  | 'dns-jobs'
  | 'dns-records'
  | 'domain-batch'
  | 'domain-console'
  | 'domain-origin'
  | 'domain-https'
  | 'domain-performance'
  | 'domain-trace'
  | 'domain-list'
  | 'error-reports'
  | 'host'
  | 'ip-lists'
  | 'log-downloads'
  | 'log-fields'
  | 'job-detail'
  | 'job-list'
  | 'log-retrieval'
  | 'operation-log'
  | 'plan-overview'
  | 'routes'
  | 'rules'
  | 'waf-rules'
  | 'website-groups'
  | 'acceleration-policy'
  | 'message-center'
  | 'work-orders'
  | 'sdk'
  | 'user-center'
  | 'password-strength'
  | 'layer4'
  | 'packages'
  | 'tcp-report'
  | 'dashboard'
  | 'traffic-report'
  | 'filters'
  | 'documents'
  | 'bot-report'
  | 'attack-report'
  | 'security-cards'
  | 'web-security';

const registered: Partial<Record<Namespace, Record<Language, CatalogueLoader>>> = {
  common: { zh_CN: () => import('./locales/zh_CN/common.json'), en_US: () => import('./locales/en_US/common.json') },
};

/** Makes a namespace loadable; the first registration of a name wins (modules may be imported twice in tests). */
export function registerCatalogue(namespace: Namespace, loaders: Record<Language, CatalogueLoader>): void {
  registered[namespace] ??= loaders;
}

/** The loader of one language's catalogue; throws, naming the module to import, when none was registered. */
export function catalogueLoader(language: Language, namespace: Namespace): CatalogueLoader {
  const found = registered[namespace];
  if (!found) throw new Error(`The "${namespace}" catalogue is not registered: import core/i18n/namespaces/${namespace}.js`);
  return found[language];
}

/** The registered loaders of a namespace, by language (tests swap one to simulate a failed chunk). */
export function catalogueLoaders(namespace: Namespace): Record<Language, CatalogueLoader> | undefined {
  return registered[namespace];
}
