import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { FIGURES_STYLES } from '../../core/ui/parts/figures.js';
import styles from '../bot-shared/bot-pages.css';
import { attributes } from './attributes.js';
import { BotDetail, type BotDetailProps } from './bot-detail.js';
import '../../core/i18n/namespaces/bot-report.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * One bot's page of the bot report (rules §6 bot analytics, flagship plans and above): a known bot of the catalogue
 * with its verified requests and those spoofing it, or an unknown bot signature (a user agent or a TLS fingerprint)
 * with why it counts as a bot; requests over time, paths, addresses and countries. Filters: rules §9 date range in
 * UTC+8, website, auto refresh. Chart selections and address rows open log retrieval through `ec-navigate`; a plan
 * without bot analytics shows the upgrade or work-order prompt (shell §8).
 *
 * @tag ec-bot-detail
 * @summary A known bot's or an unknown bot signature's requests, paths, addresses and countries, plan-gated.
 * @fires ec-navigate - A chart selection or an address row (log retrieval), or the plan prompt's link; detail `{ route, params, query, path }`.
 * @fires ec-error - A report call failed; detail `{ code, message, requestId }`.
 * @csspart facts - Who the bot is (known) or its signature and reasons (unknown).
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
export const BotDetailElement = defineElement<BotDetailProps>('ec-bot-detail', BotDetail, {
  namespace: 'bot-report',
  uses: ['filters', 'rules'],
  attributes,
  styles: `${FIGURES_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-bot-detail': EcElementOf<typeof attributes>;
  }
}
