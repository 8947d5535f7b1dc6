/** The host routes the layer-4 elements link to, per console layout (shell §2). */

/** Route names of one layout. */
export interface Layer4Routes {
  list: string;
  detail: string;
  /** Accurate access control of one rule (the TCP report's `accurateAccessControl/:id`). */
  accessControl: string;
}

/** Old layout `businessList/configLayer4Rule`, `configLayer4Rule/:id`; new layout `four-layer-agent` list and console. */
export const LAYER4_ROUTES: Record<'new' | 'old', Layer4Routes> = {
  new: {
    list: 'cloud-speed-new-four-layer-agent-list',
    detail: 'cloud-speed-new-four-layer-agent-console-id',
    accessControl: 'cloud-speed-new-four-layer-agent-report-accurateAccessControl-id',
  },
  old: {
    list: 'cloud-speed-old-businessList-configLayer4Rule',
    detail: 'cloud-speed-old-configLayer4Rule-id',
    accessControl: 'cloud-speed-old-dataReport-accurateAccessControl-id',
  },
};
