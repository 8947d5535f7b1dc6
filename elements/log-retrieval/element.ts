import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { LogRetrieval, type LogRetrievalProps } from './log-retrieval.js';
import styles from './log-retrieval.css';
import '../../core/i18n/namespaces/log-retrieval.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/filters.js';
import '../../core/i18n/namespaces/log-fields.js';

/**
 * Log retrieval (rules §2): the access, WAF, CC and granular access control logs of the websites the caller may read,
 * searched by time range (rules §9 ranges, times in UTC+8), conditional filters (domains ≤ 1000, status, region,
 * client IP or CIDR, method, URL prefix, rule ID, action) and an advanced search expression with autocomplete and
 * inline syntax errors. The newest 500 lines show with the total; each opens a drawer with every field and "search
 * lines with this value". Auto refresh (30 s to 15 min) pauses while the page is hidden. Saved queries (name 4-50,
 * description, statement) are listed, run, changed and deleted.
 *
 * @tag ec-log-retrieval
 * @summary Edge log search with filters, an expression language, a detail drawer, auto refresh and saved queries.
 * @fires ec-logs-searched - A search answered; detail `{ query, total }`, the query sent and how many lines matched.
 * @fires ec-saved-query-saved - A saved query was created or changed; detail `{ query }`.
 * @fires ec-saved-queries-deleted - Saved queries were deleted; detail `{ ids }`.
 * @fires ec-view-state - The tab, range, filters or expression of the last search changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart tabs - The log type tabs.
 * @csspart toolbar - The time range, auto refresh and the refresh and saved query buttons.
 * @csspart filters - The conditional filters.
 * @csspart filter - One filter of a fixed list (method, action).
 * @csspart expression - The advanced search input with its suggestions.
 * @csspart suggestions - The autocomplete list of the advanced search.
 * @csspart expression-error - The syntax error of the expression, with a caret under the wrong part.
 * @csspart expression-help - The help on the expression language.
 * @csspart total - How many lines are shown of how many matched.
 * @csspart table - The log lines.
 * @csspart empty-state - Shown when no line matches.
 * @csspart detail - The drawer with every field of one line.
 * @csspart saved-queries - The saved query list.
 * @csspart dialog - The save query dialog.
 * @csspart refresh - The "refresh now" button beside the auto refresh choice.
 */
export const LogRetrievalElement = defineElement<LogRetrievalProps>('ec-log-retrieval', LogRetrieval, {
  namespace: 'log-retrieval',
  uses: ['rules', 'log-fields', 'filters'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-log-retrieval': EcElementOf<typeof attributes>;
  }
}
