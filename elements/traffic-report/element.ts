import { defineElement } from '../../core/ui/define-element.js';
import { CARD_STYLES } from '../../core/ui/parts/card.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import sharedStyles from '../reports-shared/reports.css';
import { attributes } from './attributes.js';
import { TrafficReport, type TrafficReportProps } from './traffic-report.js';
import '../../core/i18n/namespaces/traffic-report.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * One traffic report tab (shell §2 statisticsReport / business-report): bandwidth and traffic, access analysis
 * (PV/UV, top URLs, referers, user agents, countries and provinces), request distribution, status code analysis or
 * hotspots, counted by the server from the edge logs of the websites the caller's reports grant covers. Filters by
 * date range (rules §9, UTC+8), websites (several; a sub-account is offered its granted ones), granularity (1 minute
 * to 1 day, as the range allows) and auto refresh (paused while the page is hidden); the line charts can draw the
 * previous period dashed over the current one. Every bar, slice, map region, line point and top-N row opens log
 * retrieval filtered to it over the same range and websites.
 *
 * @tag ec-traffic-report
 * @summary A traffic report tab: figures, charts with table views and top-N tables that drill down to the logs.
 * @fires ec-navigate - A bar, slice, map region, line point or top-N row asks the host for log retrieval; detail `{ route, query }` (the log retrieval `view-state`).
 * @csspart toolbar - The filters: range, websites, granularity, previous-period switch and auto refresh.
 * @csspart websites - The website choice.
 * @csspart compare - The "compare with previous period" switch.
 * @csspart refresh - The auto refresh picker and the refresh button.
 * @csspart figures - The report's totals.
 * @csspart chart-section - A chart and its title.
 * @csspart top-table - A top-N table.
 * @csspart drill-link - A top-N row's link to the log lines of its value.
 * @cssprop --ec-color-card - Background of the figures and sections.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 * @csspart figure-link - A headline figure that opens its report or list.
 */
export const TrafficReportElement = defineElement<TrafficReportProps>('ec-traffic-report', TrafficReport, {
  namespace: 'traffic-report',
  uses: ['rules', 'filters'],
  attributes,
  styles: `${FIGURES_STYLES}\n${CARD_STYLES}\n${sharedStyles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-traffic-report': EcElementOf<typeof attributes>;
  }
}
