import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import { attributes } from './attributes.js';
import { TcpReport, type TcpReportProps } from './tcp-report.js';
import styles from './tcp-report.css';
import '../../core/i18n/namespaces/tcp-report.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * The layer-4 (TCP) reports over the flows the edge recorded: traffic (bandwidth in and out), sessions (concurrent
 * and new per second), CC attacks (connection floods dropped, by source) and accurate access control (connections
 * the rules' IP and region lists refused, by rule, each rule leading to its details). Filters: rules §9 date range
 * in UTC+8, granularity, rule, auto refresh (shell §9). Rule links send `ec-navigate`.
 *
 * @tag ec-tcp-report
 * @summary TCP traffic, sessions, CC attacks and accurate access control reports of layer-4 forwarding.
 * @fires ec-navigate - A rule row was activated; detail `{ route, params, path }` (the rule console, or its access control details).
 * @csspart toolbar - The filter bar.
 * @csspart figures - The headline figures.
 * @csspart chart - Each chart.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 * @csspart figure-link - A headline figure that opens its report or list.
 * @csspart refresh - The "refresh now" button beside the auto refresh choice.
 */
export const TcpReportElement = defineElement<TcpReportProps>('ec-tcp-report', TcpReport, {
  namespace: 'tcp-report',
  uses: ['filters'],
  attributes,
  styles: `${FIGURES_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-tcp-report': EcElementOf<typeof attributes>;
  }
}
