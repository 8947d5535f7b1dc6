import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { WorkOrders, type WorkOrdersProps } from './work-orders.js';
import styles from './work-orders.css';
import '../../core/i18n/namespaces/work-orders.js';
import '../../core/i18n/namespaces/rules.js';
import './events.js';

/**
 * Work orders (shell §6: where the plan notice points users outside the online edition): the caller's tickets, a
 * form to open one (prefilled with the refused feature), and one ticket with its answer; a ticket can be closed.
 *
 * @tag ec-work-orders
 * @summary Work orders: list, create (prefilled from a plan notice) and detail.
 * @fires ec-work-order-created - A ticket was opened; `detail.workOrder` is the stored ticket.
 * @fires ec-navigate - Asks the host for another work-order page (list, form, detail).
 * @csspart toolbar - The list's toolbar with the create link.
 * @csspart table - The ticket table.
 * @csspart form - The ticket form.
 * @csspart detail - One ticket.
 */
export const WorkOrdersElement = defineElement<WorkOrdersProps>('ec-work-orders', WorkOrders, {
  namespace: 'work-orders',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-work-orders': EcElementOf<typeof attributes>;
  }
}
