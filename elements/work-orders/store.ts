/**
 * Per-instance store of `<ec-work-orders>`: one page of tickets, or one ticket (shell §6 work orders).
 */
import { signal } from '@preact/signals-react';
import { ApiError, NOT_FOUND_CODE } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import { closeWorkOrder, getWorkOrder, listWorkOrders, type WorkOrder } from '../../core/api/endpoints/work-orders.js';

/** A loaded value, or where loading stands; `not-found` for a ticket that does not exist (a stale link). */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'not-found' } | { status: 'ready'; value: T };

/** Creates the store. */
export function createWorkOrdersStore(client: ApiClient) {
  const list = signal<Loaded<ListAnswer<WorkOrder>>>({ status: 'loading' });
  const detail = signal<Loaded<WorkOrder>>({ status: 'loading' });
  const page = signal({ page: 1, perPage: 10 });

  async function loadList(): Promise<void> {
    list.value = { status: 'loading' };
    try {
      list.value = { status: 'ready', value: await listWorkOrders(client, { page: page.value.page, per_page: page.value.perPage }) };
    } catch {
      list.value = { status: 'error' };
    }
  }
  async function loadDetail(id: number): Promise<void> {
    detail.value = { status: 'loading' };
    try {
      // The page says what went wrong itself (not found, or the error state with a retry): no notice on top of it.
      detail.value = { status: 'ready', value: await getWorkOrder(client, id, { notify: false }) };
    } catch (error) {
      // A ticket that is not there (or not the caller's) is no load failure that a retry could mend (issue 29 sweep).
      detail.value = error instanceof ApiError && error.code === NOT_FOUND_CODE ? { status: 'not-found' } : { status: 'error' };
    }
  }
  async function close(id: number): Promise<WorkOrder> {
    const closed = await closeWorkOrder(client, id);
    detail.value = { status: 'ready', value: closed };
    return closed;
  }
  return { list, detail, page, loadList, loadDetail, close };
}

/** The store type. */
export type WorkOrdersStore = ReturnType<typeof createWorkOrdersStore>;
