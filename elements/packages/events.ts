/** Events of `<ec-packages>`, sent with the element context's `emit` (bubbling, composed). */
import type { PackageChange } from '../../core/api/endpoints/packages.js';

/** Sent when a renewal, expansion or billing method change was accepted and its job started. */
export const PACKAGE_CHANGE_STARTED_EVENT = 'ec-package-change-started';

declare global {
  interface EcEventDetails {
    /** A package change was accepted; `jobId` is the job that applies it (its progress shows on the page). */
    'ec-package-change-started': { change: PackageChange; jobId: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-package-change-started': CustomEvent<EcEventDetails['ec-package-change-started']>;
  }
}
