import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { BanManager, type BanManagerProps } from './ban-manager.js';
import styles from './ban-manager.css';
import '../../core/i18n/namespaces/ban-manager.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * Ban management: the overview (bans by state, most banned addresses and domains), the ban records (source IP,
 * domain, duration in seconds, reason, rule ID, state, ban and release time in UTC+8) with filters by IP, domain,
 * state and date range and an immediate unban, and batch unban of typed addresses (at most 2000) or a txt file (at
 * most 100,000 lines) checked line by line in a Web Worker and sent in resumable chunks. The server refuses every
 * ban call while the account's ban management is off.
 *
 * @tag ec-ban-manager
 * @summary Ban overview, ban records with immediate unban, and batch unban from typed addresses or a txt file.
 * @fires ec-bans-unbanned - Records were unbanned from the list; detail `{ ids, unbanned }`.
 * @fires ec-batch-unban-finished - A batch unban sent every chunk; detail `{ domain_id, entries, unbanned_entries, released_records, not_banned }`.
 * @fires ec-navigate - The overview asks the host for the record list; detail `{ route }`.
 * @fires ec-view-state - The filters, range, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - The filters and actions of a view.
 * @csspart counts - The overview's counts by state (the headline figures).
 * @csspart figures - The figures inside `counts`.
 * @csspart chart - The overview's charts of the most banned addresses and domains; a bar or table row opens the ban records on it (`ec-navigate`).
 * @csspart table - The ban record table.
 * @csspart pagination - The pager, shown when there are more records than the smallest page size.
 * @csspart empty-state - Shown when no record matches the filters.
 * @csspart dialog - The batch unban dialog.
 * @csspart preview - The per-line preview of a batch unban.
 * @csspart preview-table - The table of the preview's current page.
 * @csspart unban-progress - The progress of a batch unban.
 * @csspart why-link - A record's link to the log lines that led to its ban (log retrieval, via `ec-navigate`).
 * @csspart unban-summary - The result of a finished batch unban.
 * @csspart read-only-notice - Shown above the view when the caller's group may only view websites.
 * @cssprop --ec-color-primary - Accent of the active preview filter.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 * @csspart figure-link - A headline figure that opens its report or list.
 */
export const BanManagerElement = defineElement<BanManagerProps>('ec-ban-manager', BanManager, {
  namespace: 'ban-manager',
  uses: ['rules', 'filters'],
  attributes,
  styles: `${FIGURES_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-ban-manager': EcElementOf<typeof attributes>;
  }
}
