/**
 * Per-instance store of `<ec-domain-list>`: the server page of websites with its filters, sort and paging, the
 * selection, and the data the toolbar and wizard need (groups, templates, plan actions and quota).
 *
 * The list never holds more than one server page, so 10,000 websites cost what 10 do. The selection is either ids
 * picked on pages, or "every website matching the filters" minus the ids unticked afterwards: the second is one flag
 * in the browser and a filter on the server, so selecting all 10,000 takes no time and sends no list of ids.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { getMemberPlans, getPlanActions, type PlanActionsAnswer, type PlanInfo } from '../../core/api/endpoints/platform.js';
import {
  ACCESS_MODES,
  deleteWebsites,
  domainQuota,
  listWebsiteGroups,
  listWebsites,
  listWebsiteTemplates,
  setWebsiteStatus,
  assignWebsiteGroup,
  TRANSITIONAL_WEBSITE_STATUSES,
  updateWebsite,
  WEBSITE_SORT_FIELDS,
  WEBSITE_STATUSES,
  type AccessMode,
  type WebsiteBatchAnswer,
  type WebsiteGroup,
  type WebsiteInfo,
  type WebsiteListQuery,
  type WebsiteSelection,
  type WebsiteSortField,
  type WebsiteStatus,
  type WebsiteStatusAction,
  type WebsiteTemplate,
  type WebsiteUpdateRequest,
} from '../../core/api/endpoints/websites.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** How often a page with sites in a passing status (approval, issuing, updating) is asked again. */
export const STATUS_POLL_MS = 2000;
/**
 * A reload shows its overlay only when the server takes longer than this: a quick page turn then renders once (the
 * new rows) instead of three times (overlay on, rows, overlay off), and nothing flashes.
 */
export const BUSY_DELAY_MS = 150;

/** The list: the first load, a failed load, or a page of websites. */
export type DomainListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: WebsiteInfo[]; total: number };

/** The filters; '' means all. */
export interface DomainListFilters {
  search: string;
  status: WebsiteStatus | '';
  /** A group id, 0 for ungrouped, '' for all. */
  group: number | '';
  access: AccessMode | '';
}

/** The sort the table shows. */
export interface DomainListSort {
  field: WebsiteSortField;
  order: 'asc' | 'desc';
}

/** Picked ids, or every website matching the filters except `exclude`. */
export type DomainSelection = { mode: 'ids'; ids: ReadonlySet<number> } | { mode: 'all'; exclude: ReadonlySet<number> };

/** The account's plan data the list shows and gates with. */
export interface DomainPlanData {
  plans: PlanInfo[];
  actions: PlanActionsAnswer | null;
}

const NO_FILTERS: DomainListFilters = { search: '', status: '', group: '', access: '' };
const NOTHING: DomainSelection = { mode: 'ids', ids: new Set() };

/** The add-domain wizard's steps, in order. */
export const WIZARD_STEPS = ['domains', 'origins', 'review', 'result'] as const;
/** One step of the add-domain wizard. */
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * The step a bookmarked wizard opens at. The form comes back from its draft, but the preview and the result were the
 * server's answers and are not kept: a bookmarked review opens at the origins step (whose Next asks for the preview
 * again) and a bookmarked result, whose websites were already added, at a new first step.
 */
export function restorableStep(text: string | null): WizardStep | null {
  if (text === 'domains' || text === 'result') return 'domains';
  if (text === 'origins' || text === 'review') return 'origins';
  return null;
}

/** Whether the page shows a site the job runner is still moving on. */
export function hasPassingStatus(list: readonly WebsiteInfo[]): boolean {
  return list.some((site) => TRANSITIONAL_WEBSITE_STATUSES.includes(site.status));
}

/**
 * The new rows, with each row equal to one already shown kept as that object: a status poll then renders again only
 * the rows that changed (the rows are memoised by identity). Comparing the serialised rows costs about 1 ms for 100.
 */
export function keepUnchanged(previous: DomainListState, next: WebsiteInfo[]): WebsiteInfo[] {
  if (previous.status !== 'ready') return next;
  const shown = new Map(previous.list.map((site) => [site.id, site]));
  return next.map((site) => {
    const old = shown.get(site.id);
    return old && JSON.stringify(old) === JSON.stringify(site) ? old : site;
  });
}

/** The filters as the API's (also what "all matching" sends). */
export function filtersQuery(filters: DomainListFilters): Pick<WebsiteListQuery, 'search' | 'status' | 'group_id' | 'access_mode'> {
  return {
    search: filters.search || undefined,
    status: filters.status || undefined,
    group_id: filters.group === '' ? undefined : filters.group,
    access_mode: filters.access || undefined,
  };
}

/** Creates a store; {@link domainListStoreFor} gives each element its own. */
export function createDomainListStore(settings: { pageSize?: number } = {}) {
  const state = signal<DomainListState>({ status: 'loading' });
  const busy = signal(false);
  const filters = signal<DomainListFilters>(NO_FILTERS);
  const sort = signal<DomainListSort | null>(null);
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  const selection = signal<DomainSelection>(NOTHING);
  const groups = signal<WebsiteGroup[]>([]);
  const templates = signal<WebsiteTemplate[] | null>(null);
  const plan = signal<DomainPlanData>({ plans: [], actions: null });
  /** Websites whose row action is in flight. */
  const working = signal<ReadonlySet<number>>(new Set());
  /** The add-domain wizard's step while it is open (issue 19: a wizard step is bookmarkable); null when closed. */
  const wizardStep = signal<WizardStep | null>(null);

  const query = computed<WebsiteListQuery>(() => ({
    page: page.value,
    per_page: pageSize.value,
    ...filtersQuery(filters.value),
    sort: sort.value?.field,
    order: sort.value?.order,
  }));
  const total = computed(() => (state.value.status === 'ready' ? state.value.total : 0));
  const selectedCount = computed(() => {
    const current = selection.value;
    return current.mode === 'ids' ? current.ids.size : Math.max(0, total.value - current.exclude.size);
  });
  const quota = computed(() => domainQuota(plan.value.plans, Date.now()));

  let generation = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pollClient: ApiClient | null = null;
  let controller: AbortController | undefined;

  function clearPoll(): void {
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  function schedulePoll(): void {
    clearPoll();
    const current = state.value;
    if (!pollClient || current.status !== 'ready' || !hasPassingStatus(current.list)) return;
    const client = pollClient;
    pollTimer = setTimeout(() => void load(client, { quiet: true }), STATUS_POLL_MS);
  }

  /** Loads the current page; rows already shown stay until the answer arrives. `quiet` reloads show no overlay. */
  async function load(client: ApiClient, options: { quiet?: boolean } = {}): Promise<void> {
    const current = ++generation;
    clearPoll();
    controller?.abort();
    const own = new AbortController();
    controller = own;
    let busyTimer: ReturnType<typeof setTimeout> | undefined;
    if (state.value.status !== 'ready') state.value = { status: 'loading' };
    else if (!options.quiet) {
      busyTimer = setTimeout(() => {
        if (current === generation) busy.value = true;
      }, BUSY_DELAY_MS);
    }
    try {
      const answer = await listWebsites(client, query.value, { signal: own.signal });
      if (current !== generation) return;
      // A page past the end (after deletes) steps back to the last page that has rows.
      const lastPage = Math.max(1, Math.ceil(answer.total / pageSize.value));
      if (answer.list.length === 0 && page.value > lastPage) {
        page.value = lastPage;
        return;
      }
      state.value = { status: 'ready', list: keepUnchanged(state.value, answer.list), total: answer.total };
    } catch {
      if (current !== generation) return;
      if (!options.quiet || state.value.status !== 'ready') state.value = { status: 'error' };
    } finally {
      clearTimeout(busyTimer);
      if (current === generation) busy.value = false;
    }
    schedulePoll();
  }

  /** Loads groups, templates and plan data; each failure only leaves its part empty. */
  async function loadContext(client: ApiClient): Promise<void> {
    const [groupAnswer, templateAnswer, plans, actions] = await Promise.allSettled([
      listWebsiteGroups(client, { per_page: 500 }),
      listWebsiteTemplates(client),
      getMemberPlans(client),
      getPlanActions(client),
    ]);
    batch(() => {
      if (groupAnswer.status === 'fulfilled') groups.value = groupAnswer.value.list;
      templates.value = templateAnswer.status === 'fulfilled' ? templateAnswer.value.list : [];
      plan.value = {
        plans: plans.status === 'fulfilled' ? plans.value.plans : [],
        actions: actions.status === 'fulfilled' ? actions.value : null,
      };
    });
  }

  /** Follows the page's passing statuses with `client` while the element is shown. */
  function startPolling(client: ApiClient): void {
    pollClient = client;
    schedulePoll();
  }

  /** Stops following (the element left the page, or the page is hidden). */
  function stopPolling(): void {
    pollClient = null;
    clearPoll();
  }

  /** Changes a filter: back to page 1, and the selection is cleared because the set it was made from changed. */
  function setFilter<Name extends keyof DomainListFilters>(name: Name, value: DomainListFilters[Name]): void {
    if (filters.value[name] === value) return;
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      page.value = 1;
      selection.value = NOTHING;
    });
  }

  /** Sorts by a column (null: the default, newest first); back to page 1. */
  function setSort(next: DomainListSort | null): void {
    batch(() => {
      sort.value = next;
      page.value = 1;
    });
  }

  /** Goes to a page or changes the page size. The selection survives paging. */
  function setPage(next: number, size: number = pageSize.value): void {
    batch(() => {
      page.value = next;
      pageSize.value = pageSizeOrDefault(size);
    });
  }

  // The page-size attribute last applied, so a re-mount (the element moved) keeps the page the user is on.
  let appliedPageSize = settings.pageSize;

  /** Applies a changed `page-size` attribute: the new size from page 1. */
  function applyPageSize(size: number | undefined): void {
    if (size === appliedPageSize) return;
    appliedPageSize = size;
    setPage(1, pageSizeOrDefault(size));
  }

  /** Whether one site is selected. */
  function isSelected(id: number): boolean {
    const current = selection.value;
    return current.mode === 'ids' ? current.ids.has(id) : !current.exclude.has(id);
  }

  /** Ticks or unticks one site. */
  function toggle(id: number, on: boolean): void {
    const current = selection.value;
    const set = new Set(current.mode === 'ids' ? current.ids : current.exclude);
    // In "all" mode the set holds the exceptions, so ticking removes one and unticking adds one.
    if (on === (current.mode === 'ids')) set.add(id);
    else set.delete(id);
    selection.value = current.mode === 'ids' ? { mode: 'ids', ids: set } : { mode: 'all', exclude: set };
  }

  /**
   * Ticks or unticks every site of the current page the caller may change, in one change of the selection (a
   * read-only site is never offered for a batch action, rules §6).
   */
  function togglePage(on: boolean): void {
    const current = state.value;
    if (current.status !== 'ready') return;
    const picked = selection.value;
    const set = new Set(picked.mode === 'ids' ? picked.ids : picked.exclude);
    for (const site of current.list) {
      if (!site.editable) continue;
      if (on === (picked.mode === 'ids')) set.add(site.id);
      else set.delete(site.id);
    }
    selection.value = picked.mode === 'ids' ? { mode: 'ids', ids: set } : { mode: 'all', exclude: set };
  }

  /** Selects every website matching the filters, across all pages (one flag; the server resolves the set). */
  function selectAllMatching(): void {
    selection.value = { mode: 'all', exclude: new Set() };
  }

  /** Clears the selection. */
  function clearSelection(): void {
    selection.value = NOTHING;
  }

  /** The selection as a batch call names it. */
  function selectionRequest(): WebsiteSelection {
    const current = selection.value;
    if (current.mode === 'ids') return { ids: [...current.ids] };
    return { all: { ...filtersQuery(filters.value), exclude: [...current.exclude] } };
  }

  async function withWorking<T>(ids: readonly number[], run: () => Promise<T>): Promise<T> {
    working.value = new Set([...working.value, ...ids]);
    try {
      return await run();
    } finally {
      const rest = new Set(working.value);
      for (const id of ids) rest.delete(id);
      working.value = rest;
    }
  }

  /**
   * Runs a batch action on the selection (or on one site) and reloads. Answers the server's per-site outcome, or
   * null when the call failed (the client has shown why).
   */
  async function runAction(
    client: ApiClient,
    action: { kind: 'delete' } | { kind: 'status'; action: WebsiteStatusAction } | { kind: 'group'; groupId: number | null },
    site?: WebsiteInfo,
  ): Promise<WebsiteBatchAnswer | null> {
    // A row action names its site; a toolbar action works on the selection, which it clears once done.
    const target: WebsiteSelection = site ? { ids: [site.id] } : selectionRequest();
    try {
      const answer = await withWorking(site ? [site.id] : [], () => {
        if (action.kind === 'delete') return deleteWebsites(client, { selection: target });
        if (action.kind === 'status') return setWebsiteStatus(client, { selection: target, action: action.action });
        return assignWebsiteGroup(client, { group_id: action.groupId, selection: target });
      });
      if (!site) clearSelection();
      else if (action.kind === 'delete' && isSelected(site.id)) toggle(site.id, false);
      if (action.kind === 'group') void loadContext(client);
      return answer;
    } catch {
      return null;
    } finally {
      void load(client);
    }
  }

  /** Saves one site's own fields; answers the site as stored, or null when refused. */
  async function saveSite(client: ApiClient, body: WebsiteUpdateRequest): Promise<WebsiteInfo> {
    const site = await withWorking([body.id], () => updateWebsite(client, body, { notify: false }));
    const current = state.value;
    if (current.status === 'ready') state.value = { ...current, list: current.list.map((item) => (item.id === site.id ? site : item)) };
    return site;
  }

  /** The bookmarkable view (see core/ui/view-state.ts): filters, sort, page and page size that differ from the defaults. */
  const viewState = computed(() =>
    viewStateText(
      {
        search: filters.value.search,
        status: filters.value.status,
        group: filters.value.group,
        access: filters.value.access,
        sort: sort.value ? `${sort.value.field}.${sort.value.order}` : '',
        page: page.value,
        size: pageSize.value,
        wizard: wizardStep.value,
      },
      { page: 1, size: pageSizeOrDefault(appliedPageSize) },
    ),
  );

  /**
   * Starts from a bookmarked view (the `view-state` attribute). Values that are not allowed are left at their
   * defaults: the address is the reader's to edit.
   */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const status = params.get('status') ?? '';
    const access = params.get('access') ?? '';
    const group = params.get('group');
    const [sortField, sortOrder] = (params.get('sort') ?? '').split('.');
    const wantedPage = Number(params.get('page'));
    batch(() => {
      filters.value = {
        search: params.get('search') ?? '',
        status: (WEBSITE_STATUSES as readonly string[]).includes(status) ? (status as WebsiteStatus) : '',
        group: group !== null && /^\d+$/.test(group) ? Number(group) : '',
        access: (ACCESS_MODES as readonly string[]).includes(access) ? (access as AccessMode) : '',
      };
      const field = WEBSITE_SORT_FIELDS.find((known) => known === sortField);
      sort.value = field && (sortOrder === 'asc' || sortOrder === 'desc') ? { field, order: sortOrder } : null;
      if (params.has('size')) pageSize.value = pageSizeOrDefault(Number(params.get('size')));
      page.value = Number.isSafeInteger(wantedPage) && wantedPage > 0 ? wantedPage : 1;
      wizardStep.value = restorableStep(params.get('wizard'));
    });
  }

  return {
    state,
    busy,
    viewState,
    restoreViewState,
    filters,
    sort,
    page,
    pageSize,
    selection,
    selectedCount,
    groups,
    templates,
    plan,
    quota,
    working,
    wizardStep,
    query,
    load,
    loadContext,
    startPolling,
    stopPolling,
    setFilter,
    setSort,
    setPage,
    applyPageSize,
    isSelected,
    toggle,
    togglePage,
    selectAllMatching,
    clearSelection,
    selectionRequest,
    runAction,
    saveSite,
  };
}

/** The store type. */
export type DomainListStore = ReturnType<typeof createDomainListStore>;

const stores = instanceStores<DomainListStore>();

/** The store of one element, created on first use. */
export function domainListStoreFor(host: HTMLElement, settings: { pageSize?: number; viewState?: string }): DomainListStore {
  return stores(host, () => {
    const store = createDomainListStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
