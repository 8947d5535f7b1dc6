/**
 * Per-instance store of `<ec-acceleration-policy>`: one page of a template list (acceleration or configuration
 * templates) with its name search, and whether the caller may change templates (the server's `editable`, rules §6).
 * The forms keep their own drafts; only what must survive a re-render of the element lives here.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import type { AccelerationTemplateQuery, TemplateListAnswer } from '../../core/api/endpoints/acceleration-policy.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** A list: first load, failed load, or a page. */
export type ListState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: T[]; total: number };

/** Creates a list store over `fetchPage`. */
export function createTemplateListStore<T>(fetchPage: (client: ApiClient, query: AccelerationTemplateQuery) => Promise<TemplateListAnswer<T>>, pageSize?: number) {
  const state = signal<ListState<T>>({ status: 'loading' });
  const busy = signal(false);
  const search = signal('');
  const page = signal(1);
  const size = signal(pageSizeOrDefault(pageSize));
  const editable = signal<boolean | null>(null);
  const query = computed((): AccelerationTemplateQuery => ({ page: page.value, per_page: size.value, name: search.value || undefined }));
  let generation = 0;

  /** Loads the current page; a later load wins over an earlier one still running. */
  async function load(client: ApiClient): Promise<void> {
    const current = ++generation;
    if (state.value.status === 'ready') busy.value = true;
    else state.value = { status: 'loading' };
    try {
      const answer = await fetchPage(client, query.value);
      if (current !== generation) return;
      if (answer.list.length === 0 && page.value > 1) {
        page.value = Math.max(1, Math.ceil(answer.total / size.value));
        return;
      }
      batch(() => {
        state.value = { status: 'ready', list: answer.list, total: answer.total };
        editable.value = answer.editable;
      });
    } catch {
      if (current === generation) state.value = { status: 'error' };
    } finally {
      if (current === generation) busy.value = false;
    }
  }

  function setSearch(text: string): void {
    batch(() => {
      search.value = text;
      page.value = 1;
    });
  }

  function setPage(next: number, nextSize: number = size.value): void {
    batch(() => {
      page.value = next;
      size.value = pageSizeOrDefault(nextSize);
    });
  }

  return { state, busy, search, page, size, editable, query, load, setSearch, setPage };
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
