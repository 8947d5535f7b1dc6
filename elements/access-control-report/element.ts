import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import styles from '../attack-report/attack-report.css';
import { AccessControlReport, type AccessControlReportProps } from './access-control-report.js';
import { attributes } from './attributes.js';
import '../../core/i18n/namespaces/attack-report.js';
import '../../core/i18n/namespaces/filters.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * HTTP precise access control: what the custom rule sets of the websites did to requests over a rules §9 date range
 * (UTC+8): figures first (rule hits, blocked, challenged, observed, source addresses, the busiest interval), then
 * the hits per action over time, the map of where they came from (world ↔ China) and the actions, then the rules
 * that acted most (each opening its detail page), the targeted URLs, source addresses, websites and regions, each
 * row opening log retrieval filtered to it (`ec-navigate`). A package without the full attack reports (rules §6)
 * sees the figures and the series with the upgrade prompt (shell §8).
 *
 * @tag ec-access-control-report
 * @summary HTTP precise access control report: rule hits, actions, regions and rankings with drill-down.
 * @fires ec-navigate - A point, slice, region or row was activated; detail `{ route, params, path, query }` (log retrieval filtered to it, or a rule's detail page).
 * @csspart header - A rule detail's title (the detail parts are shared with `<ec-attack-report>`; this report shows none).
 * @csspart toolbar - The filter bar.
 * @csspart figures - The headline figures.
 * @csspart plan-notice - The prompt of a package without the full attack reports.
 * @csspart chart - Each chart.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of the map.
 * @csspart ranking - Each ranking table.
 * @csspart drill-link - The link of a ranking row.
 * @csspart refresh - The "refresh now" button beside the auto refresh choice.
 * @csspart figure-link - A headline figure that opens its report or list.
 */
export const AccessControlReportElement = defineElement<AccessControlReportProps>('ec-access-control-report', AccessControlReport, {
  namespace: 'attack-report',
  uses: ['filters', 'rules'],
  attributes,
  styles: `${FIGURES_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-access-control-report': EcElementOf<typeof attributes>;
  }
}
