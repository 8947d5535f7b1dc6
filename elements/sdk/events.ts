/** Events of `<ec-sdk>`, sent with the element context's `emit` (bubbling, composed). */
import type { SdkBusiness, SdkKey } from '../../core/api/endpoints/sdk.js';

/** Sent after a business was created or edited. */
export const SDK_BUSINESS_SAVED_EVENT = 'ec-sdk-business-saved';
/** Sent after a business was deleted. */
export const SDK_BUSINESS_DELETED_EVENT = 'ec-sdk-business-deleted';
/** Sent after an SDK key was replaced. */
export const SDK_KEY_ROTATED_EVENT = 'ec-sdk-key-rotated';

declare global {
  interface EcEventDetails {
    /** A business was created or edited; the detail is the stored business. */
    'ec-sdk-business-saved': { business: SdkBusiness };
    /** A business was deleted. */
    'ec-sdk-business-deleted': { id: number };
    /** A key was replaced; the detail is the key with its new value. */
    'ec-sdk-key-rotated': { key: SdkKey };
  }
  interface GlobalEventHandlersEventMap {
    'ec-sdk-business-saved': CustomEvent<EcEventDetails['ec-sdk-business-saved']>;
    'ec-sdk-business-deleted': CustomEvent<EcEventDetails['ec-sdk-business-deleted']>;
    'ec-sdk-key-rotated': CustomEvent<EcEventDetails['ec-sdk-key-rotated']>;
  }
}
