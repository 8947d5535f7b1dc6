/**
 * Every catalogue, per language and namespace. A namespace is added here once, in both languages; the key-parity
 * test walks this object.
 */
import commonEn from './locales/en_US/common.json';
import commonZh from './locales/zh_CN/common.json';
import hostEn from './locales/en_US/host.json';
import hostZh from './locales/zh_CN/host.json';
import jobListEn from './locales/en_US/job-list.json';
import jobListZh from './locales/zh_CN/job-list.json';
import operationLogEn from './locales/en_US/operation-log.json';
import operationLogZh from './locales/zh_CN/operation-log.json';
import planOverviewEn from './locales/en_US/plan-overview.json';
import planOverviewZh from './locales/zh_CN/plan-overview.json';
import rulesEn from './locales/en_US/rules.json';
import rulesZh from './locales/zh_CN/rules.json';
import routesEn from './locales/en_US/routes.json';
import routesZh from './locales/zh_CN/routes.json';

/** Catalogues by language, then namespace. */
export const RESOURCES = {
  zh_CN: {
    common: commonZh,
    host: hostZh,
    'job-list': jobListZh,
    'operation-log': operationLogZh,
    'plan-overview': planOverviewZh,
    rules: rulesZh,
    routes: routesZh,
  },
  en_US: {
    common: commonEn,
    host: hostEn,
    'job-list': jobListEn,
    'operation-log': operationLogEn,
    'plan-overview': planOverviewEn,
    rules: rulesEn,
    routes: routesEn,
  },
} as const;

/** Namespace names: one per element plus `common`, `rules`, `routes`, `host`. */
export type Namespace = keyof (typeof RESOURCES)['zh_CN'];
