/**
 * The long tasks the console knows by name (rules §3: cache tasks, log download tasks, DNS jobs, certificate
 * issuance, the configuration rollout of a new website and of a changed configuration) and the catalogue keys of their names and of the task states of rules §4. Keys are written out, not
 * built from the type, so the catalogue test and a key search find every one. A type missing here is shown by its id.
 */
import type { JobState } from '../../core/api/endpoints/platform.js';
import type { StatusColor } from '../../core/ui/parts/status-tag.js';

/** Job type ids (the server's handler names) and the `job-list` catalogue key of each name. */
export const JOB_TYPE_LABEL_KEYS = {
  'cache.purge': 'type.cache-purge',
  'cache.prefetch': 'type.cache-prefetch',
  'logs.download': 'type.log-download',
  'dns.batch-add-domains': 'type.dns-batch-add-domains',
  'dns.batch-import-records': 'type.dns-batch-import-records',
  'dns.batch-add-records': 'type.dns-batch-add-records',
  'certificate.issue': 'type.certificate-issue',
  'website.provision': 'type.website-provision',
  'website.redeploy': 'type.website-redeploy',
  // Renewal, expansion and billing method change run as one job kind (its params say which, rules §4, §9).
  'package.change': 'type.package-change',
  'layer4.package.activate': 'type.tcp-package-activate',
} as const satisfies Record<string, string>;

/** A job type the console has a name for. */
export type KnownJobType = keyof typeof JOB_TYPE_LABEL_KEYS;

/** The catalogue key of a type's name, or undefined for a type the console does not know. */
export function jobTypeLabelKey(type: string): string | undefined {
  return Object.hasOwn(JOB_TYPE_LABEL_KEYS, type) ? JOB_TYPE_LABEL_KEYS[type as KnownJobType] : undefined;
}

/** Rules §4 task states: catalogue key and tag colour. */
export const JOB_STATE_TAGS: Record<JobState, { key: string; color: StatusColor }> = {
  not_started: { key: 'state.not-started', color: 'neutral' },
  preparing: { key: 'state.preparing', color: 'info' },
  in_progress: { key: 'state.in-progress', color: 'info' },
  complete: { key: 'state.complete', color: 'success' },
  failed: { key: 'state.failed', color: 'danger' },
  canceled: { key: 'state.canceled', color: 'warning' },
};
