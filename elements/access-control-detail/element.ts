import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import tcpReportStyles from '../tcp-report/tcp-report.css';
import attackReportStyles from '../attack-report/attack-report.css';
import { AccessControlDetail, type AccessControlDetailProps } from './access-control-detail.js';
import { attributes } from './attributes.js';
import styles from './access-control-detail.css';
import '../../core/i18n/namespaces/tcp-report.js';
import '../../core/i18n/namespaces/filters.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/attack-report.js';

/**
 * The accurate access control of one rule. `protocol="tcp"`: a layer-4 rule's IP and region lists in force, the
 * connections they refused over a rules §9 date range (UTC+8), and the addresses and regions refused most, with a
 * link to the rule console where the lists are edited (`ec-navigate`). `protocol="http"`: a website rule of the
 * custom rule sets: its hits per action over time, regions, actions, targeted URLs, source addresses and websites,
 * each drilling down to log retrieval (`ec-navigate`); a package without the full attack reports (rules §6) gets the
 * upgrade prompt (shell §8).
 *
 * @tag ec-access-control-detail
 * @summary One rule's accurate access control: lists in force, refusals over time, most refused addresses and regions.
 * @fires ec-navigate - The rule console link (tcp), or a point, slice, region or row (http: log retrieval filtered to it) was activated; detail `{ route, params, path, query }`.
 * @csspart header - The rule's name and the link to its console.
 * @csspart lists - The lists in force.
 * @csspart toolbar - The filter bar.
 * @csspart figures - The headline figures.
 * @csspart chart - The refusals chart.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map.
 * @csspart plan-notice - The prompt of a package without the full attack reports (http).
 * @csspart ranking - Each ranking table (http).
 * @csspart drill-link - The link of a ranking row (http).
 * @csspart refresh - The "refresh now" button beside the auto refresh choice.
 * @csspart figure-link - A headline figure that opens its report or list.
 */
export const AccessControlDetailElement = defineElement<AccessControlDetailProps>('ec-access-control-detail', AccessControlDetail, {
  namespace: 'tcp-report',
  // `attack-report` is loaded by the http view when it first renders (useT), not before a layer-4 page shows.
  uses: ['filters', 'attack-report', 'rules'],
  attributes,
  styles: `${FIGURES_STYLES}\n${tcpReportStyles}\n${attackReportStyles}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-access-control-detail': EcElementOf<typeof attributes>;
  }
}
