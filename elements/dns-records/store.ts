/**
 * Per-instance store of `<ec-dns-records>`: a domain's records with their filters (search, type, line, status), the
 * page, the selection for bulk actions, and the record changes (rules §3 DNS "Domain record"). Kept per host element,
 * so moving the element keeps what the user chose.
 */
import { batch, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  createDnsRecord,
  deleteDnsRecords,
  exportDnsRecords,
  listDnsJobs,
  listDnsRecords,
  setDnsRecordStatus,
  updateDnsRecord,
  type DnsDomain,
  type DnsExportAnswer,
  type DnsJob,
  type DnsRecord,
  type DnsRecordFields,
} from '../../core/api/endpoints/dns.js';
import { publishNotice } from '../../core/api/notices.js';
import type { DnsStatus } from '../../core/rules/dns.js';
import { createPagedList } from '../../core/ui/paged-list.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Record filters; '' means all. */
export interface RecordFilters {
  keyword: string;
  type: string;
  line: string;
  status: DnsStatus | '';
}

/** Where the records page remembers its domain for the batch-add and import pages the host shows next. */
export const LAST_DOMAIN_KEY = 'ec.dns-records.domain';

/** Remembers the domain whose records were shown last (sessionStorage: per tab). */
export function rememberDomain(id: number): void {
  try {
    sessionStorage.setItem(LAST_DOMAIN_KEY, String(id));
  } catch {
    // Without storage the other pages start with no domain chosen.
  }
}

/** The domain whose records were shown last, if any. */
export function lastDomain(): number | null {
  try {
    const value = Number(sessionStorage.getItem(LAST_DOMAIN_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Creates the store of one element. */
export function createDnsRecordsStore(client: ApiClient, pageSize?: number) {
  const domainId = signal<number | null>(null);
  const filters = signal<RecordFilters>({ keyword: '', type: '', line: '', status: '' });
  const records = createPagedList<DnsRecord, DnsDomain>(async (page, perPage) => {
    const answer = await listDnsRecords(
      client,
      {
        domain_id: domainId.value as number,
        page,
        per_page: perPage,
        keyword: filters.value.keyword || undefined,
        type: filters.value.type || undefined,
        line: filters.value.line || undefined,
        status: filters.value.status || undefined,
      },
      { notify: false },
    );
    return { list: answer.list, total: answer.total, extra: answer.domain };
  }, pageSize);
  const selected = signal<ReadonlySet<number>>(new Set());
  /** The import jobs (the import history, shell §2 domainList/importLog). */
  const imports = createPagedList<DnsJob>(
    (page, perPage) => listDnsJobs(client, { page, per_page: perPage, type: 'dns.batch-import-records' }, { notify: false }),
    pageSize,
  );
  /** The record being edited: its id, 'new' while adding, null otherwise. */
  const editing = signal<number | 'new' | null>(null);

  /** Shows another domain's records from page 1. */
  function setDomain(id: number | null): void {
    if (id === domainId.value) return;
    batch(() => {
      domainId.value = id;
      records.page.value = 1;
      records.state.value = { status: 'loading' };
      selected.value = new Set();
      editing.value = null;
    });
    if (id !== null) rememberDomain(id);
  }

  /** Changes a filter; back to page 1, selection cleared. */
  function setFilter<Name extends keyof RecordFilters>(name: Name, value: RecordFilters[Name]): void {
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      records.page.value = 1;
      selected.value = new Set();
    });
  }

  /** Goes to a page; selection cleared. */
  function setPage(page: number, size: number): void {
    batch(() => {
      records.setPage(page, size);
      selected.value = new Set();
    });
  }

  /** Adds (no id) or changes a record; throws the refusal so the editor can show it inline; reloads on success. */
  async function saveRecord(fields: DnsRecordFields, id?: number): Promise<DnsRecord> {
    const saved =
      id === undefined
        ? await createDnsRecord(client, { domain_id: domainId.value as number, ...fields }, { notify: false })
        : await updateDnsRecord(client, { id, ...fields }, { notify: false });
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
    editing.value = null;
    await records.load();
    return saved;
  }

  /** Runs a change the API client reports errors of; on success says so, clears the selection and reloads. */
  async function change(action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action();
    } catch {
      return false;
    }
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
    selected.value = new Set();
    await records.load();
    return true;
  }

  /** Enables or disables records. */
  const setStatus = (ids: number[], status: DnsStatus) => change(() => setDnsRecordStatus(client, { ids, status }));
  /** Deletes records. */
  const removeRecords = (ids: number[]) => change(() => deleteDnsRecords(client, { ids }));
  /** Every record of the domain, for the exports. */
  const exportAll = (): Promise<DnsExportAnswer> => exportDnsRecords(client, domainId.value as number);

  return { domainId, filters, records, imports, selected, editing, setDomain, setFilter, setPage, saveRecord, setStatus, removeRecords, exportAll };
}

/** The store type. */
export type DnsRecordsStore = ReturnType<typeof createDnsRecordsStore>;

const stores = instanceStores<DnsRecordsStore>();

/** The store of one element, created on first use (and again when its API client changes). */
export function dnsRecordsStoreFor(host: HTMLElement, client: ApiClient, pageSize?: number): DnsRecordsStore {
  return stores(host, () => createDnsRecordsStore(client, pageSize), client);
}
