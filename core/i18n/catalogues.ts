/**
 * Where each catalogue comes from: one module per language and namespace, loaded when an element that shows it is
 * first rendered (issue "every page loads only what it shows"). The build gives each its own small chunk
 * (`chunks/i18n/<language>/<namespace>-<hash>.js`), so a page downloads the namespaces of the elements it shows, in
 * the language it shows them in, and never the other language until someone switches. A namespace is added here
 * once, in both languages; the key-parity test reads the files themselves.
 */
import type { Language } from './language.js';

/** A catalogue: nested keys down to message texts. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

type CatalogueLoader = () => Promise<{ default: Catalogue }>;

/** Catalogue loaders by language, then namespace. */
export const CATALOGUE_LOADERS = {
  zh_CN: {
    'ban-manager': () => import('./locales/zh_CN/ban-manager.json'),
    'cache-prefetch': () => import('./locales/zh_CN/cache-prefetch.json'),
    'cache-purge': () => import('./locales/zh_CN/cache-purge.json'),
    'cache-rules': () => import('./locales/zh_CN/cache-rules.json'),
    'cache-tasks': () => import('./locales/zh_CN/cache-tasks.json'),
    certificates: () => import('./locales/zh_CN/certificates.json'),
    common: () => import('./locales/zh_CN/common.json'),
    'condition-builder': () => import('./locales/zh_CN/condition-builder.json'),
    'dns-domains': () => import('./locales/zh_CN/dns-domains.json'),
    'dns-jobs': () => import('./locales/zh_CN/dns-jobs.json'),
    'dns-records': () => import('./locales/zh_CN/dns-records.json'),
    'domain-batch': () => import('./locales/zh_CN/domain-batch.json'),
    'domain-list': () => import('./locales/zh_CN/domain-list.json'),
    'error-reports': () => import('./locales/zh_CN/error-reports.json'),
    host: () => import('./locales/zh_CN/host.json'),
    'ip-lists': () => import('./locales/zh_CN/ip-lists.json'),
    'log-downloads': () => import('./locales/zh_CN/log-downloads.json'),
    'log-fields': () => import('./locales/zh_CN/log-fields.json'),
    'job-detail': () => import('./locales/zh_CN/job-detail.json'),
    'job-list': () => import('./locales/zh_CN/job-list.json'),
    'log-retrieval': () => import('./locales/zh_CN/log-retrieval.json'),
    'operation-log': () => import('./locales/zh_CN/operation-log.json'),
    'plan-overview': () => import('./locales/zh_CN/plan-overview.json'),
    routes: () => import('./locales/zh_CN/routes.json'),
    rules: () => import('./locales/zh_CN/rules.json'),
    'waf-rules': () => import('./locales/zh_CN/waf-rules.json'),
    'website-groups': () => import('./locales/zh_CN/website-groups.json'),
  },
  en_US: {
    'ban-manager': () => import('./locales/en_US/ban-manager.json'),
    'cache-prefetch': () => import('./locales/en_US/cache-prefetch.json'),
    'cache-purge': () => import('./locales/en_US/cache-purge.json'),
    'cache-rules': () => import('./locales/en_US/cache-rules.json'),
    'cache-tasks': () => import('./locales/en_US/cache-tasks.json'),
    certificates: () => import('./locales/en_US/certificates.json'),
    common: () => import('./locales/en_US/common.json'),
    'condition-builder': () => import('./locales/en_US/condition-builder.json'),
    'dns-domains': () => import('./locales/en_US/dns-domains.json'),
    'dns-jobs': () => import('./locales/en_US/dns-jobs.json'),
    'dns-records': () => import('./locales/en_US/dns-records.json'),
    'domain-batch': () => import('./locales/en_US/domain-batch.json'),
    'domain-list': () => import('./locales/en_US/domain-list.json'),
    'error-reports': () => import('./locales/en_US/error-reports.json'),
    host: () => import('./locales/en_US/host.json'),
    'ip-lists': () => import('./locales/en_US/ip-lists.json'),
    'log-downloads': () => import('./locales/en_US/log-downloads.json'),
    'log-fields': () => import('./locales/en_US/log-fields.json'),
    'job-detail': () => import('./locales/en_US/job-detail.json'),
    'job-list': () => import('./locales/en_US/job-list.json'),
    'log-retrieval': () => import('./locales/en_US/log-retrieval.json'),
    'operation-log': () => import('./locales/en_US/operation-log.json'),
    'plan-overview': () => import('./locales/en_US/plan-overview.json'),
    routes: () => import('./locales/en_US/routes.json'),
    rules: () => import('./locales/en_US/rules.json'),
    'waf-rules': () => import('./locales/en_US/waf-rules.json'),
    'website-groups': () => import('./locales/en_US/website-groups.json'),
  },
} satisfies Record<Language, Record<string, CatalogueLoader>>;

/** Namespace names: one per element plus `common`, `rules`, `routes`, `host`, `condition-builder`. */
export type Namespace = keyof (typeof CATALOGUE_LOADERS)['zh_CN'];

/** Every namespace, in the order of the loader table. */
export const NAMESPACES = Object.keys(CATALOGUE_LOADERS.zh_CN) as Namespace[];
