/**
 * Per-instance store of `<ec-certificates>`: filters, sort, the current page and the counts by expiry state
 * (rules §3), and the polling of certificates still "applying" until the issuance job settles them (rules §4). It is
 * kept per host element, so moving the element (which unmounts React) keeps its filters and page.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  CERTIFICATE_APPLY_STATUSES,
  CERTIFICATE_EXPIRY_STATES,
  listCertificates,
  type CertificateApplyStatus,
  type CertificateExpiryState,
  type CertificateInfo,
  type CertificateListQuery,
  type CertificateSort,
} from '../../core/api/endpoints/certificates.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** How often the list is asked again while some certificate is applying. */
export const APPLYING_POLL_MS = 3000;

/** The list's state. */
export type CertificateListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; list: CertificateInfo[]; total: number; counts: Record<CertificateExpiryState, number> };

/** Filters; '' means all. */
export interface CertificateFilters {
  keyword: string;
  expiry: CertificateExpiryState | '';
  status: CertificateApplyStatus | '';
  sort: CertificateSort;
}

/** The sorts the list offers; the first is the default. */
export const CERTIFICATE_SORTS: readonly CertificateSort[] = ['due_asc', 'due_desc', 'created_desc'];

/** Creates a store; {@link certificatesStoreFor} gives each element its own. */
export function createCertificatesStore(pageSize?: number) {
  const state = signal<CertificateListState>({ status: 'loading' });
  const filters = signal<CertificateFilters>({ keyword: '', expiry: '', status: '', sort: CERTIFICATE_SORTS[0]! });
  const page = signal(1);
  const size = signal(pageSizeOrDefault(pageSize));
  const query = computed<CertificateListQuery>(() => ({
    page: page.value,
    per_page: size.value,
    keyword: filters.value.keyword || undefined,
    expiry_state: filters.value.expiry || undefined,
    apply_status: filters.value.status || undefined,
    sort: filters.value.sort,
  }));
  const applying = computed(() => state.value.status === 'ready' && state.value.list.some((row) => row.apply_status === 'applying'));
  /** The bookmarkable view (core/ui/view-state.ts): filters, sort, page and page size that differ from the defaults. */
  const viewState = computed(() =>
    viewStateText(
      {
        search: filters.value.keyword,
        expiry: filters.value.expiry,
        status: filters.value.status,
        sort: filters.value.sort,
        page: page.value,
        size: size.value,
      },
      { sort: CERTIFICATE_SORTS[0], page: 1, size: pageSizeOrDefault(pageSize) },
    ),
  );
  let appliedPageSize = pageSize;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function load(client: ApiClient, options: { quiet?: boolean } = {}): Promise<void> {
    const mine = ++generation;
    if (!options.quiet && state.value.status !== 'ready') state.value = { status: 'loading' };
    try {
      const answer = await listCertificates(client, query.value);
      if (mine !== generation) return;
      state.value = { status: 'ready', list: answer.list, total: answer.total, counts: answer.counts };
    } catch {
      if (mine === generation && !options.quiet) state.value = { status: 'error' };
    }
  }

  return {
    state,
    viewState,
    filters,
    page,
    size,
    query,
    applying,
    load,
    setFilter<K extends keyof CertificateFilters>(name: K, value: CertificateFilters[K]): void {
      filters.value = { ...filters.value, [name]: value };
      page.value = 1;
    },
    setPage(next: number, nextSize: number): void {
      page.value = next;
      size.value = pageSizeOrDefault(nextSize);
    },
    /**
     * Starts from a bookmarked view (the `view-state` attribute). Values that are not allowed stay at their defaults:
     * the address is the reader's to edit.
     */
    restoreViewState(text: string | undefined): void {
      if (!text) return;
      const params = new URLSearchParams(text);
      const expiry = params.get('expiry') ?? '';
      const status = params.get('status') ?? '';
      const sort = params.get('sort') ?? '';
      const wanted = Number(params.get('page'));
      batch(() => {
        filters.value = {
          keyword: params.get('search') ?? '',
          expiry: (CERTIFICATE_EXPIRY_STATES as readonly string[]).includes(expiry) ? (expiry as CertificateExpiryState) : '',
          status: (CERTIFICATE_APPLY_STATUSES as readonly string[]).includes(status) ? (status as CertificateApplyStatus) : '',
          sort: CERTIFICATE_SORTS.find((known) => known === sort) ?? CERTIFICATE_SORTS[0]!,
        };
        if (params.has('size')) size.value = pageSizeOrDefault(Number(params.get('size')));
        page.value = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : 1;
      });
    },
    /** Applies a changed `page-size` attribute, from page 1; the size it started with (or a bookmarked one) stays. */
    applyPageSize(value: number | undefined): void {
      if (value === appliedPageSize) return;
      appliedPageSize = value;
      page.value = 1;
      size.value = pageSizeOrDefault(value);
    },
    /** Asks again every few seconds while a certificate is applying; stops by itself once none is. */
    poll(client: ApiClient): void {
      clearTimeout(timer);
      if (!applying.value) return;
      timer = setTimeout(() => void load(client, { quiet: true }).then(() => this.poll(client)), APPLYING_POLL_MS);
    },
    stopPolling(): void {
      clearTimeout(timer);
    },
  };
}

/** The store type. */
export type CertificatesStore = ReturnType<typeof createCertificatesStore>;

const stores = instanceStores<CertificatesStore>();

/** The store of one element instance. */
export function certificatesStoreFor(host: HTMLElement, settings: { pageSize?: number; viewState?: string }): CertificatesStore {
  return stores(host, () => {
    const store = createCertificatesStore(settings.pageSize);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
