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
import { createPagedList } from '../../core/ui/paged-list.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** Creates a store; {@link websiteGroupsStoreFor} gives each element its own. */
export function createWebsiteGroupsStore(settings: { pageSize?: number } = {}) {
  const search = signal('');
  /** The client of the element whose list loads (set by each load; one element, one client). */
  let client: ApiClient | null = null;
  // Core's one paged list (core/ui/paged-list.ts), with the name search and the server's `editable`.
  const list = createPagedList<WebsiteGroup, { editable: boolean }>(async (page, perPage) => {
    const answer = await listWebsiteGroups(client!, { page, per_page: perPage, search: search.value || undefined });
    return { list: answer.list, total: answer.total, extra: { editable: answer.editable } };
  }, pageSizeOrDefault(settings.pageSize));
  const { state, busy, page, size: pageSize } = list;
  const query = computed(() => ({ page: page.value, per_page: pageSize.value, search: search.value || undefined }));
  /** Whether the caller may create, rename and delete groups (the server's `editable`, rules §6); null until known. */
  const editable = computed(() => (state.value.status === 'ready' ? state.value.extra.editable : null));

  /** Loads the current page. */
  function load(forClient: ApiClient): Promise<void> {
    client = forClient;
    return list.load();
  }

  /** Searches group names; back to page 1. */
  function setSearch(text: string): void {
    batch(() => {
      search.value = text;
      page.value = 1;
    });
  }

  /** Goes to a page, or changes the page size. */
  const setPage = list.setPage;

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
