/**
 * The host routes of the work-order pages, per layout. Shell §2 names no route for the work-order page that shell
 * §6 points to, so the demo host gives it one next to the packages page's area in each layout: `work-order` (new
 * layout, kebab-case like its neighbours) and `workOrder` (old layout, camelCase like its neighbours).
 */
/** The route names of one layout's work-order pages. */
export interface WorkOrderRoutes {
  list: string;
  create: string;
  detail: string;
}

export const WORK_ORDER_ROUTES: Record<'new' | 'old', WorkOrderRoutes> = {
  new: { list: 'cloud-speed-new-domain-management-work-order', create: 'cloud-speed-new-domain-management-work-order-create', detail: 'cloud-speed-new-domain-management-work-order-detail-id' },
  old: { list: 'cloud-speed-old-workOrder', create: 'cloud-speed-old-workOrder-create', detail: 'cloud-speed-old-workOrder-detail-id' },
};
