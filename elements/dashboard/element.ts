import { defineElement } from '../../core/ui/define-element.js';
import { CARD_STYLES } from '../../core/ui/parts/card.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import sharedStyles from '../reports-shared/reports.css';
import { attributes } from './attributes.js';
import { Dashboard, type DashboardProps } from './dashboard.js';
import '../../core/i18n/namespaces/dashboard.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * The console home: today's figures (Beijing day, UTC+8) counted by the server from the edge logs of the websites the
 * caller's reports grant covers (requests, traffic, bandwidth peak, cache hit ratio, attacks blocked, bans in force),
 * each a link to its report; requests per hour, the status-code mix, the top websites (each opening its log lines)
 * and alerts (certificates expiring within 30 days, websites not serving). Auto refresh (rules §9 intervals) pauses
 * while the page is hidden.
 *
 * @tag ec-dashboard
 * @summary Today's traffic and security figures, charts, top websites and alerts, each linked to its report.
 * @fires ec-navigate - A figure, an hour of the chart, a status-class slice, a top website or an alert asks the host for its report, the log lines or page; detail `{ route, query }`.
 * @csspart toolbar - The update time and the auto refresh picker.
 * @csspart refresh - The auto refresh picker and the refresh button.
 * @csspart figures - Today's figures.
 * @csspart figure-link - A figure's link to its report.
 * @csspart chart-section - A chart and its title.
 * @csspart top-table - The top websites.
 * @csspart drill-link - A top website's link to its log lines.
 * @csspart alerts - Certificates expiring and websites not serving.
 * @csspart empty-state - Shown instead of the charts while there is no traffic today.
 * @cssprop --ec-color-card - Background of the figures and sections.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 */
export const DashboardElement = defineElement<DashboardProps>('ec-dashboard', Dashboard, {
  namespace: 'dashboard',
  uses: ['filters'],
  attributes,
  styles: `${FIGURES_STYLES}\n${CARD_STYLES}\n${sharedStyles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-dashboard': EcElementOf<typeof attributes>;
  }
}
