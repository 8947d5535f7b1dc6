/**
 * Per-instance store of `<ec-certificates>`: filters, sort, the current page and the counts by expiry state
 * (rules §3), and the polling of certificates still "applying" until the issuance job settles them (rules §4). It is
 * kept per host element, so moving the element (which unmounts React) keeps its filters and page.
 */
import { computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  listCertificates,
  type CertificateApplyStatus,
  type CertificateExpiryState,
  type CertificateInfo,
  type CertificateListQuery,
  type CertificateSort,
} from '../../core/api/endpoints/certificates.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

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

/** Creates a store; {@link certificatesStoreFor} gives each element its own. */
export function createCertificatesStore(pageSize?: number) {
  const state = signal<CertificateListState>({ status: 'loading' });
  const filters = signal<CertificateFilters>({ keyword: '', expiry: '', status: '', sort: 'due_asc' });
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
    applyPageSize(value: number | undefined): void {
      if (value !== undefined) size.value = pageSizeOrDefault(value);
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
export function certificatesStoreFor(host: HTMLElement, pageSize?: number): CertificatesStore {
  return stores(host, () => createCertificatesStore(pageSize));
}
