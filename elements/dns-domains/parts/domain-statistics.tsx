/**
 * The statistics page (shell §2 domainList/statistics "query statistics"): daily resolution queries over 7 or 30
 * days for all domains or one, as a bar chart (plotly, loaded lazily), with the domains by status and access status
 * and the records by type. Days are UTC+8 calendar days (rules §9).
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useMemo } from 'react';
import { DNS_ACCESS_STATUSES, DNS_STATISTICS_DAYS } from '../../../core/api/endpoints/dns.js';
import { DNS_RECORD_TYPES } from '../../../core/rules/dns.js';
import { formatCount, formatLargeNumber } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart } from '../../../core/ui/parts/chart.js';
import type { ChartData } from '../../../core/ui/parts/chart-data.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { accessTags } from '../labels.js';
import type { DnsDomainsStore } from '../store.js';

/** Dropdown value meaning "all domains". */
const ALL = 0;

/** Props of {@link DomainStatistics}. */
export interface DomainStatisticsProps {
  store: DnsDomainsStore;
}

/** The statistics view. */
export function DomainStatistics({ store }: DomainStatisticsProps) {
  const { language } = useElement();
  const t = useT();
  const domainFieldId = useId();
  const daysFieldId = useId();
  const state = store.statistics.value;
  const domainId = store.statisticsDomain.value;
  const days = store.statisticsDays.value;
  const access = useMemo(() => accessTags(t), [t]);
  const domainLabel = t('statistics.domain');
  const daysLabel = t('statistics.days');
  const domainOptions = [{ value: ALL, label: t('statistics.all-domains') }, ...store.domainOptions.value.map((domain) => ({ value: domain.id, label: domain.domain }))];
  const daysOptions = DNS_STATISTICS_DAYS.map((value) => ({ value, label: t('statistics.last-days', { count: value }) }));
  const chartData = useMemo<ChartData | null>(
    () => (state.status === 'ready' ? { columns: ['date', 'queries'], rows: state.data.queries.days.map((day) => ({ date: day.date, queries: day.queries })) } : null),
    [state],
  );
  const columnLabels = useMemo(() => ({ date: t('statistics.date'), queries: t('statistics.queries') }), [t]);

  useEffect(() => {
    void store.loadDomainOptions();
  }, [store]);
  useEffect(() => {
    void store.loadStatistics();
  }, [store, domainId, days]);

  return (
    <>
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('statistics.toolbar-label')}>
        <div className="ec-filter">
          <label htmlFor={domainFieldId}>{domainLabel}</label>
          <Dropdown
            inputId={domainFieldId}
            value={domainId ?? ALL}
            options={domainOptions}
            filter
            onChange={(event) => (store.statisticsDomain.value = event.value === ALL ? null : (event.value as number))}
            pt={named(domainLabel)}
          />
        </div>
        <div className="ec-filter">
          <label htmlFor={daysFieldId}>{daysLabel}</label>
          <Dropdown inputId={daysFieldId} value={days} options={daysOptions} onChange={(event) => (store.statisticsDays.value = event.value as number)} pt={named(daysLabel)} />
        </div>
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('action.refresh')} onClick={() => void store.loadStatistics()} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('statistics.loading')} />}
      {state.status === 'denied' && <ErrorState message={t('list.denied')} />}
      {state.status === 'error' && <ErrorState message={t('list.load-failed')} onRetry={() => void store.loadStatistics()} />}
      {state.status === 'ready' && (
        <>
          <dl className="ec-dns-summary ec-dns-stat-cards" part="summary">
            <div>
              <dt>{t('statistics.total-queries')}</dt>
              <dd>{formatLargeNumber(state.data.queries.total, language)}</dd>
            </div>
            <div>
              <dt>{t('statistics.domains')}</dt>
              <dd>{formatCount(state.data.domains.total, language)}</dd>
            </div>
            <div>
              <dt>{t('status.normal')}</dt>
              <dd>{formatCount(state.data.domains.normal, language)}</dd>
            </div>
            <div>
              <dt>{t('status.disabled')}</dt>
              <dd>{formatCount(state.data.domains.disabled, language)}</dd>
            </div>
            <div>
              <dt>{t('statistics.records')}</dt>
              <dd>{formatCount(state.data.records.total, language)}</dd>
            </div>
          </dl>
          <Chart type="bar" data={chartData} label={t('statistics.chart-label')} columnLabels={columnLabels} valueFormat="large" />
          {/* Two fixed tables of counts by category (a summary, not a list of objects): nothing to page, sort, hide
              or cut, so they stay plain tables rather than FastTables. */}
          <div className="ec-dns-stat-tables">
            <table className="ec-dns-stat-table">
              <caption>{t('statistics.by-access')}</caption>
              <tbody>
                {DNS_ACCESS_STATUSES.map((status) => (
                  <tr key={status}>
                    <th scope="row">{access.find((tag) => tag.value === status)!.label}</th>
                    <td>{formatCount(state.data.domains.by_access[status], language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="ec-dns-stat-table">
              <caption>{t('statistics.by-type')}</caption>
              <tbody>
                {DNS_RECORD_TYPES.map((type) => (
                  <tr key={type}>
                    <th scope="row">{type}</th>
                    <td>{formatCount(state.data.records.by_type[type] ?? 0, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
