/**
 * Per-instance store of `<ec-operation-log>`: filters, the resolved time window, the current page of entries and
 * the entry whose changes are open. It is kept per host element, so moving the element (which unmounts React)
 * keeps what the user chose.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { listOperations, type OperationLogEntry, type OperationLogQuery } from '../../core/api/endpoints/platform.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { isTimeRangePreset, resolveTimeRange, toLogWallTime, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { createPagedList, type PagedState } from '../../core/ui/paged-list.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** The range a new log starts with. */
export const DEFAULT_TIME_RANGE: TimeRangePreset = '7d';

/** The list's state: the first load, a refusal, a failed load, or a page of entries (core/ui/paged-list.ts). */
export type OperationLogState = PagedState<OperationLogEntry>;

/** One operator to filter by: the user id the server filters on and the name shown for it. */
export interface OperatorChoice {
  userId: number;
  label: string;
}

/** The filters; '' and null mean all. */
export interface OperationLogFilters {
  area: string;
  action: string;
  operator: OperatorChoice | null;
  objectId: string;
  range: TimeRangePreset;
  /** The custom range inputs (`datetime-local` text, UTC+8), kept while another preset is chosen. */
  custom: { start: string; end: string };
}

/** The filter part of the list call (the query without paging). */
export type OperationLogFilter = Omit<OperationLogQuery, 'page' | 'per_page'>;

/** Attributes the store starts from. */
export interface OperationLogSettings {
  /** Area the log is locked to (the `area` attribute). */
  area?: string;
  /** Rows per page (the `page-size` attribute); anything but 10/20/50/100 gives 10 (shell §9). */
  pageSize?: number;
  /** The bookmarked view to start from (URL query text). */
  viewState?: string;
}

/** Creates a store; {@link operationLogStoreFor} gives each element its own. */
export function createOperationLogStore(settings: OperationLogSettings = {}, now: () => number = Date.now) {
  const initialWindow = resolveTimeRange(DEFAULT_TIME_RANGE, now()) as TimeRange;
  // The client of the last load: the shared paged list fetches with it.
  let client: ApiClient | null = null;
  const paged = createPagedList<OperationLogEntry>((page, perPage) => listOperations(client!, { ...filter.value, page, per_page: perPage }), settings.pageSize);
  const { state, page, busy } = paged;
  const pageSize = paged.size;
  const filters = signal<OperationLogFilters>({
    area: settings.area ?? '',
    action: '',
    operator: null,
    objectId: '',
    range: DEFAULT_TIME_RANGE,
    custom: { start: toLogWallTime(initialWindow.start), end: toLogWallTime(initialWindow.end) },
  });
  /** The area attribute: the area filter is fixed to it. */
  const lockedArea = signal(settings.area ?? '');
  /** The window the list shows; a preset is resolved when chosen, so paging does not slide it. */
  const timeWindow = signal<TimeRange>(initialWindow);
  /** The entry whose before/after diff is open. */
  const selected = signal<OperationLogEntry | null>(null);

  /**
   * The filter part of the list call. It keeps its identity while its content is the same, so typing an incomplete
   * custom range (which changes the filters but not the query) neither reloads the list nor reports a filter change.
   */
  let lastFilter: OperationLogFilter | undefined;
  const filter = computed<OperationLogFilter>(() => {
    const { area, action, operator, objectId } = filters.value;
    const next: OperationLogFilter = {
      area: area || undefined,
      action: action || undefined,
      user_id: operator?.userId,
      object_id: objectId || undefined,
      start_time: new Date(timeWindow.value.start).toISOString(),
      end_time: new Date(timeWindow.value.end).toISOString(),
    };
    const previous = lastFilter;
    if (previous && (Object.keys(next) as (keyof OperationLogFilter)[]).every((key) => next[key] === previous[key])) return previous;
    lastFilter = next;
    return next;
  });
  const query = computed<OperationLogQuery>(() => ({ page: page.value, per_page: pageSize.value, ...filter.value }));
  /** The custom inputs do not form a range (an end is missing, or before the start). */
  const customInvalid = computed(
    () => filters.value.range === 'custom' && resolveTimeRange('custom', now(), filters.value.custom) === null,
  );

  /** Loads the current page with the current filters; rows already shown stay until the answer arrives. */
  function load(next: ApiClient): Promise<void> {
    client = next;
    return paged.load();
  }

  function update(change: Partial<OperationLogFilters>): void {
    batch(() => {
      filters.value = { ...filters.value, ...change };
      page.value = 1;
    });
  }

  /**
   * Resolves the chosen range again at the current time, e.g. brings "last 15 minutes" up to now. Answers true when
   * the window moved (which changes the list query, so the list reloads); false when the caller has to reload.
   */
  function refreshWindow(): boolean {
    const { range, custom } = filters.value;
    const next = resolveTimeRange(range, now(), custom);
    // An incomplete custom range keeps the last window until both ends are valid.
    if (!next || (next.start === timeWindow.value.start && next.end === timeWindow.value.end)) return false;
    batch(() => {
      timeWindow.value = next;
      page.value = 1;
    });
    return true;
  }

  /** Sets the area, action or object filter; back to page 1. The area cannot change while locked. */
  function setFilter(name: 'area' | 'action' | 'objectId', value: string): void {
    if (name === 'area' && lockedArea.value) return;
    if (filters.value[name] !== value) update({ [name]: value });
  }

  /** Filters by one operator, or by all (null). */
  function setOperator(operator: OperatorChoice | null): void {
    if (filters.value.operator?.userId !== operator?.userId) update({ operator });
  }

  /** Chooses a range preset and resolves it now. */
  function setRange(range: TimeRangePreset): void {
    batch(() => {
      if (filters.value.range !== range) update({ range });
      refreshWindow();
    });
  }

  /** Changes the custom range inputs; the window (and with it page 1) follows once they form a valid range. */
  function setCustom(custom: { start: string; end: string }): void {
    batch(() => {
      filters.value = { ...filters.value, custom };
      refreshWindow();
    });
  }

  /** Goes to a page, or changes the page size (which goes back to page 1, as the pager asks). */
  const setPage = paged.setPage;

  /**
   * The bookmarkable view (core/ui/view-state.ts; issue 19 "filters, page number" in the URL): the filters, the range
   * (with its ends when custom), page and page size; defaults and a locked area are left out.
   */
  const viewState = computed(() => {
    const { area, action, operator, objectId, range, custom } = filters.value;
    return viewStateText(
      {
        area: lockedArea.value ? '' : area,
        action,
        operator: operator?.userId,
        'operator-name': operator?.label,
        object: objectId,
        range,
        from: range === 'custom' ? custom.start : '',
        to: range === 'custom' ? custom.end : '',
        page: page.value,
        size: pageSize.value,
      },
      { range: DEFAULT_TIME_RANGE, page: 1, size: pageSizeOrDefault(settings.pageSize) },
    );
  });

  /** Starts from a bookmarked view (the `view-state` attribute); values that are not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const operatorId = Number(params.get('operator'));
    const range = params.get('range');
    const wantedPage = Number(params.get('page'));
    batch(() => {
      filters.value = {
        ...filters.value,
        area: lockedArea.value || (params.get('area') ?? ''),
        action: params.get('action') ?? '',
        operator: Number.isSafeInteger(operatorId) && operatorId > 0 ? { userId: operatorId, label: params.get('operator-name') || String(operatorId) } : null,
        objectId: params.get('object') ?? '',
        ...(isTimeRangePreset(range) ? { range } : {}),
        ...(range === 'custom' ? { custom: { start: params.get('from') ?? '', end: params.get('to') ?? '' } } : {}),
      };
      refreshWindow();
      if (params.has('size')) pageSize.value = pageSizeOrDefault(Number(params.get('size')));
      page.value = Number.isSafeInteger(wantedPage) && wantedPage > 0 ? wantedPage : 1;
    });
  }

  // The attribute values last applied, so a re-mount (the element moved) does not reset what the user chose.
  let applied: OperationLogSettings = { ...settings };

  /** Applies changed attributes: a new `area` locks the area filter to it, a new `page-size` goes back to page 1. */
  function applySettings(next: OperationLogSettings): void {
    if (next.area !== undefined && next.area !== applied.area) {
      batch(() => {
        lockedArea.value = next.area ?? '';
        update({ area: next.area ?? '' });
      });
    }
    if (next.pageSize !== undefined && next.pageSize !== applied.pageSize) setPage(1, next.pageSize);
    applied = { ...next };
  }

  /** Opens the diff of an entry, or closes it (null). */
  function select(entry: OperationLogEntry | null): void {
    selected.value = entry;
  }

  return {
    viewState,
    restoreViewState,
    state,
    filters,
    lockedArea,
    timeWindow,
    page,
    pageSize,
    busy,
    selected,
    filter,
    query,
    customInvalid,
    load,
    setFilter,
    setOperator,
    setRange,
    setCustom,
    refreshWindow,
    setPage,
    applySettings,
    select,
  };
}

/** The store type. */
export type OperationLogStore = ReturnType<typeof createOperationLogStore>;

const stores = instanceStores<OperationLogStore>();

/** The store of one element, created on first use with the element's attributes. */
export function operationLogStoreFor(host: HTMLElement, settings: OperationLogSettings): OperationLogStore {
  return stores(host, () => {
    const store = createOperationLogStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
