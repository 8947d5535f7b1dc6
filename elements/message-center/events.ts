/**
 * Events of `<ec-message-center>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Messages were marked read (the header bell's count falls; the server pushes it too). */
export const MESSAGES_READ_EVENT = 'ec-messages-read';
/** Messages were deleted (permanent). */
export const MESSAGES_DELETED_EVENT = 'ec-messages-deleted';
/** A contact was created, edited or verified. */
export const CONTACT_SAVED_EVENT = 'ec-contact-saved';
/** The notification settings of a message type were saved. */
export const NOTICE_RULE_SAVED_EVENT = 'ec-notice-rule-saved';

declare global {
  interface EcEventDetails {
    /** Messages marked read; `ids` is empty for "mark all read". */
    'ec-messages-read': { ids: number[]; unread: number };
    'ec-messages-deleted': { ids: number[]; unread: number };
    'ec-contact-saved': { id: number; verified: boolean };
    'ec-notice-rule-saved': { type: string };
  }
  interface GlobalEventHandlersEventMap {
    'ec-messages-read': CustomEvent<EcEventDetails['ec-messages-read']>;
    'ec-messages-deleted': CustomEvent<EcEventDetails['ec-messages-deleted']>;
    'ec-contact-saved': CustomEvent<EcEventDetails['ec-contact-saved']>;
    'ec-notice-rule-saved': CustomEvent<EcEventDetails['ec-notice-rule-saved']>;
  }
}
