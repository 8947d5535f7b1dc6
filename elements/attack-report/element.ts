import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import { AttackReport, type AttackReportProps } from './attack-report.js';
import { attributes } from './attributes.js';
import styles from './attack-report.css';
import '../../core/i18n/namespaces/attack-report.js';
import '../../core/i18n/namespaces/filters.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The WAF and CC attack reports over the security lines the edge recorded: figures first (attacks, blocked,
 * challenged, observed, source addresses, the busiest interval), then the series per action over Beijing-time
 * buckets, the map of where requests came from (world ↔ China) and the attack types or actions, then the rankings
 * (rules, targeted URLs, source addresses, websites, regions). Every point, slice, region and row drills down to
 * log retrieval filtered to it over the same range (`ec-navigate`), a rule row to the rule's detail. Filters: rules
 * §9 date range in UTC+8, websites, auto refresh. A package without the full attack reports (rules §6) sees the
 * figures and the series with the upgrade prompt (shell §8).
 *
 * With `type="firewall"` or `type="package"` it is the firewall block list (shell §7 `firewall.report.block.list`
 * and details): the blocked requests' figures and series, then per policy its rule ID, rule set, action, blocks, last
 * blocked and top targets, each opening the policy's blocked requests (time, client IP, region, website, URL), paged
 * up to the rules §9 detail list limit.
 *
 * @tag ec-attack-report
 * @summary WAF and CC attack reports with drill-down to the logs, and a rule's detail; the firewall block lists.
 * @fires ec-navigate - A point, slice, region or row was activated; detail `{ route, params, path, query }` (log retrieval filtered to it, or a rule's detail page).
 * @fires ec-view-state - The rule whose detail (block lists: the policy whose blocked requests) is open inside the report changed; detail `{ state }` (`rule=…` or `policy=…`, '' for the report).
 * @csspart header - A rule detail's name and the way back to the report.
 * @csspart toolbar - The filter bar.
 * @csspart figures - The headline figures.
 * @csspart plan-notice - The prompt of a package without the full attack reports.
 * @csspart chart - Each chart.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of the map.
 * @csspart ranking - Each ranking table (block lists: the policies and a policy's blocked requests).
 * @csspart pagination - The pager of the block lists (shell §9 sizes).
 * @csspart drill-link - The link of a ranking row.
 * @csspart refresh - The "refresh now" button beside the auto refresh choice.
 * @csspart figure-link - A headline figure that opens its report or list.
 */
export const AttackReportElement = defineElement<AttackReportProps>('ec-attack-report', AttackReport, {
  namespace: 'attack-report',
  uses: ['filters', 'rules'],
  attributes,
  styles: `${FIGURES_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-attack-report': EcElementOf<typeof attributes>;
  }
}
