/**
 * The feature elements the demo host ships, each loaded when a route that shows it is first visited (issue "every
 * page loads only what it shows"): a dynamic import of the element's public entry point, as any other host page
 * would load it, so the first route downloads only its own element. A route whose tag is not listed here stays
 * unavailable (left out of the menu, treated as unknown).
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '../../core/config/constants.js';

/** Loads an element's module, which registers its tag. */
type ElementLoader = () => Promise<unknown>;

/** Every element the host can show, by tag. */
export const ELEMENT_LOADERS: Readonly<Record<string, ElementLoader>> = {
  'ec-access-management': () => import('../../elements/access-management/element.js'),
  'ec-ban-manager': () => import('../../elements/ban-manager/element.js'),
  'ec-cache-prefetch': () => import('../../elements/cache-prefetch/element.js'),
  'ec-cache-purge': () => import('../../elements/cache-purge/element.js'),
  'ec-cache-rules': () => import('../../elements/cache-rules/element.js'),
  'ec-certificates': () => import('../../elements/certificates/element.js'),
  'ec-dns-domains': () => import('../../elements/dns-domains/element.js'),
  'ec-dns-jobs': () => import('../../elements/dns-jobs/element.js'),
  'ec-dns-records': () => import('../../elements/dns-records/element.js'),
  'ec-domain-batch': () => import('../../elements/domain-batch/element.js'),
  'ec-domain-console': () => import('../../elements/domain-console/element.js'),
  'ec-domain-list': () => import('../../elements/domain-list/element.js'),
  'ec-error-reports': () => import('../../elements/error-reports/element.js'),
  'ec-ip-lists': () => import('../../elements/ip-lists/element.js'),
  'ec-conditions-match-engine': () => import('../../elements/conditions-match-engine/element.js'),
  'ec-job-detail': () => import('../../elements/job-detail/element.js'),
  'ec-job-list': () => import('../../elements/job-list/element.js'),
  'ec-log-downloads': () => import('../../elements/log-downloads/element.js'),
  'ec-log-retrieval': () => import('../../elements/log-retrieval/element.js'),
  'ec-operation-log': () => import('../../elements/operation-log/element.js'),
  'ec-plan-overview': () => import('../../elements/plan-overview/element.js'),
  'ec-waf-rules': () => import('../../elements/waf-rules/element.js'),
  'ec-website-groups': () => import('../../elements/website-groups/element.js'),
  'ec-acceleration-policy': () => import('../../elements/acceleration-policy/element.js'),
  'ec-web-security': () => import('../../elements/web-security/element.js'),
  'ec-message-center': () => import('../../elements/message-center/element.js'),
  'ec-work-orders': () => import('../../elements/work-orders/element.js'),
  'ec-user-center': () => import('../../elements/user-center/element.js'),
  'ec-layer4-rules': () => import('../../elements/layer4-rules/element.js'),
  'ec-sdk': () => import('../../elements/sdk/element.js'),
  'ec-layer4-rule-detail': () => import('../../elements/layer4-rule-detail/element.js'),
  'ec-tcp-report': () => import('../../elements/tcp-report/element.js'),
  'ec-access-control-detail': () => import('../../elements/access-control-detail/element.js'),
  'ec-packages': () => import('../../elements/packages/element.js'),
  'ec-dashboard': () => import('../../elements/dashboard/element.js'),
  'ec-traffic-report': () => import('../../elements/traffic-report/element.js'),
  'ec-document-dashboard': () => import('../../elements/document-dashboard/element.js'),
  'ec-document-detail': () => import('../../elements/document-detail/element.js'),
  'ec-bot-report': () => import('../../elements/bot-report/element.js'),
  'ec-bot-detail': () => import('../../elements/bot-detail/element.js'),
  'ec-attack-report': () => import('../../elements/attack-report/element.js'),
  'ec-access-control-report': () => import('../../elements/access-control-report/element.js'),
};

/** Tags the host can show (for tests and the build report). */
export const HOST_ELEMENTS = Object.keys(ELEMENT_LOADERS);

/** Whether the host ships an element for the tag. */
export function hostHasElement(tag: string): boolean {
  return Object.hasOwn(ELEMENT_LOADERS, tag);
}

const loading = new Map<string, Promise<void>>();

/**
 * Loads the element for a tag once (a load in flight is shared); rejects when the module fails to load or takes
 * longer than shell §9's chunk load timeout, and forgets a failed load so that a retry fetches again.
 */
export function loadElement(tag: string, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<void> {
  if (customElements.get(tag)) return Promise.resolve();
  const loader = ELEMENT_LOADERS[tag];
  if (!loader) return Promise.reject(new Error(`No element for ${tag}`));
  let pending = loading.get(tag);
  if (!pending) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Loading ${tag} took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    pending = Promise.race([loader(), timeout])
      .then(() => undefined)
      .finally(() => clearTimeout(timer));
    pending.catch(() => loading.delete(tag));
    loading.set(tag, pending);
  }
  return pending;
}

/** Starts loading an element the user is likely to open next (hover, focus, idle); failures wait for the visit. */
export function preloadElement(tag: string): void {
  if (hostHasElement(tag)) loadElement(tag).catch(() => undefined);
}
