/**
 * Events of `<ec-log-downloads>`, sent with the element context's `emit` (bubbling, composed).
 */
import type { LogTemplate } from '../../core/api/endpoints/logs.js';
import type { JobInfo } from '../../core/api/endpoints/platform.js';

/** Sent after a download task was created. */
export const LOG_DOWNLOAD_CREATED_EVENT = 'ec-log-download-created';
/** Sent after a download task was canceled. */
export const LOG_DOWNLOAD_CANCELED_EVENT = 'ec-log-download-canceled';
/** Sent after download tasks were deleted. */
export const LOG_DOWNLOAD_DELETED_EVENT = 'ec-log-download-deleted';
/** Sent after a template was created, changed, enabled or disabled. */
export const LOG_TEMPLATE_SAVED_EVENT = 'ec-log-template-saved';
/** Sent after a template was deleted. */
export const LOG_TEMPLATE_DELETED_EVENT = 'ec-log-template-deleted';

declare global {
  interface EcEventDetails {
    /** A download task was created; the job as the server answered it (it then moves through the task states). */
    'ec-log-download-created': { job: JobInfo };
    /** A download task that had not finished was canceled. */
    'ec-log-download-canceled': { id: number };
    /** Finished download tasks were deleted, with their files. */
    'ec-log-download-deleted': { ids: number[] };
    /** A template was created (`created: true`), changed, enabled or disabled. */
    'ec-log-template-saved': { template: LogTemplate; created: boolean };
    /** A template was deleted. */
    'ec-log-template-deleted': { id: number; name: string };
  }
  interface GlobalEventHandlersEventMap {
    'ec-log-download-created': CustomEvent<EcEventDetails['ec-log-download-created']>;
    'ec-log-download-canceled': CustomEvent<EcEventDetails['ec-log-download-canceled']>;
    'ec-log-download-deleted': CustomEvent<EcEventDetails['ec-log-download-deleted']>;
    'ec-log-template-saved': CustomEvent<EcEventDetails['ec-log-template-saved']>;
    'ec-log-template-deleted': CustomEvent<EcEventDetails['ec-log-template-deleted']>;
  }
}
