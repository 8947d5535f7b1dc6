import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import sharedStyles from '../dns-shared/dns-shared.css';
import { DnsDomains, type DnsDomainsProps } from './dns-domains.js';
import styles from './dns-domains.css';
import '../../core/i18n/namespaces/dns-domains.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/dns-jobs.js';

/**
 * Cloud DNS domains (rules §3-§5, §9 DNS; shell §2 cloud-resolving). The list shows each domain's hosting/access
 * status (connected, not connected, DNS not detected, specified DNS not used), status (normal, disabled), group and
 * record count, with search, filters, bulk enable/disable/move/delete. Its view (search, filters, page, page size)
 * is reported with `ec-view-state` for the page's address and remembered per instance in sessionStorage (keyed by
 * the element's `id`), so coming back from a zone's records opens the same page (shell §2 "remembers page"). Zones
 * the caller may not change (the server's `editable`) show read-only. `view="batch-add"` adds domains one per line, at most 100 ("More than
 * 100 lines"), as a job; `view="groups"` manages domain groups (name, remark, modification time);
 * `view="statistics"` shows daily resolution queries. Children need the domainList permission (shell §6).
 *
 * @tag ec-dns-domains
 * @summary DNS domain list, batch add, domain groups and query statistics.
 * @fires ec-dns-domains-submitted - The batch-add job started; detail `{ jobId, domains }`.
 * @fires ec-dns-domain-status-changed - Domains were enabled or disabled; detail `{ ids, status }`.
 * @fires ec-dns-domain-deleted - Domains were deleted with their records; detail `{ ids }`.
 * @fires ec-dns-domain-moved - Domains were moved into a group; detail `{ ids, groupId }`.
 * @fires ec-dns-group-saved - A domain group was created or changed; detail `{ id, created }`.
 * @fires ec-dns-group-deleted - Domain groups were deleted; detail `{ ids }`.
 * @fires ec-view-state - The list's search, filters, page or page size changed (or a remembered view was taken up); detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - Search and filters.
 * @csspart actions - The list's links to batch add, import, statistics and groups.
 * @csspart bulk-actions - Actions on the selected domains.
 * @csspart table - The domain or group table.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart form - The batch-add form.
 * @csspart preview - The per-line check of the batch-add text.
 * @csspart job-progress - Progress of the started batch-add job.
 * @csspart summary - The statistics' totals.
 * @csspart chart - The daily queries chart.
 * @csspart dialog - The group and move dialogs.
 * @csspart empty-state - Shown when nothing matches.
 * @csspart filter - One labelled filter of the toolbar.
 * @csspart read-only-notice - The line above a page the caller may only read.
 * @cssprop --ec-color-border - Borders of cards and panels.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 */
export const DnsDomainsElement = defineElement<DnsDomainsProps>('ec-dns-domains', DnsDomains, {
  namespace: 'dns-domains',
  uses: ['rules', 'dns-jobs'],
  attributes,
  styles: `${sharedStyles}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-dns-domains': EcElementOf<typeof attributes>;
  }
}
