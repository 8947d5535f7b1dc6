/**
 * The filter bar of the security reports: the rules §9 date range (core TimeRangeFields, custom inputs in UTC+8), the
 * websites (those the caller's reports grant covers; none chosen means all of them) and auto refresh (core), with a
 * refresh button. Every control has a visible label. `part="toolbar"`.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { useId, useMemo } from 'react';
import { useT } from '../../../core/ui/element-context.js';
import { AutoRefreshField } from '../../../core/ui/parts/auto-refresh.js';
import { TimeRangeFields } from '../../../core/ui/parts/time-range-filter.js';
import type { SecurityReportStore } from '../store.js';

/** Props of {@link SecurityFilters}. */
export interface SecurityFiltersProps {
  store: SecurityReportStore;
  /** A filter changed, or the refresh button was pressed: read again. */
  onRefresh: () => void;
}

/** The bar. */
export function SecurityFilters({ store, onRefresh }: SecurityFiltersProps) {
  useSignals();
  const t = useT('attack-report');
  const id = useId();
  const websites = store.websites.value;
  const chosen = store.domainIds.value;
  const options = useMemo(() => (websites.status === 'ready' ? websites.list.map((website) => ({ value: website.id, label: website.domain })) : []), [websites]);
  const label = t('filter.websites');
  const change = (apply: () => void) => {
    apply();
    onRefresh();
  };

  return (
    <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('filter.label')}>
      <TimeRangeFields value={store.time.value} onChange={(value) => change(() => store.setTime(value))} />
      <div className="ec-filter">
        <label htmlFor={id}>{label}</label>
        <MultiSelect
          inputId={id}
          value={chosen}
          options={options}
          onChange={(event) => change(() => store.setDomainIds((event.value as number[] | null) ?? []))}
          filter
          display="comma"
          maxSelectedLabels={2}
          selectedItemsLabel={t('filter.websites-chosen', { count: chosen.length })}
          placeholder={websites.status === 'error' ? t('filter.websites-failed') : t('filter.all-websites')}
          emptyMessage={websites.status === 'loading' ? t('filter.websites-loading') : t('filter.no-websites')}
          pt={{
            root: { 'aria-activedescendant': undefined } as never,
            input: { 'aria-label': label } as never,
            filterInput: { 'aria-label': t('filter.search-websites') } as never,
            headerCheckbox: { input: { 'aria-label': t('filter.all-websites') } } as never,
          }}
        />
      </div>
      <AutoRefreshField seconds={store.autoRefresh.value} onChange={store.setAutoRefresh} />
      <span className="ec-spacer" />
      <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={onRefresh} />
    </div>
  );
}
