import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import styles from '../bot-shared/bot-pages.css';
import { attributes } from './attributes.js';
import { BotReport, type BotReportProps } from './bot-report.js';
import '../../core/i18n/namespaces/bot-report.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * The bot report over the lines the edge logged (rules §6 bot analytics, flagship plans and above): requests of
 * people, known bots (a catalogue of search engines, social previews and monitors, each verified by its vendor's
 * reverse DNS) and unknown bots (automation tools, headless browsers, scanners, tool fingerprints, request rate,
 * crawlers spoofing a known bot) over the range, by category and region, with the known bots and unknown signatures
 * ranked. Filters: rules §9 date range in UTC+8, website, auto refresh. Rows open a bot's detail page and chart
 * selections open log retrieval, both through `ec-navigate`. A plan without bot analytics shows the upgrade or
 * work-order prompt (shell §8).
 *
 * @tag ec-bot-report
 * @summary Known and unknown bot traffic: series, categories, regions and rankings, plan-gated.
 * @fires ec-navigate - A ranking row (a bot's detail), a chart selection (log retrieval with the bot's expression), or the plan prompt's link; detail `{ route, params, query, path }`.
 * @fires ec-error - A report call failed; detail `{ code, message, requestId }`.
 * @csspart toolbar - The filter bar.
 * @csspart figures - The headline figures.
 * @csspart chart - Each chart.
 * @csspart chart-export - The CSV and PNG export buttons of a chart.
 * @csspart chart-table-toggle - The button that shows or hides a chart's data table.
 * @csspart chart-map-toggle - The world/China switch of the map.
 * @csspart ranking - Each ranking table.
 * @csspart plan-notice - The prompt shown when the plan has no bot analytics.
 * @csspart plan-notice-text - The reason inside that prompt, with the upgrade or work-order link.
 * @csspart refresh - The "refresh now" button beside the auto refresh choice.
 * @csspart figure-link - A headline figure that opens its report or list.
 */
export const BotReportElement = defineElement<BotReportProps>('ec-bot-report', BotReport, {
  namespace: 'bot-report',
  uses: ['filters', 'rules'],
  attributes,
  styles: `${FIGURES_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-bot-report': EcElementOf<typeof attributes>;
  }
}
