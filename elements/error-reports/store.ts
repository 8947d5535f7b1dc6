/**
 * Per-instance store of `<ec-error-reports>`: the filters (element, failure kind) and the current page of reports.
 * It is kept per host element, so moving the element (which unmounts React) keeps what the user chose.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { listErrorReports, type ErrorReportEntry, type ErrorReportQuery } from '../../core/api/endpoints/error-reports.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { createPagedList, type PagedState } from '../../core/ui/paged-list.js';

/** The list's state: the first load, a refusal, a failed load, or a page of reports (core/ui/paged-list.ts). */
export type ErrorReportsState = PagedState<ErrorReportEntry>;

/** The filters; '' means all. */
export interface ErrorReportsFilters {
  /** An element tag, matched exactly by the server. */
  source: string;
  /** A failure kind. */
  kind: string;
}

/** The filter part of the list call (the query without paging). */
export type ErrorReportsFilter = Omit<ErrorReportQuery, 'page' | 'per_page'>;

/** Attributes the store starts from. */
export interface ErrorReportsSettings {
  /** Element tag the element filter starts with (the `source` attribute). */
  source?: string;
  /** Rows per page (the `page-size` attribute); anything but 10/20/50/100 gives 10 (shell §9). */
  pageSize?: number;
}

/** An element filter as the server matches it: tags are lower case, and a pasted tag often carries spaces. */
export function normalizedSource(text: string | undefined): string {
  return (text ?? '').trim().toLowerCase();
}

/** Creates a store; {@link errorReportsStoreFor} gives each element its own. */
export function createErrorReportsStore(settings: ErrorReportsSettings = {}) {
  const filters = signal<ErrorReportsFilters>({ source: normalizedSource(settings.source), kind: '' });
  // The client of the last load: the shared paged list fetches with it.
  let client: ApiClient | null = null;
  const paged = createPagedList<ErrorReportEntry>((page, perPage) => listErrorReports(client!, { ...filter.value, page, per_page: perPage }), settings.pageSize);
  const { state, page, busy, setPage } = paged;
  const pageSize = paged.size;

  const filter = computed<ErrorReportsFilter>(() => ({
    source: filters.value.source || undefined,
    kind: filters.value.kind || undefined,
  }));
  const query = computed<ErrorReportQuery>(() => ({ page: page.value, per_page: pageSize.value, ...filter.value }));
  /** A filter narrows the list, so an empty page means "nothing matches" rather than "nothing was reported". */
  const filtered = computed(() => filters.value.source !== '' || filters.value.kind !== '');

  /** Loads the current page with the current filters; rows already shown stay until the answer arrives. */
  function load(next: ApiClient): Promise<void> {
    client = next;
    return paged.load();
  }

  /** Changes a filter; back to page 1. */
  function setFilter(name: keyof ErrorReportsFilters, value: string): void {
    const next = name === 'source' ? normalizedSource(value) : value;
    if (filters.value[name] === next) return;
    batch(() => {
      filters.value = { ...filters.value, [name]: next };
      page.value = 1;
    });
  }

  // The attribute values last applied, so a re-mount (the element moved) does not reset what the user chose.
  let applied: ErrorReportsSettings = { ...settings };

  /** Applies changed attributes: a new `source` replaces the element filter, a new `page-size` goes back to page 1. */
  function applySettings(next: ErrorReportsSettings): void {
    if (next.source !== undefined && next.source !== applied.source) setFilter('source', next.source);
    if (next.pageSize !== undefined && next.pageSize !== applied.pageSize) setPage(1, next.pageSize);
    applied = { ...next };
  }

  return { state, filters, page, pageSize, busy, filter, query, filtered, load, setFilter, setPage, applySettings };
}

/** The store type. */
export type ErrorReportsStore = ReturnType<typeof createErrorReportsStore>;

const stores = instanceStores<ErrorReportsStore>();

/** The store of one element, created on first use with the element's attributes. */
export function errorReportsStoreFor(host: HTMLElement, settings: ErrorReportsSettings): ErrorReportsStore {
  return stores(host, () => createErrorReportsStore(settings));
}
