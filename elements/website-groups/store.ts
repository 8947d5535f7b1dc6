/**
 * Per-instance store of `<ec-website-groups>`: the page of website groups with its search, whether the caller may
 * change groups, the bookmarkable view, and the group actions (create, rename, delete, move websites in).
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  assignWebsiteGroup,
  createWebsiteGroup,
  deleteWebsiteGroup,
  listWebsiteGroups,
  updateWebsiteGroup,
  type WebsiteBatchAnswer,
  type WebsiteGroup,
  type WebsiteGroupInput,
} from '../../core/api/endpoints/websites.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** The list: first load, failed load, or a page of groups. */
export type GroupListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: WebsiteGroup[]; total: number };

/** Creates a store; {@link websiteGroupsStoreFor} gives each element its own. */
export function createWebsiteGroupsStore(settings: { pageSize?: number } = {}) {
  const state = signal<GroupListState>({ status: 'loading' });
  const busy = signal(false);
  const search = signal('');
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  const query = computed(() => ({ page: page.value, per_page: pageSize.value, search: search.value || undefined }));
  /** Whether the caller may create, rename and delete groups (the server's `editable`, rules §6); null until known. */
  const editable = signal<boolean | null>(null);
  let generation = 0;

  /** Loads the current page. */
  async function load(client: ApiClient): Promise<void> {
    const current = ++generation;
    if (state.value.status === 'ready') busy.value = true;
    else state.value = { status: 'loading' };
    try {
      const answer = await listWebsiteGroups(client, query.value);
      if (current !== generation) return;
      if (answer.list.length === 0 && page.value > 1) {
        page.value = Math.max(1, Math.ceil(answer.total / pageSize.value));
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

  /** Searches group names; back to page 1. */
  function setSearch(text: string): void {
    batch(() => {
      search.value = text;
      page.value = 1;
    });
  }

  /** Goes to a page, or changes the page size. */
  function setPage(next: number, size: number = pageSize.value): void {
    batch(() => {
      page.value = next;
      pageSize.value = pageSizeOrDefault(size);
    });
  }

  /**
   * Creates a group, or renames one (with `id`), and reloads the page; throws on failure so the dialog shows it (the
   * shared save pattern of core/ui/parts/use-save.ts).
   */
  async function save(client: ApiClient, input: WebsiteGroupInput & { id?: number }): Promise<WebsiteGroup> {
    const { id, ...body } = input;
    const group = id === undefined ? await createWebsiteGroup(client, body, { notify: false }) : await updateWebsiteGroup(client, { id, ...body }, { notify: false });
    void load(client);
    return group;
  }

  /** Deletes a group; true when the server did. */
  async function remove(client: ApiClient, id: number): Promise<boolean> {
    try {
      await deleteWebsiteGroup(client, id);
      return true;
    } catch {
      return false;
    } finally {
      void load(client);
    }
  }

  /** Moves websites into a group; answers the outcome, or null when the call failed. */
  async function assign(client: ApiClient, groupId: number, ids: readonly number[]): Promise<WebsiteBatchAnswer | null> {
    try {
      return await assignWebsiteGroup(client, { group_id: groupId, selection: { ids: [...ids] } });
    } catch {
      return null;
    } finally {
      void load(client);
    }
  }

  /** The bookmarkable view (core/ui/view-state.ts): search, page and page size that differ from the defaults. */
  const viewState = computed(() =>
    viewStateText({ search: search.value, page: page.value, size: pageSize.value }, { page: 1, size: pageSizeOrDefault(settings.pageSize) }),
  );

  /** Starts from a bookmarked view (the `view-state` attribute); values that are not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const wanted = Number(params.get('page'));
    batch(() => {
      search.value = params.get('search') ?? '';
      if (params.has('size')) pageSize.value = pageSizeOrDefault(Number(params.get('size')));
      page.value = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : 1;
    });
  }

  return { state, busy, search, page, pageSize, query, editable, viewState, restoreViewState, load, setSearch, setPage, save, remove, assign };
}

/** The store type. */
export type WebsiteGroupsStore = ReturnType<typeof createWebsiteGroupsStore>;

const stores = instanceStores<WebsiteGroupsStore>();

/** The store of one element, created on first use. */
export function websiteGroupsStoreFor(host: HTMLElement, settings: { pageSize?: number; viewState?: string }): WebsiteGroupsStore {
  return stores(host, () => {
    const store = createWebsiteGroupsStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
