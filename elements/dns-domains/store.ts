/**
 * Per-instance store of `<ec-dns-domains>`: the domain list with its filters, its page (remembered in
 * sessionStorage, shell §2 "domainList remembers page") and selection; the domain groups (rules §3 DNS website group);
 * and the statistics. Kept per host element, so moving the element keeps what the user chose.
 */
import { batch, signal } from '@preact/signals-react';
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
import type { DnsStatus } from '../../core/rules/dns.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { createPagedList } from '../../core/ui/paged-list.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Domain list filters; '' or null means all. */
export interface DomainFilters {
  keyword: string;
  groupId: number | null;
  status: DnsStatus | '';
  accessStatus: DnsAccessStatus | '';
}

/** The page a list remembers. */
interface RememberedPage {
  page: number;
  size: number;
}

/** The statistics page's state. */
export type StatisticsState = { status: 'loading' } | { status: 'denied' } | { status: 'error' } | { status: 'ready'; data: DnsStatistics };

/** The sessionStorage key of an instance's remembered page (`instance`: the host's id, or `default`). */
export function pageStorageKey(instance: string): string {
  return `ec.dns-domains.page.${instance}`;
}

function readPage(key: string): RememberedPage | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key) ?? 'null') as RememberedPage | null;
    return parsed && Number.isSafeInteger(parsed.page) && parsed.page > 0 ? { page: parsed.page, size: pageSizeOrDefault(parsed.size) } : null;
  } catch {
    return null;
  }
}

function writePage(key: string, page: RememberedPage): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(page));
  } catch {
    // Without storage the list simply starts on page 1 next time.
  }
}

/** Creates the store of one element. */
export function createDnsDomainsStore(client: ApiClient, instance: string, pageSize?: number) {
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
  const remembered = readPage(storageKey);
  if (remembered) {
    batch(() => {
      domains.size.value = remembered.size;
      domains.page.value = remembered.page;
    });
  }
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
    writePage(storageKey, { page: domains.page.value, size: domains.size.value });
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
export function dnsDomainsStoreFor(host: HTMLElement, client: ApiClient, pageSize?: number): DnsDomainsStore {
  return stores(host, () => createDnsDomainsStore(client, host.id || 'default', pageSize), client);
}
