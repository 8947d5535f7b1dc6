/**
 * Per-instance store of `<ec-ip-lists>`: the account's lists (rules §3 "name, remark, IP count, creation time"), the
 * open list with one page of its entries, and the check of entries to add (rules §5: IPv4, IPv6 or CIDR; 20,000 per
 * CSV/TXT file; 200,000 per list), which runs in the batch worker. Kept per host element, so moving the element keeps
 * the open list, the page and a picked file.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  getIpList,
  listIpListEntries,
  listIpLists,
  type IpListEntry,
  type IpListInfo,
  type IpListEntryQuery,
  type IpListQuery,
} from '../../core/api/endpoints/ip-lists.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { viewStateText } from '../../core/ui/view-state.js';
import { fileBatchIssue, ipListAddLimit, ipListFileFormat, ipListFileLines, validateIpListFile, type UnlockSource } from '../../core/rules/bans.js';
import type { PackedBatchResult } from '../../core/rules/batch-packed.js';
import { issue, type RuleIssue } from '../../core/rules/types.js';
import { checkBatch } from '../../core/workers/batch-checker.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** A load: first load, failed load, or data. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** The check of entries to add: nothing yet, running, refused before checking, or a preview. */
export type EntryCheck =
  | { status: 'idle' }
  | { status: 'checking'; done: number; total: number }
  | { status: 'refused'; issue: RuleIssue }
  | { status: 'checked'; source: UnlockSource; text: string; packed: PackedBatchResult; issue: RuleIssue | null; fileName: string };

/** The input of a check: typed text, or a picked CSV/TXT file (read again on every check). */
export type EntryInput = { source: 'typed'; text: string } | { source: 'file'; file: File };

/** The dialog open over the lists. */
export type ListDialog = { kind: 'create' } | { kind: 'edit'; list: IpListInfo } | { kind: 'add'; list: IpListInfo } | null;

/** Attributes the store starts from. */
export interface IpListsSettings {
  pageSize?: number;
  listId?: number;
  /** The bookmarked view to start from (URL query text). */
  viewState?: string;
}

/** Creates a store; {@link ipListsStoreFor} gives each element its own. */
export function createIpListsStore(settings: IpListsSettings = {}) {
  const keyword = signal('');
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  const lists = signal<Loaded<{ list: IpListInfo[]; total: number }>>({ status: 'loading' });
  const listsBusy = signal(false);

  /** The open list (detail view), by id; null shows the lists. */
  const openId = signal<number | null>(settings.listId ?? null);
  const open = signal<Loaded<IpListInfo>>({ status: 'loading' });
  const entryKeyword = signal('');
  const entryPage = signal(1);
  const entries = signal<Loaded<{ list: IpListEntry[]; total: number }>>({ status: 'loading' });
  const entriesBusy = signal(false);
  /** Entries ticked on the current page. */
  const selection = signal<ReadonlySet<number>>(new Set());

  const dialog = signal<ListDialog>(null);
  const file = signal<File | null>(null);
  const check = signal<EntryCheck>({ status: 'idle' });

  const listQuery = computed<IpListQuery>(() => ({ page: page.value, per_page: pageSize.value, ...(keyword.value ? { keyword: keyword.value } : {}) }));
  const entryQuery = computed<IpListEntryQuery | null>(() =>
    openId.value === null
      ? null
      : { id: openId.value, page: entryPage.value, per_page: pageSize.value, ...(entryKeyword.value ? { keyword: entryKeyword.value } : {}) },
  );

  let listGeneration = 0;
  let entryGeneration = 0;
  let checking: AbortController | null = null;

  async function loadLists(client: ApiClient): Promise<void> {
    const current = ++listGeneration;
    if (lists.value.status === 'ready') listsBusy.value = true;
    else lists.value = { status: 'loading' };
    try {
      const answer = await listIpLists(client, listQuery.value);
      if (current === listGeneration) lists.value = { status: 'ready', data: answer };
    } catch {
      if (current === listGeneration) lists.value = { status: 'error' };
    } finally {
      if (current === listGeneration) listsBusy.value = false;
    }
  }

  /** Loads the open list and one page of its entries. */
  async function loadEntries(client: ApiClient): Promise<void> {
    const query = entryQuery.value;
    if (query === null) return;
    const current = ++entryGeneration;
    if (entries.value.status === 'ready') entriesBusy.value = true;
    else entries.value = { status: 'loading' };
    try {
      const [info, answer] = await Promise.all([getIpList(client, query.id), listIpListEntries(client, query)]);
      if (current !== entryGeneration) return;
      batch(() => {
        open.value = { status: 'ready', data: info };
        entries.value = { status: 'ready', data: answer };
        selection.value = new Set();
      });
    } catch {
      if (current !== entryGeneration) return;
      batch(() => {
        open.value = { status: 'error' };
        entries.value = { status: 'error' };
      });
    } finally {
      if (current === entryGeneration) entriesBusy.value = false;
    }
  }

  function setKeyword(next: string): void {
    batch(() => {
      keyword.value = next;
      page.value = 1;
    });
  }

  function setPage(next: number, size: number = pageSize.value): void {
    batch(() => {
      page.value = next;
      pageSize.value = pageSizeOrDefault(size);
    });
  }

  /** Opens a list (or goes back to the lists with null). */
  function openList(id: number | null): void {
    batch(() => {
      openId.value = id;
      entryKeyword.value = '';
      entryPage.value = 1;
      entries.value = { status: 'loading' };
      open.value = { status: 'loading' };
      selection.value = new Set();
    });
  }

  function setEntryKeyword(next: string): void {
    batch(() => {
      entryKeyword.value = next;
      entryPage.value = 1;
    });
  }

  function setEntryPage(next: number, size: number = pageSize.value): void {
    batch(() => {
      entryPage.value = next;
      pageSize.value = pageSizeOrDefault(size);
    });
  }

  function toggle(id: number, on: boolean): void {
    const next = new Set(selection.value);
    if (on) next.add(id);
    else next.delete(id);
    selection.value = next;
  }

  /** Ticks every entry of the page, or none. */
  function toggleAll(on: boolean): void {
    selection.value = on && entries.value.status === 'ready' ? new Set(entries.value.data.list.map((entry) => entry.id)) : new Set();
  }

  /** Forgets the preview of entries to add; a check in flight stops. */
  function resetCheck(): void {
    checking?.abort();
    checking = null;
    check.value = { status: 'idle' };
  }

  /** Picks a file (or none); the previous preview no longer applies. */
  function pickFile(next: File | null): void {
    file.value = next;
    resetCheck();
  }

  /**
   * Checks entries to add in the batch worker (rules §5): a file must be CSV or TXT and not empty, a CSV file is read
   * by its first column; at most 20,000 entries at once.
   */
  async function checkEntries(input: EntryInput): Promise<void> {
    resetCheck();
    if (input.source === 'file') {
      const refused = validateIpListFile(input.file);
      if (refused !== null) {
        check.value = { status: 'refused', issue: refused };
        return;
      }
    }
    const controller = new AbortController();
    checking = controller;
    check.value = { status: 'checking', done: 0, total: 0 };
    try {
      const raw = input.source === 'file' ? await input.file.text() : input.text;
      const text = input.source === 'file' ? ipListFileLines(raw, ipListFileFormat(input.file.name)) : raw;
      const packed = await checkBatch(
        { kind: 'ip-or-cidr', text, limits: ipListAddLimit(input.source) },
        {
          signal: controller.signal,
          onProgress: (done, total) => {
            if (checking === controller) check.value = { status: 'checking', done, total };
          },
        },
      );
      if (checking !== controller) return;
      const fileName = input.source === 'file' ? input.file.name : '';
      check.value = { status: 'checked', source: input.source, text, packed, issue: fileBatchIssue(packed, input.source), fileName };
    } catch (error) {
      if (checking !== controller || (error instanceof DOMException && error.name === 'AbortError')) return;
      check.value = { status: 'refused', issue: issue('bans.file-read-failed') };
    } finally {
      if (checking === controller) checking = null;
    }
  }

  /** Opens a dialog, or closes it (null); closing forgets the entry check and the picked file. */
  function setDialog(next: ListDialog): void {
    batch(() => {
      if (next === null || next.kind !== 'add') {
        resetCheck();
        file.value = null;
      }
      dialog.value = next;
    });
  }

  /**
   * The bookmarkable view (core/ui/view-state.ts; issue 19 "IP list detail" in the URL): the lists' search and page,
   * the open list with its own search and page, and the page size, each left out at its default.
   */
  const viewState = computed(() =>
    viewStateText(
      {
        search: keyword.value,
        page: page.value,
        size: pageSize.value,
        list: openId.value,
        find: openId.value === null ? '' : entryKeyword.value,
        'entry-page': openId.value === null ? 1 : entryPage.value,
      },
      { page: 1, size: pageSizeOrDefault(settings.pageSize), 'entry-page': 1, list: settings.listId ?? null },
    ),
  );

  /** Starts from a bookmarked view (the `view-state` attribute); values that are not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const whole = (name: string) => {
      const value = Number(params.get(name));
      return Number.isSafeInteger(value) && value > 0 ? value : null;
    };
    batch(() => {
      keyword.value = params.get('search') ?? '';
      if (params.has('size')) pageSize.value = pageSizeOrDefault(Number(params.get('size')));
      page.value = whole('page') ?? 1;
      const list = whole('list');
      if (list !== null) {
        openList(list);
        entryKeyword.value = params.get('find') ?? '';
        entryPage.value = whole('entry-page') ?? 1;
      }
    });
  }

  let applied: IpListsSettings = { ...settings };

  /** Applies changed attributes: `page-size`, and `list-id` to open a list. */
  function applySettings(next: IpListsSettings): void {
    if (next.pageSize !== undefined && next.pageSize !== applied.pageSize) setPage(1, next.pageSize);
    if (next.listId !== applied.listId) openList(next.listId ?? null);
    applied = { ...next };
  }

  return {
    viewState,
    restoreViewState,
    keyword,
    page,
    pageSize,
    lists,
    listsBusy,
    listQuery,
    openId,
    open,
    entryKeyword,
    entryPage,
    entries,
    entriesBusy,
    entryQuery,
    selection,
    dialog,
    file,
    check,
    loadLists,
    loadEntries,
    setKeyword,
    setPage,
    openList,
    setEntryKeyword,
    setEntryPage,
    toggle,
    toggleAll,
    resetCheck,
    pickFile,
    checkEntries,
    setDialog,
    applySettings,
  };
}

/** The store type. */
export type IpListsStore = ReturnType<typeof createIpListsStore>;

const stores = instanceStores<IpListsStore>();

/** The store of one element, created on first use with the element's attributes. */
export function ipListsStoreFor(host: HTMLElement, settings: IpListsSettings): IpListsStore {
  return stores(host, () => {
    const store = createIpListsStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
