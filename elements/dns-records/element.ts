import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import sharedStyles from '../dns-shared/dns-shared.css';
import { DnsRecords, type DnsRecordsProps } from './dns-records.js';
import styles from './dns-records.css';
import '../../core/i18n/namespaces/dns-records.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/dns-jobs.js';

/**
 * A Cloud DNS domain's records (rules §3-§5, §9 DNS; shell §2 cloud-resolving): host record, type (A, AAAA, CNAME,
 * MX, TXT, NS, SRV, explicit URL XURL, implicit URL YURL), line (default any), value checked per type, MX priority
 * (MX only, 1-50, default 5), TTL (60, 600, 3600; default 600), remark, status and group; add and edit in place,
 * enable/disable and delete with confirmation, bulk select, search and filters by type, line and status; export as
 * xlsx or as a BIND zone file. `view="batch-add"` adds up to 100 record lines to several domains as a job;
 * `view="import-log"` imports an xlsx workbook (2MB, 5 domains, 200 records per domain, one domain per tab; .xls is
 * refused with a message asking for .xlsx) or a zone file, read in a Web Worker and previewed row by row with each
 * row's errors before the valid rows run as a job, and lists earlier imports. Children need the domainList
 * permission (shell §6).
 *
 * @tag ec-dns-records
 * @summary DNS records with inline editing, batch add, xlsx/BIND import with preview, and export.
 * @fires ec-dns-record-saved - A record was added or changed; detail `{ id, domainId, created }`.
 * @fires ec-dns-record-status-changed - Records were enabled or disabled; detail `{ ids, status }`.
 * @fires ec-dns-record-deleted - Records were deleted; detail `{ ids }`.
 * @fires ec-dns-records-submitted - The batch-add job started; detail `{ jobId, domainIds, records }`.
 * @fires ec-dns-import-started - The import job started; detail `{ jobId, fileName, records }`.
 * @fires ec-dns-records-exported - The records were exported; detail `{ domainId, format }` (`xlsx` or `bind`).
 * @csspart heading - The domain's name and record count.
 * @csspart toolbar - Search and filters.
 * @csspart actions - Add, batch add, import, export and refresh.
 * @csspart bulk-actions - Actions on the selected records.
 * @csspart table - The record table, or on the import page the import preview's tables and the import history.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart form - The batch-add form.
 * @csspart import - The import panel.
 * @csspart preview - The per-line check of batch add, or the per-row import preview.
 * @csspart job-progress - Progress of a started job.
 * @csspart empty-state - Shown when no record matches.
 * @csspart filter - One labelled filter of the toolbar.
 * @csspart read-only-notice - The line above a page the caller may only read; records of a zone the caller may not change show read-only.
 * @cssprop --ec-color-border - Borders of panels.
 */
export const DnsRecordsElement = defineElement<DnsRecordsProps>('ec-dns-records', DnsRecords, {
  namespace: 'dns-records',
  uses: ['rules', 'dns-jobs'],
  attributes,
  styles: `${sharedStyles}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-dns-records': EcElementOf<typeof attributes>;
  }
}
