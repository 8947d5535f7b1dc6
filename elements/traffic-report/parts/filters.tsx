/**
 * The report filters: the rules §9 date range (custom inputs in UTC+8, as report times are shown), the website, the
 * granularity (only those the range allows, core/rules/reports.ts) and auto refresh. Every control has a visible
 * label; a range the server would refuse is said next to the filters, in words, before anything is sent.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { LogWebsite } from '../../../core/api/endpoints/logs.js';
import { isTimeRangePreset, TIME_RANGE_PRESETS, type TimeRangePreset } from '../../../core/i18n/time-range.js';
import type { ReportGranularity } from '../../../core/rules/reports.js';
import { useT } from '../../../core/ui/element-context.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { RefreshSelect } from '../../reports-shared/refresh-select.js';
import type { Loaded, ReportFilter } from '../store.js';

/** Label of each range preset. */
export const RANGE_KEYS: Record<TimeRangePreset, string> = {
  '15m': 'range.last-15-minutes',
  '3h': 'range.last-3-hours',
  today: 'range.today',
  yesterday: 'range.yesterday',
  '7d': 'range.last-7-days',
  '30d': 'range.last-30-days',
  custom: 'range.custom',
};

/** Label of each granularity. */
export const GRANULARITY_KEYS: Record<ReportGranularity, string> = {
  '1m': 'granularity.minute',
  '5m': 'granularity.five-minutes',
  '1h': 'granularity.hour',
  '1d': 'granularity.day',
};

/** Props of {@link ReportFilters}. */
export interface ReportFiltersProps {
  value: ReportFilter;
  websites: Loaded<LogWebsite[]>;
  granularities: readonly ReportGranularity[];
  issues: readonly FieldIssue[];
  busy: boolean;
  onChange: (change: Partial<ReportFilter>) => void;
  onRefresh: () => void;
}

/** The toolbar; `part="toolbar"`. */
export function ReportFilters({ value, websites, granularities, issues, busy, onChange, onRefresh }: ReportFiltersProps) {
  const t = useT();
  const tRules = useT('rules');
  const ids = { range: useId(), start: useId(), end: useId(), granularity: useId(), issue: useId() };
  const ranges = useMemo(() => TIME_RANGE_PRESETS.map((preset) => ({ value: preset, label: t(RANGE_KEYS[preset]) })), [t]);
  const granularityOptions = useMemo(() => granularities.map((granularity) => ({ value: granularity, label: t(GRANULARITY_KEYS[granularity]) })), [granularities, t]);
  const domainOptions = useMemo(() => (websites.status === 'ready' ? websites.data.map((website) => ({ value: website.id, label: website.domain })) : []), [websites]);
  const issue = issues[0];
  const invalid = issue !== undefined;
  const rangeLabel = t('filter.range');
  const granularityLabel = t('filter.granularity');

  return (
    <div className="ec-report-toolbar" part="toolbar">
      <div className="ec-filter">
        <label htmlFor={ids.range}>{rangeLabel}</label>
        <Dropdown
          inputId={ids.range}
          value={value.range}
          options={ranges}
          onChange={(event) => isTimeRangePreset(event.value) && onChange({ range: event.value })}
          pt={namedDropdown(rangeLabel)}
        />
      </div>
      {value.range === 'custom' && (
        <>
          <div className="ec-filter">
            <label htmlFor={ids.start}>{t('filter.custom-start')}</label>
            <InputText
              id={ids.start}
              type="datetime-local"
              value={value.custom.start}
              aria-invalid={invalid}
              aria-describedby={invalid ? ids.issue : undefined}
              onChange={(event) => onChange({ custom: { ...value.custom, start: event.target.value } })}
            />
          </div>
          <div className="ec-filter">
            <label htmlFor={ids.end}>{t('filter.custom-end')}</label>
            <InputText
              id={ids.end}
              type="datetime-local"
              value={value.custom.end}
              aria-invalid={invalid}
              aria-describedby={invalid ? ids.issue : undefined}
              onChange={(event) => onChange({ custom: { ...value.custom, end: event.target.value } })}
            />
          </div>
        </>
      )}
      <FilterField<number>
        label={t('filter.domain')}
        value={value.domainId ?? ''}
        options={domainOptions}
        allLabel={t('filter.all-domains')}
        onChange={(next) => onChange({ domainId: next === '' ? null : next })}
        searchLabel={domainOptions.length > 10 ? t('filter.search-domains') : undefined}
        emptyMessage={t('filter.no-domains')}
      />
      <div className="ec-filter">
        <label htmlFor={ids.granularity}>{granularityLabel}</label>
        <Dropdown
          inputId={ids.granularity}
          value={value.granularity}
          options={granularityOptions}
          onChange={(event) => onChange({ granularity: event.value as ReportGranularity })}
          pt={namedDropdown(granularityLabel)}
        />
      </div>
      <RefreshSelect seconds={value.refresh} onChange={(refresh) => onChange({ refresh })} onRefresh={onRefresh} busy={busy} />
      {issue && (
        <p id={ids.issue} className="ec-error-text ec-report-issue" role="alert">
          {tRules(issue.key, issue.values ?? {})}
        </p>
      )}
    </div>
  );
}
