/**
 * Events of `<ec-ban-manager>`, sent with the element context's `emit` (bubbling, composed).
 */

/** Sent after records were unbanned at once from the record list. */
export const BANS_UNBANNED_EVENT = 'ec-bans-unbanned';
/** Sent when a batch unban has sent every chunk. */
export const BATCH_UNBAN_FINISHED_EVENT = 'ec-batch-unban-finished';

declare global {
  interface EcEventDetails {
    /** Records were unbanned now (rules §2 immediate unlock): their ids and how many were still in force. */
    'ec-bans-unbanned': { ids: number[]; unbanned: number };
    /**
     * A batch unban finished (rules §5): the domain, the entries sent, those that released a ban, the records
     * released, and the entries that had no ban in force.
     */
    'ec-batch-unban-finished': {
      domain_id: number;
      entries: number;
      unbanned_entries: number;
      released_records: number;
      not_banned: number;
    };
  }
  interface GlobalEventHandlersEventMap {
    'ec-bans-unbanned': CustomEvent<EcEventDetails['ec-bans-unbanned']>;
    'ec-batch-unban-finished': CustomEvent<EcEventDetails['ec-batch-unban-finished']>;
  }
}
