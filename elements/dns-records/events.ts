/**
 * Events of `<ec-dns-records>`, sent with the element context's `emit` (bubbling, composed).
 */

/** A record was added or changed. */
export const RECORD_SAVED_EVENT = 'ec-dns-record-saved';
/** Records were enabled or disabled. */
export const RECORD_STATUS_CHANGED_EVENT = 'ec-dns-record-status-changed';
/** Records were deleted. */
export const RECORD_DELETED_EVENT = 'ec-dns-record-deleted';
/** The batch-add-records job started. */
export const RECORDS_SUBMITTED_EVENT = 'ec-dns-records-submitted';
/** The import job started. */
export const IMPORT_STARTED_EVENT = 'ec-dns-import-started';
/** A domain's records were exported. */
export const RECORDS_EXPORTED_EVENT = 'ec-dns-records-exported';

declare global {
  interface EcEventDetails {
    'ec-dns-record-saved': { id: number; domainId: number; created: boolean };
    'ec-dns-record-status-changed': { ids: number[]; status: 'normal' | 'disabled' };
    'ec-dns-record-deleted': { ids: number[] };
    'ec-dns-records-submitted': { jobId: number; domainIds: number[]; records: number };
    'ec-dns-import-started': { jobId: number; fileName: string; records: number };
    'ec-dns-records-exported': { domainId: number; format: 'xlsx' | 'bind' };
  }
  interface GlobalEventHandlersEventMap {
    'ec-dns-record-saved': CustomEvent<EcEventDetails['ec-dns-record-saved']>;
    'ec-dns-record-status-changed': CustomEvent<EcEventDetails['ec-dns-record-status-changed']>;
    'ec-dns-record-deleted': CustomEvent<EcEventDetails['ec-dns-record-deleted']>;
    'ec-dns-records-submitted': CustomEvent<EcEventDetails['ec-dns-records-submitted']>;
    'ec-dns-import-started': CustomEvent<EcEventDetails['ec-dns-import-started']>;
    'ec-dns-records-exported': CustomEvent<EcEventDetails['ec-dns-records-exported']>;
  }
}
