/** Events of `<ec-work-orders>`, sent with the element context's `emit` (bubbling, composed). */
import type { WorkOrder } from '../../core/api/endpoints/work-orders.js';

/** Sent after a ticket was opened. */
export const WORK_ORDER_CREATED_EVENT = 'ec-work-order-created';

declare global {
  interface EcEventDetails {
    /** A ticket was opened; the detail is the stored ticket. */
    'ec-work-order-created': { workOrder: WorkOrder };
  }
  interface GlobalEventHandlersEventMap {
    'ec-work-order-created': CustomEvent<EcEventDetails['ec-work-order-created']>;
  }
}
