/**
 * Events of `<ec-ip-lists>`, sent with the element context's `emit` (bubbling, composed).
 */
import type { IpListInfo } from '../../core/api/endpoints/ip-lists.js';

/** Sent after a list was created or its name or remark changed. */
export const IP_LIST_SAVED_EVENT = 'ec-ip-list-saved';
/** Sent after a list was deleted. */
export const IP_LIST_DELETED_EVENT = 'ec-ip-list-deleted';
/** Sent after entries were added to or removed from a list. */
export const IP_LIST_ENTRIES_CHANGED_EVENT = 'ec-ip-list-entries-changed';

declare global {
  interface EcEventDetails {
    /** A list was created (`created: true`) or renamed; the list as the server answered it. */
    'ec-ip-list-saved': { list: IpListInfo; created: boolean };
    /** A list was deleted (WAF rules that referenced it had to be changed first). */
    'ec-ip-list-deleted': { id: number; name: string };
    /** Entries were added (`added`, and those `already_listed`) or removed (`removed`); `list` has the new count. */
    'ec-ip-list-entries-changed': { list: IpListInfo; added: number; already_listed: number; removed: number };
  }
  interface GlobalEventHandlersEventMap {
    'ec-ip-list-saved': CustomEvent<EcEventDetails['ec-ip-list-saved']>;
    'ec-ip-list-deleted': CustomEvent<EcEventDetails['ec-ip-list-deleted']>;
    'ec-ip-list-entries-changed': CustomEvent<EcEventDetails['ec-ip-list-entries-changed']>;
  }
}
