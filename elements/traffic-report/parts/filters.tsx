/**
 * The report filters, all core parts: the rules §9 date range (core/ui/parts/time-range-filter.tsx, custom inputs in
 * UTC+8, a range the server would refuse said under it in words before anything is sent), the websites (several, of
 * those the caller's grant covers), the granularity (only those the range allows, core/rules/reports.ts), the
 * previous-period overlay of the line charts, and auto refresh with "refresh now" (core/ui/parts/auto-refresh.tsx).
 */
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { LogWebsite } from '../../../core/api/endpoints/logs.js';
import type { ReportGranularity } from '../../../core/rules/reports.js';
import { useT } from '../../../core/ui/element-context.js';
import { AutoRefreshField } from '../../../core/ui/parts/auto-refresh.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { TimeRangeFields, type TimeRangeValue } from '../../../core/ui/parts/time-range-filter.js';
import { WebsitesField } from '../../../core/ui/parts/websites-field.js';
import type { Loaded, ReportFilter } from '../store.js';

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
  /** The tab has line charts, so the previous-period switch is offered. */
  comparable: boolean;
  busy: boolean;
  onChange: (change: Partial<ReportFilter>) => void;
  onRefresh: () => void;
}

/** The toolbar; `part="toolbar"`. */
export function ReportFilters({ value, websites, granularities, issues, comparable, busy, onChange, onRefresh }: ReportFiltersProps) {
  const t = useT();
  const tRules = useT('rules');
  const ids = { granularity: useId(), compare: useId() };
  const granularityOptions = useMemo(() => granularities.map((granularity) => ({ value: granularity, label: t(GRANULARITY_KEYS[granularity]) })), [granularities, t]);
  const rangeIssue = issues.find((issue) => issue.field === 'from' || issue.field === 'to');
  const otherIssue = issues.find((issue) => issue !== rangeIssue);
  const granularityLabel = t('filter.granularity');
  const time: TimeRangeValue = { range: value.range, custom: value.custom };

  return (
    <div className="ec-report-toolbar" part="toolbar">
      <TimeRangeFields value={time} onChange={onChange} issue={rangeIssue ? tRules(rangeIssue.key, rangeIssue.values ?? {}) : undefined} />
      <WebsitesField
        websites={websites.status === 'ready' ? websites.data : null}
        failed={websites.status === 'error'}
        value={value.domainIds}
        onChange={(domainIds) => onChange({ domainIds })}
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
      {comparable && (
        <div className="ec-report-compare" part="compare">
          <input id={ids.compare} type="checkbox" role="switch" checked={value.compare} onChange={(event) => onChange({ compare: event.target.checked })} />
          <label htmlFor={ids.compare}>{t('filter.compare')}</label>
        </div>
      )}
      <AutoRefreshField seconds={value.refresh} onChange={(refresh) => onChange({ refresh })} onRefresh={onRefresh} busy={busy} />
      {otherIssue && (
        <p className="ec-error-text ec-report-issue" role="alert">
          {tRules(otherIssue.key, otherIssue.values ?? {})}
        </p>
      )}
    </div>
  );
}
