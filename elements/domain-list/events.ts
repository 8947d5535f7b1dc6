/**
 * Events of the website elements (`<ec-domain-list>`, `<ec-domain-batch>`, `<ec-website-groups>`), sent with the
 * element context's `emit` (bubbling, composed). Each is sent after the server accepted the change.
 */

/** Websites were added (the wizard or batch add); they start in "approval pending". */
export const DOMAIN_ADDED_EVENT = 'ec-domain-added';
/** Websites were deleted. */
export const DOMAIN_DELETED_EVENT = 'ec-domain-deleted';
/** Websites were suspended (visitors receive 503) or enabled. */
export const DOMAIN_STATUS_CHANGED_EVENT = 'ec-domain-status-changed';
/** One website's remark, group or auto renewal was saved. */
export const DOMAIN_UPDATED_EVENT = 'ec-domain-updated';
/** Batch setting applied configuration items to websites. */
export const DOMAIN_SETTINGS_APPLIED_EVENT = 'ec-domain-settings-applied';
/** A website group was created or renamed. */
export const WEBSITE_GROUP_SAVED_EVENT = 'ec-website-group-saved';
/** A website group was deleted. */
export const WEBSITE_GROUP_DELETED_EVENT = 'ec-website-group-deleted';
/** Websites were moved into a group (or out of every group). */
export const WEBSITE_GROUP_ASSIGNED_EVENT = 'ec-website-group-assigned';

declare global {
  interface EcEventDetails {
    'ec-domain-added': { ids: number[]; domains: string[] };
    'ec-domain-deleted': { ids: number[]; domains: string[] };
    'ec-domain-status-changed': { ids: number[]; action: 'suspend' | 'enable' };
    'ec-domain-updated': { id: number };
    'ec-domain-settings-applied': { ids: number[] };
    'ec-website-group-saved': { id: number; name: string };
    'ec-website-group-deleted': { id: number };
    'ec-website-group-assigned': { groupId: number | null; count: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-domain-added': CustomEvent<EcEventDetails['ec-domain-added']>;
    'ec-domain-deleted': CustomEvent<EcEventDetails['ec-domain-deleted']>;
    'ec-domain-status-changed': CustomEvent<EcEventDetails['ec-domain-status-changed']>;
    'ec-domain-updated': CustomEvent<EcEventDetails['ec-domain-updated']>;
    'ec-domain-settings-applied': CustomEvent<EcEventDetails['ec-domain-settings-applied']>;
    'ec-website-group-saved': CustomEvent<EcEventDetails['ec-website-group-saved']>;
    'ec-website-group-deleted': CustomEvent<EcEventDetails['ec-website-group-deleted']>;
    'ec-website-group-assigned': CustomEvent<EcEventDetails['ec-website-group-assigned']>;
  }
}

/** The ids and domains of the successful rows of a batch answer. */
export function succeeded(results: ReadonlyArray<{ ok: boolean; id: number | null; domain: string }>): { ids: number[]; domains: string[] } {
  const done = results.filter((result) => result.ok && result.id !== null);
  return { ids: done.map((result) => result.id as number), domains: done.map((result) => result.domain) };
}
