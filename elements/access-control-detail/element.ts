import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import tcpReportStyles from '../tcp-report/tcp-report.css';
import { AccessControlDetail, type AccessControlDetailProps } from './access-control-detail.js';
import { attributes } from './attributes.js';
import styles from './access-control-detail.css';
import '../../core/i18n/namespaces/tcp-report.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * The accurate access control of one layer-4 rule: the IP and region lists in force, the connections they refused
 * over a rules §9 date range (UTC+8), and the addresses and regions refused most, with a link to the rule console
 * where the lists are edited (`ec-navigate`).
 *
 * @tag ec-access-control-detail
 * @summary One rule's accurate access control: lists in force, refusals over time, most refused addresses and regions.
 * @fires ec-navigate - The rule console link was activated; detail `{ route, params, path }`.
 * @csspart header - The rule's name and the link to its console.
 * @csspart lists - The lists in force.
 * @csspart toolbar - The filter bar.
 * @csspart figures - The headline figures.
 * @csspart chart - The refusals chart.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 */
export const AccessControlDetailElement = defineElement<AccessControlDetailProps>('ec-access-control-detail', AccessControlDetail, {
  namespace: 'tcp-report',
  uses: ['filters'],
  attributes,
  styles: `${FIGURES_STYLES}\n${tcpReportStyles}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-access-control-detail': EcElementOf<typeof attributes>;
  }
}
