import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { OperationLog, type OperationLogProps } from './operation-log.js';
import styles from './operation-log.css';
import '../../core/i18n/namespaces/operation-log.js';
import '../../core/i18n/namespaces/filters.js';

/**
 * The operation log: who did what and when (time in UTC+8, rules §9), in which area, with which action, on which
 * object and from which IP. Filters: time range (rules §9 date ranges), area, action, operator and object. Each entry
 * opens its before/after values as a diff with nested fields flattened to dotted paths.
 *
 * @tag ec-operation-log
 * @summary Operation log with filters, paging and a before/after diff of each entry.
 * @fires ec-operation-log-filtered - The user changed a filter; detail `{ filter }`, the list call's filter without paging.
 * @fires ec-view-state - The filters, range, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - The filters and the refresh button.
 * @csspart table - The log table.
 * @csspart pagination - The pager, shown when there are more entries than the smallest page size.
 * @csspart empty-state - Shown when no entry matches the filters.
 * @csspart dialog - The changes dialog of an entry.
 * @csspart diff - The before/after table in the changes dialog.
 * @csspart log-lines-link - An entry's link to the edge log lines it explains (a WAF rule's or rule set's hits, a purged URL's requests), via `ec-navigate`.
 */
export const OperationLogElement = defineElement<OperationLogProps>('ec-operation-log', OperationLog, {
  namespace: 'operation-log',
  uses: ['filters'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-operation-log': EcElementOf<typeof attributes>;
  }
}
