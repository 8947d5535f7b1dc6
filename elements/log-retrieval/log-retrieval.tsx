/**
 * `<ec-log-retrieval>`: the edge logs (rules §2 "Log retrieval": access, WAF, CC and granular access control logs),
 * searched by time range (rules §9 date ranges, UTC+8), conditional filters and an advanced search expression, newest
 * 500 lines first (rules §9) with a detail drawer, auto refresh (shell §9: 30 s to 15 min, paused while the page is
 * hidden) and saved queries (rules §3, §5).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { getLogFieldValues, type SavedQuery, type SavedQueryInput } from '../../core/api/endpoints/logs.js';
import type { TimeRangePreset } from '../../core/i18n/time-range.js';
import { LOG_TYPE_LABEL_KEYS } from '../../core/logs/field-labels.js';
import { LOG_TYPES, type LogType } from '../../core/logs/fields.js';
import { loadRegionData } from '../../core/region/region.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { AutoRefreshField } from '../../core/ui/parts/auto-refresh.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { TimeRangeFields } from '../../core/ui/parts/time-range-filter.js';
import { LOGS_SEARCHED_EVENT, SAVED_QUERIES_DELETED_EVENT, SAVED_QUERY_SAVED_EVENT } from './events.js';
import { ExpressionInput } from './parts/expression-input.js';
import { FilterForm } from './parts/filter-form.js';
import { LineDrawer } from './parts/line-drawer.js';
import { LogTable } from './parts/log-table.js';
import { SavedQueriesPanel, SavedQueryDialog } from './parts/saved-queries.js';
import { logRetrievalStoreFor, type Loaded } from './store.js';

/** Props of the component (attributes of the element). */
export interface LogRetrievalProps {
  /** The tab to open. */
  logType?: LogType;
  /** The range preset to start from. */
  range?: Exclude<TimeRangePreset, 'custom'>;
  /** An expression to start from (a host opening the element pre-filtered). */
  expression?: string;
  /** A client IP or CIDR to start filtered by. */
  clientIp?: string;
  /** A website to start filtered by. */
  domainId?: number;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** The log retrieval page. */
export function LogRetrieval({ logType, range, expression, clientIp, domainId, viewState }: LogRetrievalProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const tFields = useT('log-fields');
  const store = logRetrievalStoreFor(host, { logType, range, expression, clientIp, domainId, viewState });
  useViewStateReport(store.viewState.value);
  const ids = { tabs: useId() };
  const tabButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const [savedShown, setSavedShown] = useState(false);
  const [draft, setDraft] = useState<SavedQueryInput | null>(null);

  const type = store.logType.value;
  const seconds = store.autoRefresh.value;
  const context = store.context.value;
  const websites: Loaded<{ id: number; domain: string }[]> = context.status === 'ready' ? { status: 'ready', data: context.data.websites } : context;

  const report = (answer: Awaited<ReturnType<typeof store.search>>) => {
    if (answer) emit(LOGS_SEARCHED_EVENT, answer);
  };
  const searchNow = () => void store.search(client).then(report);
  const refreshNow = () => void store.refresh(client).then(report);

  const chooseType = (next: LogType) => {
    store.setLogType(next);
    searchNow();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? LOG_TYPES.length - 1 : step ? (index + step + LOG_TYPES.length) % LOG_TYPES.length : -1;
    if (target < 0) return;
    event.preventDefault();
    tabButtons.current[target]?.focus();
    chooseType(LOG_TYPES[target]!);
  };

  const fetchValues = (field: string, prefix: string) => {
    const last = store.applied.value;
    const base = store.queryOf({ logType: type, filters: last?.logType === type ? last.filters : { ...store.filters.value, domainIds: [], ruleId: '' }, expression: '' });
    return getLogFieldValues(client, { ...base, field, prefix: prefix || undefined }).then((answer) => answer.values.map((item) => item.value));
  };

  const runSaved = (query: SavedQuery) => {
    store.applySavedQuery(query);
    searchNow();
  };

  useEffect(() => {
    void store.loadContext(client);
    void store.loadSavedQueries(client);
    // Region names for the region filter; without them the filter offers codes only, so a failure is not shown.
    loadRegionData(client).catch(() => undefined);
  }, [store, client]);
  useEffect(() => {
    const changed = store.applySettings({ logType, range, expression, clientIp, domainId, viewState });
    if (changed || store.applied.value === null) searchNow();
  }, [store, client, logType, range, expression, clientIp, domainId]);
  useAutoRefresh(seconds, refreshNow);

  return (
    <div className="ec-root ec-stack ec-log-retrieval">
      <div role="tablist" aria-label={t('tabs-label')} className="ec-log-tabs" part="tabs">
        {LOG_TYPES.map((value, index) => (
          <button
            key={value}
            ref={(button) => {
              tabButtons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${ids.tabs}-${value}`}
            aria-selected={value === type}
            aria-controls={`${ids.tabs}-panel`}
            tabIndex={value === type ? 0 : -1}
            className={value === type ? 'ec-log-tab ec-active' : 'ec-log-tab'}
            onClick={() => value !== type && chooseType(value)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {tFields(LOG_TYPE_LABEL_KEYS[value])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids.tabs}-panel`} aria-labelledby={`${ids.tabs}-${type}`} className="ec-stack">
        <form
          className="ec-stack ec-log-form"
          role="search"
          aria-label={t('toolbar-label')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            searchNow();
          }}
        >
          <div className="ec-row ec-toolbar" part="toolbar">
            <TimeRangeFields
              value={store.time.value}
              onChange={(change) => {
                store.setTime(change);
                if (!store.customInvalid.value) searchNow();
              }}
            />
            <AutoRefreshField seconds={seconds} onChange={(value) => store.setAutoRefresh(value)} />
            <span className="ec-spacer" />
            {context.status === 'ready' && context.data.simulator_running && (
              <span className="ec-muted ec-log-live" role="note">
                <i className="pi pi-circle-fill" aria-hidden="true" /> {t('simulator-running')}
              </span>
            )}
            <Button type="button" icon="pi pi-refresh" outlined label={t('refresh.now')} onClick={refreshNow} />
            <Button
              type="button"
              icon="pi pi-bookmark"
              outlined
              label={t('saved.title')}
              aria-expanded={savedShown}
              onClick={() => {
                if (!savedShown && store.savedQueries.value.status === 'error') void store.loadSavedQueries(client);
                setSavedShown(!savedShown);
              }}
            />
          </div>
          <FilterForm logType={type} filters={store.filters.value} issues={store.filterIssues.value} websites={websites} onChange={store.setFilter} />
          <ExpressionInput
            logType={type}
            value={store.expression.value}
            issue={store.expressionIssue.value}
            onChange={store.setExpression}
            onIssue={store.setExpressionIssue}
            onSubmit={searchNow}
            fetchValues={fetchValues}
          />
          <div className="ec-row">
            <Button type="submit" icon="pi pi-search" label={t('search')} />
            <Button type="button" text label={t('clear-filters')} onClick={store.clearFilters} />
            <span className="ec-spacer" />
            <Button
              type="button"
              text
              icon="pi pi-save"
              label={t('saved.save-current')}
              aria-haspopup="dialog"
              onClick={() => setDraft({ name: '', description: '', log_type: type, statement: store.expression.value.trim() })}
            />
          </div>
        </form>
        {savedShown && (
          <SavedQueriesPanel
            queries={store.savedQueries.value}
            onRun={runSaved}
            onEdit={(query) => setDraft({ id: query.id, name: query.name, description: query.description, log_type: query.log_type, statement: query.statement })}
            onDelete={(query) => store.deleteQuery(client, query.id).then(() => void emit(SAVED_QUERIES_DELETED_EVENT, { ids: [query.id] }))}
            onRetry={() => void store.loadSavedQueries(client)}
          />
        )}
        <LogTable logType={type} results={store.results.value} busy={store.busy.value} onOpen={store.select} onRetry={refreshNow} />
      </div>
      <LineDrawer
        logType={type}
        line={store.selected.value}
        onHide={() => store.select(null)}
        onSearchValue={(field, value) => {
          store.addCondition(field, value);
          searchNow();
        }}
      />
      <SavedQueryDialog
        draft={draft}
        onHide={() => setDraft(null)}
        onSave={(input) =>
          store.saveQuery(client, input).then((saved) => {
            emit(SAVED_QUERY_SAVED_EVENT, { query: saved });
            return saved;
          })
        }
      />
    </div>
  );
}
