/**
 * Per-instance store of `<ec-acceleration-policy>`: one page of a template list (acceleration or configuration
 * templates) with its name search, and whether the caller may change templates (the server's `editable`, rules §6).
 * The paging itself is core/ui/paged-list.ts.
 * The forms keep their own drafts; only what must survive a re-render of the element lives here.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import type { AccelerationTemplateQuery, TemplateListAnswer } from '../../core/api/endpoints/acceleration-policy.js';
import { DEFAULT_PAGE_SIZE } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { createPagedList } from '../../core/ui/paged-list.js';

/** Creates a list store over `fetchPage`: core's one paged list, with the name search and the server's `editable`. */
export function createTemplateListStore<T>(fetchPage: (client: ApiClient, query: AccelerationTemplateQuery) => Promise<TemplateListAnswer<T>>, pageSize = DEFAULT_PAGE_SIZE) {
  const search = signal('');
  /** The client of the element whose list loads (set by each load; one element, one client). */
  let client: ApiClient | null = null;
  const list = createPagedList<T, { editable: boolean }>(async (page, perPage) => {
    const answer = await fetchPage(client!, { page, per_page: perPage, name: search.value || undefined });
    return { list: answer.list, total: answer.total, extra: { editable: answer.editable } };
  }, pageSize);
  /** Whether the caller may change templates; null until the first page answered. */
  const editable = computed(() => (list.state.value.status === 'ready' ? list.state.value.extra.editable : null));
  const query = computed((): AccelerationTemplateQuery => ({ page: list.page.value, per_page: list.size.value, name: search.value || undefined }));

  /** Loads the current page; a later load wins over an earlier one still running. */
  function load(forClient: ApiClient): Promise<void> {
    client = forClient;
    return list.load();
  }

  function setSearch(text: string): void {
    batch(() => {
      search.value = text;
      list.page.value = 1;
    });
  }

  return { state: list.state, busy: list.busy, search, page: list.page, size: list.size, editable, query, load, setSearch, setPage: list.setPage };
}

/** A list store. */
export type TemplateListStore<T> = ReturnType<typeof createTemplateListStore<T>>;

const stores = instanceStores<Map<string, unknown>>();

/** The list store named `key` of one element, created on first use (an element shows one list at a time). */
export function templateListStoreFor<T>(
  host: HTMLElement,
  key: string,
  fetchPage: (client: ApiClient, query: AccelerationTemplateQuery) => Promise<TemplateListAnswer<T>>,
  pageSize?: number,
): TemplateListStore<T> {
  const byKey = stores(host, () => new Map<string, unknown>());
  let store = byKey.get(key) as TemplateListStore<T> | undefined;
  if (!store) {
    store = createTemplateListStore(fetchPage, pageSize);
    byKey.set(key, store);
  }
  return store;
}
