/**
 * Per-instance store of `<ec-dns-domains>`: the domain list with its filters, search, page and page size (its view:
 * in the address through `view-state`, and remembered in sessionStorage, shell §2 "domainList remembers page") and
 * selection; the domain groups (rules §3 DNS website group); and the statistics. Kept per host element, so moving
 * the element keeps what the user chose.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import { ApiError, PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import { publishNotice } from '../../core/api/notices.js';
import {
  createDnsGroup,
  deleteDnsDomains,
  deleteDnsGroups,
  getDnsStatistics,
  listDnsDomains,
  listDnsGroups,
  setDnsDomainGroup,
  setDnsDomainStatus,
  updateDnsGroup,
  type DnsAccessStatus,
  type DnsDomain,
  type DnsGroup,
  type DnsGroupInput,
  type DnsStatistics,
} from '../../core/api/endpoints/dns.js';
import { DNS_STATUSES, type DnsStatus } from '../../core/rules/dns.js';
import { DNS_ACCESS_STATUSES } from '../../core/api/endpoints/dns.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { createPagedList } from '../../core/ui/paged-list.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** Domain list filters; '' or null means all. */
export interface DomainFilters {
  keyword: string;
  groupId: number | null;
  status: DnsStatus | '';
  accessStatus: DnsAccessStatus | '';
}

/** The statistics page's state. */
export type StatisticsState = { status: 'loading' } | { status: 'denied' } | { status: 'error' } | { status: 'ready'; data: DnsStatistics };

/**
 * The sessionStorage key of an instance's remembered view (`instance`: the host's id, or `default`); the value is
 * the list's view-state text (`page=2&size=20&status=disabled`).
 */
export function pageStorageKey(instance: string): string {
  return `ec.dns-domains.page.${instance}`;
}

function readRemembered(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeRemembered(key: string, state: string): void {
  try {
    if (state) sessionStorage.setItem(key, state);
    else sessionStorage.removeItem(key);
  } catch {
    // Without storage the list simply starts on page 1 next time.
  }
}

/**
 * Creates the store of one element. `viewState` is the bookmarked view (the `view-state` attribute): when it holds
 * anything it wins, the address being what the reader asked for; when it is empty (the host came back from a zone's
 * records, shell §2 "remembers page") the view remembered for this instance is taken up again.
 */
export function createDnsDomainsStore(client: ApiClient, instance: string, pageSize?: number, viewState = '') {
  const filters = signal<DomainFilters>({ keyword: '', groupId: null, status: '', accessStatus: '' });
  const domains = createPagedList<DnsDomain>(
    (page, perPage) =>
      listDnsDomains(
        client,
        {
          page,
          per_page: perPage,
          keyword: filters.value.keyword || undefined,
          group_id: filters.value.groupId ?? undefined,
          status: filters.value.status || undefined,
          access_status: filters.value.accessStatus || undefined,
        },
        { notify: false },
      ),
    pageSize,
  );
  const storageKey = pageStorageKey(instance);
  const defaultSize = pageSizeOrDefault(pageSize);
  /** The list's bookmarkable view (core/ui/view-state.ts): what differs from the defaults. */
  const listViewState = computed(() =>
    viewStateText(
      {
        search: filters.value.keyword,
        group: filters.value.groupId,
        status: filters.value.status,
        access: filters.value.accessStatus,
        page: domains.page.value,
        size: domains.size.value,
      },
      { page: 1, size: defaultSize },
    ),
  );
  /** Takes up a view's text; values that are not allowed stay at their defaults (the address is the reader's to edit). */
  function restoreViewState(text: string): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const group = params.get('group') ?? '';
    const status = params.get('status') ?? '';
    const access = params.get('access') ?? '';
    const page = Number(params.get('page'));
    batch(() => {
      filters.value = {
        keyword: params.get('search') ?? '',
        groupId: /^[1-9]\d{0,15}$/.test(group) ? Number(group) : null,
        status: (DNS_STATUSES as readonly string[]).includes(status) ? (status as DnsStatus) : '',
        accessStatus: (DNS_ACCESS_STATUSES as readonly string[]).includes(access) ? (access as DnsAccessStatus) : '',
      };
      if (params.has('size')) domains.size.value = pageSizeOrDefault(Number(params.get('size')));
      domains.page.value = Number.isSafeInteger(page) && page > 0 ? page : 1;
    });
  }
  /** The view the element started from, to tell the host when it differs (a remembered view the address lacks). */
  const startedFrom = viewState;
  restoreViewState(viewState || readRemembered(storageKey));
  // Every change of the view is remembered for the next visit of this instance (after the restore, so it keeps it).
  effect(() => writeRemembered(storageKey, listViewState.value));
  const selected = signal<ReadonlySet<number>>(new Set());

  const groupOptions = signal<DnsGroup[]>([]);
  const groupKeyword = signal('');
  const groups = createPagedList<DnsGroup>((page, perPage) => listDnsGroups(client, { page, per_page: perPage, keyword: groupKeyword.value || undefined }, { notify: false }), pageSize);

  const statistics = signal<StatisticsState>({ status: 'loading' });
  /** Domains the statistics page offers (the first 100, newest first). */
  const domainOptions = signal<DnsDomain[]>([]);
  const statisticsDomain = signal<number | null>(null);
  const statisticsDays = signal(7);

  /** Changes a filter; back to page 1, selection cleared. */
  function setFilter<Name extends keyof DomainFilters>(name: Name, value: DomainFilters[Name]): void {
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      domains.page.value = 1;
      selected.value = new Set();
    });
  }

  /** Goes to a page (remembered for the next visit); selection cleared. */
  function setPage(page: number, size: number): void {
    batch(() => {
      domains.setPage(page, size);
      selected.value = new Set();
    });
  }

  /** Loads the groups the filter and the move dialog offer (the first 100, by latest change). */
  async function loadGroupOptions(): Promise<void> {
    try {
      groupOptions.value = (await listDnsGroups(client, { page: 1, per_page: 100 }, { notify: false })).list;
    } catch {
      groupOptions.value = [];
    }
  }

  /** Loads the domains the statistics page offers. */
  async function loadDomainOptions(): Promise<void> {
    try {
      domainOptions.value = (await listDnsDomains(client, { page: 1, per_page: 100 }, { notify: false })).list;
    } catch {
      domainOptions.value = [];
    }
  }

  /** Loads the statistics for the chosen domain and days. */
  async function loadStatistics(): Promise<void> {
    statistics.value = { status: 'loading' };
    try {
      const data = await getDnsStatistics(client, { domain_id: statisticsDomain.value ?? undefined, days: statisticsDays.value }, { notify: false });
      statistics.value = { status: 'ready', data };
    } catch (error) {
      statistics.value = error instanceof ApiError && error.code === PERMISSION_DENIED_CODE ? { status: 'denied' } : { status: 'error' };
    }
  }

  /** Runs a change the API client reports errors of; on success says so, clears the selection and reloads. */
  async function change(action: () => Promise<unknown>, reload: () => Promise<void>): Promise<boolean> {
    try {
      await action();
    } catch {
      return false;
    }
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
    selected.value = new Set();
    await reload();
    return true;
  }

  /** Enables or disables domains. */
  const setStatus = (ids: number[], status: DnsStatus) => change(() => setDnsDomainStatus(client, { ids, status }), domains.load);
  /** Deletes domains with their records. */
  const removeDomains = (ids: number[]) => change(() => deleteDnsDomains(client, { ids }), domains.load);
  /** Moves domains into a group (null: out of any group). */
  /** Moves domains into a group (or out of any); throws the failure so the dialog shows it and stays open. */
  async function moveToGroup(ids: number[], groupId: number | null): Promise<void> {
    await setDnsDomainGroup(client, { ids, group_id: groupId }, { notify: false });
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
    selected.value = new Set();
    await domains.load();
  }
  /** Deletes groups; their domains stay, without a group. */
  const removeGroups = (ids: number[]) => change(() => deleteDnsGroups(client, { ids }), groups.load);

  /**
   * Creates a group (no `id`) or changes one; throws the refusal so the form can show it inline, reloads the groups
   * on success.
   */
  async function saveGroup(input: DnsGroupInput, id?: number): Promise<DnsGroup> {
    const saved = id === undefined ? await createDnsGroup(client, input, { notify: false }) : await updateDnsGroup(client, { id, ...input }, { notify: false });
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
    await Promise.all([groups.load(), loadGroupOptions()]);
    return saved;
  }

  return {
    filters,
    domains,
    listViewState,
    startedFrom,
    selected,
    groupOptions,
    groupKeyword,
    groups,
    statistics,
    domainOptions,
    statisticsDomain,
    statisticsDays,
    setFilter,
    setPage,
    loadGroupOptions,
    loadStatistics,
    loadDomainOptions,
    setStatus,
    removeDomains,
    moveToGroup,
    removeGroups,
    saveGroup,
  };
}

/** The store type. */
export type DnsDomainsStore = ReturnType<typeof createDnsDomainsStore>;

const stores = instanceStores<DnsDomainsStore>();

/** The store of one element, created on first use (and again when its API client changes). */
export function dnsDomainsStoreFor(host: HTMLElement, client: ApiClient, pageSize?: number, viewState?: string): DnsDomainsStore {
  return stores(host, () => createDnsDomainsStore(client, host.id || 'default', pageSize, viewState), client);
}
