/**
 * Work orders (shell §6 "a work-order page otherwise"): a simple ticket stored by the reference server. The spec
 * shows no calls, so they follow the house style:
 * - `GET V4/workorder.ticket.list?page=&per_page=&status=` answers `{ list, total }`, newest first;
 * - `GET V4/workorder.ticket.get?id=`; `POST V4/workorder.ticket.create`; `POST V4/workorder.ticket.close {id}`.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { GatedFeature } from '../../config/plan-gates.js';
import type { WorkOrderCategory } from '../../rules/work-orders.js';
import type { ListAnswer } from './platform.js';

/** Ticket states: open until the provider answers, closed by the user. */
export const WORK_ORDER_STATUSES = ['open', 'answered', 'closed'] as const;
/** A ticket state. */
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** One ticket. */
export interface WorkOrder {
  id: number;
  title: string;
  category: WorkOrderCategory;
  description: string;
  contact: string;
  /** The plan-gated feature whose notice the ticket was opened from; null otherwise. */
  feature: GatedFeature | null;
  status: WorkOrderStatus;
  /** The provider's answer; empty until answered. */
  answer: string;
  /** A child's user_name or the parent's e-mail. */
  creator: string;
  created_at: string;
  updated_at: string;
}

/** Body of `V4/workorder.ticket.create`. */
export interface WorkOrderCreate {
  title: string;
  category: WorkOrderCategory;
  description: string;
  contact: string;
  feature?: GatedFeature | null;
}

/** Query of the list. */
export interface WorkOrderQuery {
  page: number;
  per_page: number;
  status?: WorkOrderStatus;
}

/** The caller's tickets, one page. */
export function listWorkOrders(client: ApiClient, query: WorkOrderQuery): Promise<ListAnswer<WorkOrder>> {
  return client.get('V4/workorder.ticket.list', { ...query });
}

/** One ticket. */
export function getWorkOrder(client: ApiClient, id: number, options?: CallOptions): Promise<WorkOrder> {
  return client.get('V4/workorder.ticket.get', { id }, options);
}

/** Opens a ticket. */
export function createWorkOrder(client: ApiClient, body: WorkOrderCreate, options?: { notify?: boolean }): Promise<WorkOrder> {
  return client.post('V4/workorder.ticket.create', body, options);
}

/** Closes a ticket. */
export function closeWorkOrder(client: ApiClient, id: number): Promise<WorkOrder> {
  return client.post('V4/workorder.ticket.close', { id });
}
