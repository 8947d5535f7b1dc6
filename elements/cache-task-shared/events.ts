/**
 * Events of `<ec-cache-purge>` and `<ec-cache-prefetch>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Sent after the server accepted a purge or prefetch: the task exists and runs. */
export const CACHE_TASK_SUBMITTED_EVENT = 'ec-cache-task-submitted';

declare global {
  interface EcEventDetails {
    /** A cache task was created (rules §3 "Cache task"): its id, job type and URL count. */
    'ec-cache-task-submitted': { id: number; type: string; count: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-cache-task-submitted': CustomEvent<EcEventDetails['ec-cache-task-submitted']>;
  }
}
