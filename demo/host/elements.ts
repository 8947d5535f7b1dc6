/**
 * The feature elements the demo host ships, imported through their public entry points. A route whose element is
 * not imported here stays unavailable (left out of the menu, treated as unknown).
 */
import '../../elements/ban-manager/element.js';
import '../../elements/cache-rules/element.js';
import '../../elements/certificates/element.js';
import '../../elements/dns-domains/element.js';
import '../../elements/dns-jobs/element.js';
import '../../elements/dns-records/element.js';
import '../../elements/domain-batch/element.js';
import '../../elements/domain-list/element.js';
import '../../elements/ip-lists/element.js';
import '../../elements/job-list/element.js';
import '../../elements/operation-log/element.js';
import '../../elements/plan-overview/element.js';
import '../../elements/waf-rules/element.js';
import '../../elements/website-groups/element.js';

/** Tags registered by the imports above (for tests and the build report). */
export const HOST_ELEMENTS = ['ec-ban-manager', 'ec-cache-rules', 'ec-certificates', 'ec-dns-domains', 'ec-dns-jobs', 'ec-dns-records', 'ec-domain-batch', 'ec-domain-list', 'ec-ip-lists', 'ec-job-list', 'ec-operation-log', 'ec-plan-overview', 'ec-waf-rules', 'ec-website-groups'] as const;
