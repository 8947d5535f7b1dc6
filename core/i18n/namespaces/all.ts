/**
 * Every catalogue registered, and every namespace name: for tests and tools that read all of them. Pages never import
 * this: each element imports the namespaces it translates with (core/i18n/catalogues.ts).
 */
import type { Namespace } from '../catalogues.js';
import './access-management.js';
import './ban-manager.js';
import './cache-prefetch.js';
import './cache-purge.js';
import './cache-rules.js';
import './cache-tasks.js';
import './certificates.js';
import './condition-builder.js';
import './conditions-match-engine.js';
import './dns-domains.js';
import './dns-jobs.js';
import './dns-records.js';
import './domain-batch.js';
import './domain-console.js';
import './domain-origin.js';
import './domain-https.js';
import './domain-performance.js';
import './domain-trace.js';
import './domain-list.js';
import './error-reports.js';
import './host.js';
import './ip-lists.js';
import './log-downloads.js';
import './log-fields.js';
import './job-detail.js';
import './job-list.js';
import './log-retrieval.js';
import './operation-log.js';
import './plan-overview.js';
import './routes.js';
import './rules.js';
import './waf-rules.js';
import './website-groups.js';
import './acceleration-policy.js';
import './message-center.js';
import './work-orders.js';
import './sdk.js';
import './user-center.js';
import './password-strength.js';
import './layer4.js';
import './packages.js';
import './tcp-report.js';
import './dashboard.js';
import './traffic-report.js';
import './filters.js';
import './documents.js';
import './bot-report.js';
import './attack-report.js';
import './security-cards.js';
import './web-security.js';

/** Every namespace, `common` first. */
export const NAMESPACES: readonly Namespace[] = [
  'common',
  'access-management',
  'ban-manager',
  'cache-prefetch',
  'cache-purge',
  'cache-rules',
  'cache-tasks',
  'certificates',
  'condition-builder',
  'conditions-match-engine',
  'dns-domains',
  'dns-jobs',
  'dns-records',
  'domain-batch',
  'domain-console',
  'domain-origin',
  'domain-https',
  'domain-performance',
  'domain-trace',
  'domain-list',
  'error-reports',
  'host',
  'ip-lists',
  'log-downloads',
  'log-fields',
  'job-detail',
  'job-list',
  'log-retrieval',
  'operation-log',
  'plan-overview',
  'routes',
  'rules',
  'waf-rules',
  'website-groups',
  'acceleration-policy',
  'message-center',
  'work-orders',
  'sdk',
  'user-center',
  'password-strength',
  'layer4',
  'packages',
  'tcp-report',
  'dashboard',
  'traffic-report',
  'filters',
  'documents',
  'bot-report',
  'attack-report',
  'security-cards',
  'web-security',
];
