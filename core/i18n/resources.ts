/**
 * Every catalogue, per language and namespace. A namespace is added here once, in both languages; the key-parity
 * test walks this object.
 */
import banManagerEn from './locales/en_US/ban-manager.json';
import banManagerZh from './locales/zh_CN/ban-manager.json';
import cacheRulesEn from './locales/en_US/cache-rules.json';
import cacheRulesZh from './locales/zh_CN/cache-rules.json';
import certificatesEn from './locales/en_US/certificates.json';
import certificatesZh from './locales/zh_CN/certificates.json';
import commonEn from './locales/en_US/common.json';
import commonZh from './locales/zh_CN/common.json';
import conditionBuilderEn from './locales/en_US/condition-builder.json';
import conditionBuilderZh from './locales/zh_CN/condition-builder.json';
import dnsDomainsEn from './locales/en_US/dns-domains.json';
import dnsDomainsZh from './locales/zh_CN/dns-domains.json';
import dnsJobsEn from './locales/en_US/dns-jobs.json';
import dnsJobsZh from './locales/zh_CN/dns-jobs.json';
import dnsRecordsEn from './locales/en_US/dns-records.json';
import dnsRecordsZh from './locales/zh_CN/dns-records.json';
import domainBatchEn from './locales/en_US/domain-batch.json';
import domainBatchZh from './locales/zh_CN/domain-batch.json';
import domainListEn from './locales/en_US/domain-list.json';
import domainListZh from './locales/zh_CN/domain-list.json';
import hostEn from './locales/en_US/host.json';
import hostZh from './locales/zh_CN/host.json';
import ipListsEn from './locales/en_US/ip-lists.json';
import ipListsZh from './locales/zh_CN/ip-lists.json';
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
import wafRulesEn from './locales/en_US/waf-rules.json';
import wafRulesZh from './locales/zh_CN/waf-rules.json';
import websiteGroupsEn from './locales/en_US/website-groups.json';
import websiteGroupsZh from './locales/zh_CN/website-groups.json';

/** Catalogues by language, then namespace. */
export const RESOURCES = {
  zh_CN: {
    'ban-manager': banManagerZh,
    'cache-rules': cacheRulesZh,
    certificates: certificatesZh,
    common: commonZh,
    'condition-builder': conditionBuilderZh,
    'dns-domains': dnsDomainsZh,
    'dns-jobs': dnsJobsZh,
    'dns-records': dnsRecordsZh,
    'domain-batch': domainBatchZh,
    'domain-list': domainListZh,
    host: hostZh,
    'ip-lists': ipListsZh,
    'job-list': jobListZh,
    'operation-log': operationLogZh,
    'plan-overview': planOverviewZh,
    rules: rulesZh,
    routes: routesZh,
    'waf-rules': wafRulesZh,
    'website-groups': websiteGroupsZh,
  },
  en_US: {
    'ban-manager': banManagerEn,
    'cache-rules': cacheRulesEn,
    certificates: certificatesEn,
    common: commonEn,
    'condition-builder': conditionBuilderEn,
    'dns-domains': dnsDomainsEn,
    'dns-jobs': dnsJobsEn,
    'dns-records': dnsRecordsEn,
    'domain-batch': domainBatchEn,
    'domain-list': domainListEn,
    host: hostEn,
    'ip-lists': ipListsEn,
    'job-list': jobListEn,
    'operation-log': operationLogEn,
    'plan-overview': planOverviewEn,
    rules: rulesEn,
    routes: routesEn,
    'waf-rules': wafRulesEn,
    'website-groups': websiteGroupsEn,
  },
} as const;

/** Namespace names: one per element plus `common`, `rules`, `routes`, `host`. */
export type Namespace = keyof (typeof RESOURCES)['zh_CN'];
