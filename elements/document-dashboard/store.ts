/**
 * Per-instance store of `<ec-document-dashboard>`: every article's title and summary, and the search with its page
 * (the bookmarkable view: `q`, `page`).
 */
import { computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { listDocuments, searchDocuments, type DocumentSearchHit, type DocumentSummary } from '../../core/api/endpoints/documents.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { Language } from '../../core/i18n/language.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** A loaded value, or where loading stands. */
export type Loaded<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/** Results per page of the search. */
export const SEARCH_PAGE_SIZE = 10;

function createStore(client: ApiClient, language: Language, viewState: string | undefined) {
  const start = new URLSearchParams(viewState ?? '');
  const list = signal<Loaded<ListAnswer<DocumentSummary>>>({ status: 'idle' });
  const results = signal<Loaded<ListAnswer<DocumentSearchHit>>>({ status: 'idle' });
  const query = signal(start.get('q')?.trim() ?? '');
  const page = signal(Math.max(1, Number.parseInt(start.get('page') ?? '1', 10) || 1));
  const viewStateNow = computed(() => viewStateText({ q: query.value, page: query.value ? page.value : 1 }, { q: '', page: 1 }));
  let searchRun = 0;

  async function loadList(): Promise<void> {
    list.value = { status: 'loading' };
    try {
      list.value = { status: 'ready', value: await listDocuments(client, language) };
    } catch {
      list.value = { status: 'error' };
    }
  }

  /** Runs the current search; an answer that arrives after a newer search started is dropped. */
  async function runSearch(): Promise<void> {
    const run = ++searchRun;
    if (query.value === '') {
      results.value = { status: 'idle' };
      return;
    }
    results.value = { status: 'loading' };
    try {
      const value = await searchDocuments(client, { q: query.value, page: page.value, per_page: SEARCH_PAGE_SIZE }, language);
      if (run === searchRun) results.value = { status: 'ready', value };
    } catch {
      if (run === searchRun) results.value = { status: 'error' };
    }
  }

  function search(text: string): void {
    query.value = text;
    page.value = 1;
    void runSearch();
  }

  function goToPage(next: number): void {
    page.value = next;
    void runSearch();
  }

  return { list, results, query, page, viewState: viewStateNow, loadList, runSearch, search, goToPage };
}

/** The store type. */
export type DocumentDashboardStore = ReturnType<typeof createStore>;

const stores = instanceStores<DocumentDashboardStore>();

/** The store of one element instance (kept across r2wc remounts; a new client or language makes a new one). */
export function documentDashboardStoreFor(host: HTMLElement, client: ApiClient, language: Language, viewState: string | undefined): DocumentDashboardStore {
  return stores(host, () => createStore(client, language, viewState), `${language}:${client.base}`);
}
