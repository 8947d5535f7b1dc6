/**
 * Per-instance store of `<ec-ban-manager>`: the account's domains (for the filters and batch unban), the overview
 * (counts by state, most banned addresses and domains) and the ban record list with its filters. Kept per host
 * element, so moving the element (which unmounts React) keeps what the user chose. Times are resolved with the
 * rules §9 date ranges in UTC+8, as ban times are shown.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  BAN_STATUSES,
  getBanOverview,
  listBanRecords,
  unbanRecords,
  type BanFilter,
  type BanOverview,
  type BanRecord,
  type BanRecordQuery,
  type BanStatus,
} from '../../core/api/endpoints/bans.js';
import { listDomainPicker, type DomainListItem } from '../../core/api/endpoints/platform.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { isTimeRangePreset, resolveTimeRange, toLogWallTime, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** The range a new view starts with. */
export const DEFAULT_BAN_RANGE: TimeRangePreset = '7d';

/** A time filter: a rules §9 preset, the custom inputs (UTC+8 `datetime-local` text) and the window it resolved to. */
export interface TimeFilter {
  range: TimeRangePreset;
  custom: { start: string; end: string };
  window: TimeRange;
}

/** The record filters; '' and null mean all. */
export interface RecordFilters {
  ip: string;
  domainId: number | null;
  status: BanStatus | '';
}

/** A load: first load, failed load, or data. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** Attributes the store starts from. */
export interface BanManagerSettings {
  pageSize?: number;
  domainId?: number;
  /** The bookmarked view to start from (URL query text). */
  viewState?: string;
}


function initialTime(now: number): TimeFilter {
  const window = resolveTimeRange(DEFAULT_BAN_RANGE, now) as TimeRange;
  return { range: DEFAULT_BAN_RANGE, custom: { start: toLogWallTime(window.start), end: toLogWallTime(window.end) }, window };
}

/** The window a time filter change resolves to; an incomplete custom range keeps the last window. */
function nextTime(current: TimeFilter, change: Partial<Pick<TimeFilter, 'range' | 'custom'>>, now: number): TimeFilter {
  const merged = { ...current, ...change };
  const window = resolveTimeRange(merged.range, now, merged.custom);
  return { ...merged, window: window ?? current.window };
}

function timeQuery(time: TimeFilter): Pick<BanFilter, 'start_time' | 'end_time'> {
  return { start_time: new Date(time.window.start).toISOString(), end_time: new Date(time.window.end).toISOString() };
}

/** Creates a store; {@link banManagerStoreFor} gives each element its own. */
export function createBanManagerStore(settings: BanManagerSettings = {}, now: () => number = Date.now) {
  const domains = signal<Loaded<DomainListItem[]>>({ status: 'loading' });

  const overviewTime = signal<TimeFilter>(initialTime(now()));
  const overviewDomain = signal<number | null>(settings.domainId ?? null);
  const overview = signal<Loaded<BanOverview>>({ status: 'loading' });

  const recordTime = signal<TimeFilter>(initialTime(now()));
  const filters = signal<RecordFilters>({ ip: '', domainId: settings.domainId ?? null, status: '' });
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  const records = signal<Loaded<{ list: BanRecord[]; total: number }>>({ status: 'loading' });
  /** A reload runs while the previous rows are shown. */
  const recordsBusy = signal(false);
  /** Ids of records being unbanned now. */
  const unbanning = signal<ReadonlySet<number>>(new Set());

  const overviewQuery = computed(() => ({
    ...timeQuery(overviewTime.value),
    ...(overviewDomain.value !== null ? { domain_id: overviewDomain.value } : {}),
  }));
  const recordQuery = computed<BanRecordQuery>(() => {
    const { ip, domainId, status } = filters.value;
    return {
      page: page.value,
      per_page: pageSize.value,
      ...timeQuery(recordTime.value),
      ...(ip ? { ip } : {}),
      ...(domainId !== null ? { domain_id: domainId } : {}),
      ...(status ? { status } : {}),
    };
  });

  // Each load gets a number; an answer for an older load is dropped.
  let overviewGeneration = 0;
  let recordGeneration = 0;

  /** Loads the domains once (they change rarely); a failure can be retried. */
  async function loadDomains(client: ApiClient): Promise<void> {
    if (domains.value.status === 'ready') return;
    domains.value = { status: 'loading' };
    try {
      const answer = await listDomainPicker(client);
      domains.value = { status: 'ready', data: answer.list };
    } catch {
      domains.value = { status: 'error' };
    }
  }

  async function loadOverview(client: ApiClient): Promise<void> {
    const current = ++overviewGeneration;
    if (overview.value.status !== 'ready') overview.value = { status: 'loading' };
    try {
      const data = await getBanOverview(client, overviewQuery.value);
      if (current === overviewGeneration) overview.value = { status: 'ready', data };
    } catch {
      if (current === overviewGeneration) overview.value = { status: 'error' };
    }
  }

  async function loadRecords(client: ApiClient): Promise<void> {
    const current = ++recordGeneration;
    if (records.value.status === 'ready') recordsBusy.value = true;
    else records.value = { status: 'loading' };
    try {
      const answer = await listBanRecords(client, recordQuery.value);
      if (current === recordGeneration) records.value = { status: 'ready', data: answer };
    } catch {
      if (current === recordGeneration) records.value = { status: 'error' };
    } finally {
      if (current === recordGeneration) recordsBusy.value = false;
    }
  }

  /** Changes the overview's range or custom inputs. */
  function setOverviewTime(change: Partial<Pick<TimeFilter, 'range' | 'custom'>>): void {
    overviewTime.value = nextTime(overviewTime.value, change, now());
  }

  function setOverviewDomain(domainId: number | null): void {
    overviewDomain.value = domainId;
  }

  /** Changes the record list's range or custom inputs; back to page 1 when the window moved. */
  function setRecordTime(change: Partial<Pick<TimeFilter, 'range' | 'custom'>>): void {
    const next = nextTime(recordTime.value, change, now());
    batch(() => {
      if (next.window.start !== recordTime.value.window.start || next.window.end !== recordTime.value.window.end) page.value = 1;
      recordTime.value = next;
    });
  }

  /** Changes a record filter; back to page 1. */
  function setFilter(change: Partial<RecordFilters>): void {
    batch(() => {
      filters.value = { ...filters.value, ...change };
      page.value = 1;
    });
  }

  /** Goes to a page, or changes the page size (which goes back to page 1, as the pager asks). */
  function setPage(next: number, size: number = pageSize.value): void {
    batch(() => {
      page.value = next;
      pageSize.value = pageSizeOrDefault(size);
    });
  }

  /**
   * Brings rolling ranges ("last 15 minutes") up to now. Answers true when a window moved (the query changed, so the
   * lists reload themselves); false when the caller has to reload.
   */
  function refreshWindows(): boolean {
    const overviewNext = nextTime(overviewTime.value, {}, now());
    const recordNext = nextTime(recordTime.value, {}, now());
    const moved =
      overviewNext.window.end !== overviewTime.value.window.end || recordNext.window.end !== recordTime.value.window.end;
    if (moved) {
      batch(() => {
        overviewTime.value = overviewNext;
        recordTime.value = recordNext;
        page.value = 1;
      });
    }
    return moved;
  }

  /** Unbans one record now (rules §2 immediate unlock); answers how many were released (0 when already released). */
  async function unban(client: ApiClient, record: BanRecord): Promise<number> {
    unbanning.value = new Set([...unbanning.value, record.id]);
    try {
      const answer = await unbanRecords(client, { ids: [record.id] });
      return answer.unbanned;
    } finally {
      const next = new Set(unbanning.value);
      next.delete(record.id);
      unbanning.value = next;
    }
  }

  /** A time filter as view-state values: the preset, and for a custom range its two ends as typed (UTC+8). */
  const timeState = (time: TimeFilter) => ({
    range: time.range,
    from: time.range === 'custom' ? time.custom.start : '',
    to: time.range === 'custom' ? time.custom.end : '',
  });

  /**
   * The bookmarkable view of each view (core/ui/view-state.ts; issue 19 "filters, page number" in the URL): the
   * records' filters, range, page and page size; the overview's range and domain. Defaults are left out.
   */
  const recordsViewState = computed(() =>
    viewStateText(
      {
        ip: filters.value.ip,
        domain: filters.value.domainId,
        status: filters.value.status,
        ...timeState(recordTime.value),
        page: page.value,
        size: pageSize.value,
      },
      { domain: settings.domainId ?? null, range: DEFAULT_BAN_RANGE, page: 1, size: pageSizeOrDefault(settings.pageSize) },
    ),
  );
  const overviewViewState = computed(() =>
    viewStateText({ domain: overviewDomain.value, ...timeState(overviewTime.value) }, { domain: settings.domainId ?? null, range: DEFAULT_BAN_RANGE }),
  );

  /** Starts from a bookmarked view (the `view-state` attribute); values that are not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const whole = (name: string) => {
      const value = Number(params.get(name));
      return Number.isSafeInteger(value) && value > 0 ? value : null;
    };
    const range = params.get('range');
    const status = params.get('status') ?? '';
    const domain = whole('domain');
    batch(() => {
      if (isTimeRangePreset(range)) {
        const change = { range, ...(range === 'custom' ? { custom: { start: params.get('from') ?? '', end: params.get('to') ?? '' } } : {}) };
        recordTime.value = nextTime(recordTime.value, change, now());
        overviewTime.value = nextTime(overviewTime.value, change, now());
      }
      filters.value = {
        ip: params.get('ip') ?? '',
        domainId: domain ?? filters.value.domainId,
        status: (BAN_STATUSES as readonly string[]).includes(status) ? (status as BanStatus) : '',
      };
      if (domain !== null) overviewDomain.value = domain;
      if (params.has('size')) pageSize.value = pageSizeOrDefault(Number(params.get('size')));
      page.value = whole('page') ?? 1;
    });
  }

  // The attribute values last applied, so a re-mount (the element moved) does not reset what the user chose.
  let applied: BanManagerSettings = { ...settings };

  /** Applies changed attributes: a new `page-size` goes back to page 1; a new `domain-id` filters both views by it. */
  function applySettings(next: BanManagerSettings): void {
    if (next.pageSize !== undefined && next.pageSize !== applied.pageSize) setPage(1, next.pageSize);
    if (next.domainId !== applied.domainId) {
      batch(() => {
        setFilter({ domainId: next.domainId ?? null });
        overviewDomain.value = next.domainId ?? null;
      });
    }
    applied = { ...next };
  }

  return {
    recordsViewState,
    overviewViewState,
    restoreViewState,
    domains,
    overviewTime,
    overviewDomain,
    overview,
    overviewQuery,
    recordTime,
    filters,
    page,
    pageSize,
    records,
    recordsBusy,
    recordQuery,
    unbanning,
    loadDomains,
    loadOverview,
    loadRecords,
    setOverviewTime,
    setOverviewDomain,
    setRecordTime,
    setFilter,
    setPage,
    refreshWindows,
    unban,
    applySettings,
  };
}

/** The store type. */
export type BanManagerStore = ReturnType<typeof createBanManagerStore>;

const stores = instanceStores<BanManagerStore>();

/** The store of one element, created on first use with the element's attributes. */
export function banManagerStoreFor(host: HTMLElement, settings: BanManagerSettings): BanManagerStore {
  return stores(host, () => {
    const store = createBanManagerStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
