/**
 * Events of `<ec-access-management>`, sent with the element context's `emit` (bubbling, composed). None carries a
 * secret: an access key's secret is shown in the element once and never leaves it.
 */

/** A sub-account was created or changed. */
export const SUB_ACCOUNT_SAVED_EVENT = 'ec-sub-account-saved';
/** A sub-account was deleted. */
export const SUB_ACCOUNT_DELETED_EVENT = 'ec-sub-account-deleted';
/** A permission group was created or saved. */
export const PERMISSION_GROUP_SAVED_EVENT = 'ec-permission-group-saved';
/** A permission group was deleted. */
export const PERMISSION_GROUP_DELETED_EVENT = 'ec-permission-group-deleted';
/** An access key was created, enabled, disabled, rotated or deleted. */
export const ACCESS_KEY_CHANGED_EVENT = 'ec-access-key-changed';

declare global {
  interface EcEventDetails {
    /** The sub-account as the server answered it; `created` for a new one. */
    'ec-sub-account-saved': { id: number; name: string; created: boolean };
    'ec-sub-account-deleted': { id: number; name: string };
    'ec-permission-group-saved': { id: number; name: string; created: boolean };
    'ec-permission-group-deleted': { id: number; name: string };
    /** `change` names what happened; `keyId` is the public key id. */
    'ec-access-key-changed': { id: number; keyId: string; change: 'created' | 'enabled' | 'disabled' | 'rotated' | 'deleted' };
  }
  interface GlobalEventHandlersEventMap {
    'ec-sub-account-saved': CustomEvent<EcEventDetails['ec-sub-account-saved']>;
    'ec-sub-account-deleted': CustomEvent<EcEventDetails['ec-sub-account-deleted']>;
    'ec-permission-group-saved': CustomEvent<EcEventDetails['ec-permission-group-saved']>;
    'ec-permission-group-deleted': CustomEvent<EcEventDetails['ec-permission-group-deleted']>;
    'ec-access-key-changed': CustomEvent<EcEventDetails['ec-access-key-changed']>;
  }
}
