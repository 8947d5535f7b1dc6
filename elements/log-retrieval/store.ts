/**
 * Per-instance store of `<ec-log-retrieval>` (rules §2 "Log retrieval"): the log type tab, the time range (rules §9,
 * UTC+8), the conditional filters and the advanced search expression as the user is editing them, the search last
 * run (what auto refresh repeats), its answer, the open line, the websites the caller may read and the saved queries.
 * It is kept per host element, so moving the element (which unmounts React) keeps what the user chose and typed.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { ApiError, failureText, saveFailureOf, VALIDATION_FAILED_CODE, type FailureText, type FieldIssue } from '../../core/api/catalogue.js';
import {
  deleteSavedQueries,
  getLogContext,
  listSavedQueries,
  saveSavedQuery,
  searchLogs,
  type LogContext,
  type LogFilters,
  type LogLine,
  type LogSearchQuery,
  type SavedQuery,
  type SavedQueryInput,
} from '../../core/api/endpoints/logs.js';
import { isTimeRangePreset, resolveTimeRange, toLogWallTime, type TimeRange, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { parseLogExpression } from '../../core/logs/expression.js';
import { isLogType, LOG_ACTIONS, logField, type LogType } from '../../core/logs/fields.js';
import { LOG_DOMAIN_FILTER_MAX, validateLogDomainFilter } from '../../core/rules/bans.js';
import { validateIpOrCidr } from '../../core/rules/ip.js';
import { autoRefreshChoice } from '../../core/rules/service-limits.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

import { viewStateText } from '../../core/ui/view-state.js';

/** A load: first load, failed load, or data. */
export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: FailureText } | { status: 'ready'; data: T };

/** A time filter: a rules §9 preset, the custom inputs (UTC+8 `datetime-local` text) and the window it resolved to. */
export interface TimeFilter {
  range: TimeRangePreset;
  custom: { start: string; end: string };
  window: TimeRange;
}

/** The conditional filters as the form holds them ('' and [] mean no filter). */
export interface FilterDraft {
  domainIds: number[];
  /** A code (`404`) or a class (`5xx`). */
  status: string;
  /** A country code or a province code (`CN-GD`). */
  region: string;
  clientIp: string;
  method: string;
  /** A path prefix. */
  uri: string;
  ruleId: string;
  /** Security tabs only. */
  action: string;
}

/** Filters a field issue can stand next to. */
export type FilterName = 'domains' | 'status' | 'clientIp' | 'ruleId';

/** A translated finding: a `rules` catalogue key (shared with the server) or one of the element's own. */
export interface Finding {
  namespace: 'rules' | 'own';
  key: string;
  values?: Record<string, unknown>;
}

/** A syntax error of the expression, at a position (translated with the `rules` namespace). */
export interface ExpressionIssue {
  key: string;
  values?: Record<string, unknown>;
  position: number;
  length: number;
}

/** What a search asks for besides the time window: what auto refresh and the URL repeat. */
export interface AppliedSearch {
  logType: LogType;
  filters: FilterDraft;
  expression: string;
}

/** The answer to the last search. */
export type Results =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: FailureText }
  | { status: 'ready'; list: LogLine[]; total: number; query: LogSearchQuery };

/** Attributes the store starts from. */
export interface LogRetrievalSettings {
  logType?: LogType;
  range?: TimeRangePreset;
  expression?: string;
  clientIp?: string;
  domainId?: number;
  viewState?: string;
}

/** The tab a new view starts on. */
export const DEFAULT_LOG_TYPE: LogType = 'access';
/** The range a new view starts with (wide enough to show lines on a quiet site, short enough to answer fast). */
export const DEFAULT_LOG_RANGE: TimeRangePreset = '3h';

const EMPTY_FILTERS: FilterDraft = { domainIds: [], status: '', region: '', clientIp: '', method: '', uri: '', ruleId: '', action: '' };
/** A status code (100-599) or class (`4xx`). */
const STATUS_PATTERN = /^(?:[1-5]\d{2}|[1-5]xx)$/i;

function timeFilter(range: TimeRangePreset, now: number, custom?: { start: string; end: string }): TimeFilter {
  const window = resolveTimeRange(range, now, custom) ?? (resolveTimeRange(DEFAULT_LOG_RANGE, now) as TimeRange);
  return { range, custom: custom ?? { start: toLogWallTime(window.start), end: toLogWallTime(window.end) }, window };
}

/** Whether the type has a field (rule id and action are security fields; the form hides them on the access tab). */
export function typeHas(type: LogType, field: string): boolean {
  return logField(type, field) !== undefined;
}

/** The filters a type can use: security fields are dropped on the access tab. */
function filtersFor(type: LogType, filters: FilterDraft): FilterDraft {
  return {
    ...filters,
    ruleId: typeHas(type, 'rule_id') ? filters.ruleId : '',
    action: typeHas(type, 'action') ? filters.action : '',
  };
}

/** Checks the filters before a search; each finding stands next to its field (rules §5, §9 and the IP rules). */
export function checkFilters(filters: FilterDraft, domainNames: (ids: number[]) => string[]): Partial<Record<FilterName, Finding>> {
  const found: Partial<Record<FilterName, Finding>> = {};
  const domains = validateLogDomainFilter(domainNames(filters.domainIds));
  if (domains) found.domains = { namespace: 'rules', key: domains.key, values: domains.values };
  if (filters.status.trim() && !STATUS_PATTERN.test(filters.status.trim())) found.status = { namespace: 'own', key: 'filter.status-invalid' };
  if (filters.clientIp.trim()) {
    const ip = validateIpOrCidr(filters.clientIp);
    if (ip) found.clientIp = { namespace: 'rules', key: ip.key, values: ip.values };
  }
  const rule = filters.ruleId.trim();
  if (rule && !(/^\d{1,15}$/.test(rule) && Number(rule) > 0)) found.ruleId = { namespace: 'own', key: 'filter.rule-id-invalid' };
  return found;
}

/** The filter part of the search call. */
export function filterQuery(filters: FilterDraft): LogFilters {
  const text = (value: string) => value.trim() || undefined;
  return {
    domain_ids: filters.domainIds.length ? filters.domainIds.join(',') : undefined,
    status: text(filters.status)?.toLowerCase(),
    region: text(filters.region),
    client_ip: text(filters.clientIp),
    method: text(filters.method),
    uri: text(filters.uri),
    rule_id: filters.ruleId.trim() ? Number(filters.ruleId.trim()) : undefined,
    action: text(filters.action),
  };
}

/** The expression issue of a validation refusal, when the server refused the expression. */
export function expressionIssueOf(issues: readonly FieldIssue[]): ExpressionIssue | null {
  const found = issues.find((candidate) => candidate.field === 'expression');
  if (!found) return null;
  const values = found.values ?? {};
  const position = Number(values.position);
  const length = Number(values.length);
  return { key: found.key, values, position: Number.isFinite(position) ? position : 0, length: Number.isFinite(length) && length > 0 ? length : 1 };
}

/** A value as the expression language writes it: numbers bare, times as UTC+8 minutes, text in double quotes. */
export function expressionValue(type: LogType, field: string, value: string | number): string {
  const kind = logField(type, field)?.kind;
  if (kind === 'number' && typeof value === 'number') return String(value);
  if (kind === 'time') {
    const at = typeof value === 'number' ? value : Date.parse(value);
    return `"${toLogWallTime(at).replace('T', ' ')}"`;
  }
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Adds `field = value` to an expression; an expression with `or` is put in parentheses first, so it keeps its meaning. */
export function withCondition(expression: string, condition: string): string {
  const current = expression.trim();
  if (!current) return condition;
  return /\bor\b/i.test(current) ? `(${current}) and ${condition}` : `${current} and ${condition}`;
}

/** Creates a store; {@link logRetrievalStoreFor} gives each element its own. */
export function createLogRetrievalStore(settings: LogRetrievalSettings = {}, now: () => number = Date.now) {
  const defaults = { logType: settings.logType ?? DEFAULT_LOG_TYPE, range: settings.range ?? DEFAULT_LOG_RANGE };
  const logType = signal<LogType>(defaults.logType);
  const time = signal<TimeFilter>(timeFilter(defaults.range, now()));
  const filters = signal<FilterDraft>({
    ...EMPTY_FILTERS,
    clientIp: settings.clientIp ?? '',
    domainIds: settings.domainId ? [settings.domainId] : [],
  });
  const expression = signal(settings.expression ?? '');
  /** Findings of the last search attempt, next to their filters. */
  const filterIssues = signal<Partial<Record<FilterName, Finding>>>({});
  /** The expression's syntax error, found while typing, on submit or by the server. */
  const expressionIssue = signal<ExpressionIssue | null>(null);
  const applied = signal<AppliedSearch | null>(null);
  const results = signal<Results>({ status: 'idle' });
  /** A search is running over the lines shown. */
  const busy = signal(false);
  const selected = signal<LogLine | null>(null);
  const autoRefresh = signal(0);
  const context = signal<Loaded<LogContext>>({ status: 'loading' });
  const savedQueries = signal<Loaded<SavedQuery[]>>({ status: 'loading' });
  let searchSequence = 0;

  /** The custom inputs do not form a range. */
  const customInvalid = computed(() => time.value.range === 'custom' && resolveTimeRange('custom', 0, time.value.custom) === null);

  function domainNames(ids: number[]): string[] {
    const loaded = context.value.status === 'ready' ? context.value.data.websites : [];
    return ids.map((id) => loaded.find((site) => site.id === id)?.domain ?? String(id));
  }

  function loadContext(client: ApiClient): Promise<void> {
    if (context.value.status === 'error') context.value = { status: 'loading' };
    return getLogContext(client).then(
      (data) => {
        context.value = { status: 'ready', data };
      },
      (error: unknown) => {
        context.value = { status: 'error', message: failureText(error) };
      },
    );
  }

  /** The search call of an applied search over the current window (`to` exclusive). */
  function queryOf(search: AppliedSearch): LogSearchQuery {
    const window = time.value.window;
    return {
      log_type: search.logType,
      from: new Date(window.start).toISOString(),
      to: new Date(window.end + 1).toISOString(),
      ...filterQuery(search.filters),
      expression: search.expression.trim() || undefined,
    };
  }

  async function run(client: ApiClient, search: AppliedSearch): Promise<{ query: LogSearchQuery; total: number } | null> {
    const sequence = ++searchSequence;
    const query = queryOf(search);
    batch(() => {
      applied.value = search;
      if (results.value.status === 'ready') busy.value = true;
      else results.value = { status: 'loading' };
    });
    try {
      const answer = await searchLogs(client, query);
      if (sequence !== searchSequence) return null;
      batch(() => {
        results.value = { status: 'ready', list: answer.list, total: answer.total, query };
        busy.value = false;
      });
      return { query, total: answer.total };
    } catch (error) {
      if (sequence !== searchSequence) return null;
      const issue = error instanceof ApiError && error.code === VALIDATION_FAILED_CODE ? expressionIssueOf(saveFailureOf(error).issues) : null;
      batch(() => {
        busy.value = false;
        if (issue) {
          // The lines of the last good search stay; the refused expression is marked where it is wrong.
          expressionIssue.value = issue;
          if (results.value.status === 'loading') results.value = { status: 'idle' };
        } else {
          results.value = { status: 'error', message: failureText(error) };
        }
      });
      return null;
    }
  }

  /**
   * Searches with the form as it is: the filters and the expression are checked first (nothing is sent while one is
   * wrong), the rolling range is brought up to now. Answers the query and total, or null when nothing was shown.
   */
  function search(client: ApiClient): Promise<{ query: LogSearchQuery; total: number } | null> {
    const type = logType.value;
    const draft = filtersFor(type, filters.value);
    const found = checkFilters(draft, domainNames);
    const parsed = expression.value.trim() ? parseLogExpression(expression.value, type) : null;
    batch(() => {
      filterIssues.value = found;
      expressionIssue.value = parsed && !parsed.ok ? parsed.issue : null;
      refreshWindow();
    });
    if (Object.keys(found).length > 0 || (parsed && !parsed.ok) || customInvalid.value) return Promise.resolve(null);
    return run(client, { logType: type, filters: draft, expression: expression.value.trim() });
  }

  /** Repeats the last search over a window brought up to now (the refresh button and auto refresh). */
  function refresh(client: ApiClient): Promise<{ query: LogSearchQuery; total: number } | null> {
    const last = applied.value;
    if (!last) return search(client);
    refreshWindow();
    return run(client, last);
  }

  /** Resolves the chosen range again at the current time; an incomplete custom range keeps the last window. */
  function refreshWindow(): void {
    const current = time.value;
    const next = resolveTimeRange(current.range, now(), current.custom);
    if (next && (next.start !== current.window.start || next.end !== current.window.end)) time.value = { ...current, window: next };
  }

  function setLogType(type: LogType): void {
    if (type === logType.value) return;
    batch(() => {
      logType.value = type;
      filters.value = filtersFor(type, filters.value);
      expressionIssue.value = null;
      selected.value = null;
    });
  }

  function setTime(change: Partial<Pick<TimeFilter, 'range' | 'custom'>>): void {
    const merged = { ...time.value, ...change };
    const window = resolveTimeRange(merged.range, now(), merged.custom);
    time.value = { ...merged, window: window ?? time.value.window };
  }

  function setFilter<Name extends keyof FilterDraft>(name: Name, value: FilterDraft[Name]): void {
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      const issueName = name === 'domainIds' ? 'domains' : name;
      if (issueName in filterIssues.value) {
        const { [issueName as FilterName]: _dropped, ...rest } = filterIssues.value;
        filterIssues.value = rest;
      }
    });
  }

  /** Clears every filter (not the range, tab or expression). */
  function clearFilters(): void {
    batch(() => {
      filters.value = { ...EMPTY_FILTERS };
      filterIssues.value = {};
    });
  }

  /** The expression as typed; the inline check runs debounced in the input, this only keeps the text. */
  function setExpression(text: string): void {
    expression.value = text;
  }

  /** The typing check's finding (null when the text parses). */
  function setExpressionIssue(issue: ExpressionIssue | null): void {
    expressionIssue.value = issue;
  }

  /** "Search lines with this value": adds `field = value` to the expression of the open line's tab. */
  function addCondition(field: string, value: string | number): void {
    const type = logType.value;
    batch(() => {
      expression.value = withCondition(expression.value, `${field} = ${expressionValue(type, field, value)}`);
      selected.value = null;
    });
  }

  function select(line: LogLine | null): void {
    selected.value = line;
  }

  function setAutoRefresh(seconds: number): void {
    autoRefresh.value = autoRefreshChoice(seconds);
  }

  /**
   * Counts the list's own changes (a save or a delete shown at once). A list answer that left the server before such a
   * change would put the old list back over it (seen in a full test run: the query just saved vanished because the
   * page's first list call answered after the save), so such an answer is dropped and the list read again.
   */
  let savedQueriesChanges = 0;

  function loadSavedQueries(client: ApiClient): Promise<void> {
    if (savedQueries.value.status === 'error') savedQueries.value = { status: 'loading' };
    const changesAtStart = savedQueriesChanges;
    return listSavedQueries(client, { page: 1, per_page: 100 }).then(
      (answer) => {
        if (changesAtStart !== savedQueriesChanges) return loadSavedQueries(client);
        savedQueries.value = { status: 'ready', data: answer.list };
      },
      (error: unknown) => {
        if (changesAtStart !== savedQueriesChanges) return loadSavedQueries(client);
        savedQueries.value = { status: 'error', message: failureText(error) };
      },
    );
  }

  /** Saves a query; the list shows it at once. Failures go back to the form (useSave-style: nothing typed is lost). */
  async function saveQuery(client: ApiClient, input: SavedQueryInput): Promise<SavedQuery> {
    const saved = await saveSavedQuery(client, input);
    const list = savedQueries.value.status === 'ready' ? savedQueries.value.data : [];
    const others = list.filter((query) => query.id !== saved.id);
    savedQueriesChanges += 1;
    savedQueries.value = { status: 'ready', data: input.id ? list.map((query) => (query.id === saved.id ? saved : query)) : [saved, ...others] };
    return saved;
  }

  async function deleteQuery(client: ApiClient, id: number): Promise<void> {
    await deleteSavedQueries(client, [id]);
    savedQueriesChanges += 1;
    if (savedQueries.value.status === 'ready') savedQueries.value = { status: 'ready', data: savedQueries.value.data.filter((query) => query.id !== id) };
  }

  /** Takes a saved query for the next search: its tab, its statement as the expression; filters and range stay. */
  function applySavedQuery(query: SavedQuery): void {
    batch(() => {
      setLogType(query.log_type);
      expression.value = query.statement;
    });
  }

  /**
   * The bookmarkable view (core/ui/view-state.ts): the tab, the range (with its ends when custom) and what the last
   * search applied; defaults are left out.
   */
  const viewState = computed(() => {
    const search = applied.value;
    const current = search?.filters ?? EMPTY_FILTERS;
    const { range, custom } = time.value;
    return viewStateText(
      {
        type: logType.value,
        range,
        from: range === 'custom' ? custom.start : '',
        to: range === 'custom' ? custom.end : '',
        domains: current.domainIds.join(','),
        status: current.status,
        region: current.region,
        ip: current.clientIp,
        method: current.method,
        uri: current.uri,
        rule: current.ruleId,
        action: current.action,
        q: search?.expression ?? '',
      },
      { type: defaults.logType, range: defaults.range },
    );
  });

  /** Starts from a bookmarked view; values that are not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const type = params.get('type');
    const range = params.get('range');
    const ids = (params.get('domains') ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0)
      .slice(0, LOG_DOMAIN_FILTER_MAX);
    const action = params.get('action') ?? '';
    batch(() => {
      if (isLogType(type)) logType.value = type;
      if (isTimeRangePreset(range)) {
        const custom = range === 'custom' ? { start: params.get('from') ?? '', end: params.get('to') ?? '' } : undefined;
        time.value = timeFilter(range, now(), custom);
      }
      filters.value = filtersFor(logType.value, {
        domainIds: ids,
        status: params.get('status') ?? '',
        region: params.get('region') ?? '',
        clientIp: params.get('ip') ?? '',
        method: params.get('method') ?? '',
        uri: params.get('uri') ?? '',
        ruleId: params.get('rule') ?? '',
        action: (LOG_ACTIONS as readonly string[]).includes(action) ? action : '',
      });
      expression.value = params.get('q') ?? '';
    });
  }

  // The attribute values last applied, so a re-mount (the element moved) does not reset what the user chose.
  let appliedSettings: LogRetrievalSettings = { ...settings };

  /**
   * Applies changed attributes (a host opening the element pre-filtered, e.g. the ban manager's "why was this IP
   * banned"); answers whether a new search is due.
   */
  function applySettings(next: LogRetrievalSettings): boolean {
    const previous = appliedSettings;
    appliedSettings = { ...next };
    let changed = false;
    batch(() => {
      if (next.logType && next.logType !== previous.logType) {
        setLogType(next.logType);
        changed = true;
      }
      if (next.range && next.range !== previous.range) {
        setTime({ range: next.range });
        changed = true;
      }
      if (next.expression !== undefined && next.expression !== previous.expression) {
        expression.value = next.expression;
        changed = true;
      }
      if (next.clientIp !== undefined && next.clientIp !== previous.clientIp) {
        setFilter('clientIp', next.clientIp);
        changed = true;
      }
      if (next.domainId !== undefined && next.domainId !== previous.domainId) {
        setFilter('domainIds', next.domainId ? [next.domainId] : []);
        changed = true;
      }
    });
    return changed;
  }

  return {
    logType,
    time,
    filters,
    expression,
    filterIssues,
    expressionIssue,
    applied,
    results,
    busy,
    selected,
    autoRefresh,
    context,
    savedQueries,
    customInvalid,
    viewState,
    loadContext,
    search,
    refresh,
    setLogType,
    setTime,
    setFilter,
    clearFilters,
    setExpression,
    setExpressionIssue,
    addCondition,
    select,
    setAutoRefresh,
    loadSavedQueries,
    saveQuery,
    deleteQuery,
    applySavedQuery,
    restoreViewState,
    applySettings,
    queryOf,
  };
}

/** The store type. */
export type LogRetrievalStore = ReturnType<typeof createLogRetrievalStore>;

const stores = instanceStores<LogRetrievalStore>();

/** The store of one element, created on first use with the element's attributes. */
export function logRetrievalStoreFor(host: HTMLElement, settings: LogRetrievalSettings): LogRetrievalStore {
  return stores(host, () => {
    const store = createLogRetrievalStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
