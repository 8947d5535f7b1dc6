/**
 * `<ec-traffic-report>`: one of the five traffic report tabs of shell §2 (statisticsReport / business-report:
 * wideFlowRange, accessAnalysis, distributionRequest, statusCodeAnalysis, hotspotAnalysis), counted by the reference
 * server from the log store. Filters by date range (rules §9, UTC+8), website, granularity and auto refresh; the
 * figures first, then the charts (plotly loads when a chart nears the viewport) with their table views, and top-N
 * tables whose rows open log retrieval filtered to that value over the same range (drill-down).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import type { ReportTableName, TrafficReport as Report, TrafficReportType } from '../../core/api/endpoints/reports.js';
import { isTimeRangePreset, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { Chart } from '../../core/ui/parts/chart.js';
import type { ValueFormat } from '../../core/ui/parts/chart-data.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { seriesChart, statusChart, topChart } from '../reports-shared/chart-rows.js';
import type { DrillDown } from '../reports-shared/drill-down.js';
import { Figures, type Figure } from '../reports-shared/figures.js';
import { reportRoutes, type ReportLayout } from '../reports-shared/routes.js';
import { TopTable } from '../reports-shared/top-table.js';
import { ReportFilters } from './parts/filters.js';
import { allowedGranularities, trafficReportStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface TrafficReportProps {
  type?: string;
  range?: string;
  domainId?: number;
  layout?: string;
}

/** Accessible name of each tab's report. */
const TITLE_KEYS: Record<TrafficReportType, string> = {
  'wide-flow-range': 'title.wide-flow-range',
  'access-analysis': 'title.access-analysis',
  'distribution-request': 'title.distribution-request',
  'status-code-analysis': 'title.status-code-analysis',
  'hotspot-analysis': 'title.hotspot-analysis',
};

/** Caption of each table. */
const TABLE_KEYS: Record<ReportTableName, string> = {
  domains: 'table.domains',
  urls: 'table.urls',
  urls_by_bytes: 'table.urls-by-bytes',
  referers: 'table.referers',
  user_agents: 'table.user-agents',
  countries: 'table.countries',
  provinces: 'table.provinces',
  methods: 'table.methods',
  schemes: 'table.schemes',
  cache: 'table.cache',
  codes: 'table.codes',
  ips: 'table.ips',
};

/** A chart of a tab: a series or a table drawn as a pie. */
type ChartSpec =
  | { kind: 'series'; title: string; metrics: ('bps' | 'bytes' | 'requests' | 'visitors' | 'hits')[]; format: ValueFormat }
  | { kind: 'status'; title: string }
  | { kind: 'pie'; title: string; table: ReportTableName; metric: 'requests' | 'bytes'; format: ValueFormat };

/** What each tab shows, in order: charts, then tables. */
const TABS: Record<TrafficReportType, { charts: ChartSpec[]; tables: ReportTableName[] }> = {
  'wide-flow-range': {
    charts: [
      { kind: 'series', title: 'chart.bandwidth', metrics: ['bps'], format: 'bits' },
      { kind: 'series', title: 'chart.traffic', metrics: ['bytes'], format: 'bytes' },
    ],
    tables: ['domains'],
  },
  'access-analysis': {
    charts: [
      { kind: 'series', title: 'chart.pv-uv', metrics: ['requests', 'visitors'], format: 'large' },
      { kind: 'pie', title: 'chart.countries', table: 'countries', metric: 'requests', format: 'large' },
    ],
    tables: ['urls', 'referers', 'user_agents', 'countries', 'provinces'],
  },
  'distribution-request': {
    charts: [
      { kind: 'pie', title: 'chart.domains', table: 'domains', metric: 'requests', format: 'large' },
      { kind: 'pie', title: 'chart.cache', table: 'cache', metric: 'requests', format: 'large' },
    ],
    tables: ['domains', 'countries', 'provinces', 'methods', 'schemes', 'cache'],
  },
  'status-code-analysis': {
    charts: [
      { kind: 'status', title: 'chart.status' },
      { kind: 'pie', title: 'chart.codes', table: 'codes', metric: 'requests', format: 'large' },
    ],
    tables: ['codes'],
  },
  'hotspot-analysis': {
    charts: [{ kind: 'series', title: 'chart.requests', metrics: ['requests'], format: 'large' }],
    tables: ['urls', 'urls_by_bytes', 'ips'],
  },
};

/** The figures of a report's totals. */
function reportFigures(report: Report, t: ReturnType<typeof useT>): Figure[] {
  const { totals } = report;
  return [
    { id: 'requests', label: t('figure.requests'), value: totals.requests, format: 'large' },
    { id: 'bytes', label: t('figure.bytes'), value: totals.bytes, format: 'bytes' },
    { id: 'peak', label: t('figure.peak'), value: totals.peak_bps, format: 'bits', at: totals.peak_at },
    { id: 'hit-ratio', label: t('figure.hit-ratio'), value: totals.hit_ratio, format: 'percent' },
    { id: 'visitors', label: t('figure.visitors'), value: totals.visitors, format: 'large' },
  ];
}

/** The report. */
export function TrafficReport({ type, range, domainId, layout }: TrafficReportProps) {
  useSignals();
  const { client, host } = useElement();
  const t = useT();
  const reportType = (type ?? 'wide-flow-range') as TrafficReportType;
  const store = trafficReportStoreFor(host, {
    type: reportType,
    ...(isTimeRangePreset(range) ? { range: range as TimeRangePreset } : {}),
    ...(domainId !== undefined ? { domainId } : {}),
  });
  const filter = store.filter.value;
  const state = store.report.value;
  const routes = reportRoutes((layout ?? 'new') as ReportLayout);
  const granularities = allowedGranularities(store.currentRange());
  const shown = store.shownRange.value;
  const drill: Omit<DrillDown, 'table' | 'value' | 'domainId'> | null = shown
    ? { from: shown.start, to: shown.end, domainIds: filter.domainId !== null ? [filter.domainId] : [] }
    : null;
  const columnLabels = useMemo(
    () => ({
      time: t('column.time'),
      name: t('column.key'),
      bps: t('column.bandwidth'),
      bytes: t('column.bytes'),
      requests: t('column.requests'),
      visitors: t('column.visitors'),
      hits: t('column.hits'),
    }),
    [t],
  );
  const keyLabel = (table: ReportTableName) => (key: string) => (key === '' ? t(table === 'referers' ? 'key.direct' : 'key.none') : key);

  const reload = () => void store.load(client, { quiet: true });
  useAutoRefresh(filter.refresh, reload);

  useEffect(() => {
    store.type.value = reportType;
    void store.loadWebsites(client);
  }, [client, reportType]);
  useEffect(() => {
    void store.load(client);
  }, [client, reportType, filter.range, filter.custom.start, filter.custom.end, filter.domainId, filter.granularity]);

  const body = () => {
    if (state.status === 'idle' || state.status === 'loading') return <LoadingState />;
    if (state.status === 'error') {
      const reason = 'key' in state.message ? t(state.message.key, state.message.values ?? {}) : state.message.text;
      return <ErrorState message={t('state.load-failed', { reason })} onRetry={() => void store.load(client)} />;
    }
    const report = state.data;
    // Without traffic there is nothing to chart: the zeros above and the reason, without loading plotly.
    if (report.totals.requests === 0) {
      return (
        <>
          <Figures figures={reportFigures(report, t)} />
          <EmptyState message={t('state.no-traffic')} />
        </>
      );
    }
    const spec = TABS[reportType];
    const charts = spec.charts.map((chart, index) => {
      const data =
        chart.kind === 'series'
          ? seriesChart(report.series, chart.metrics)
          : chart.kind === 'status'
            ? statusChart(report.status_series)
            : topChart(report.tables[chart.table] ?? [], chart.metric, keyLabel(chart.table));
      return (
        <section key={index} className="ec-report-section" part="chart-section">
          <h2>{t(chart.title)}</h2>
          <Chart
            type={chart.kind === 'pie' ? 'pie' : 'line'}
            data={data}
            label={t(chart.title)}
            columnLabels={columnLabels}
            valueFormat={chart.kind === 'status' ? 'large' : chart.format}
          />
        </section>
      );
    });
    return (
      <>
        <Figures figures={reportFigures(report, t)} />
        <div className="ec-report-grid">{charts}</div>
        <div className="ec-report-grid">
          {drill &&
            spec.tables.map((table) => (
              <section key={table} className="ec-report-section">
                <TopTable title={t(TABLE_KEYS[table])} table={table} rows={report.tables[table] ?? []} logsRoute={routes.logs} drill={drill} keyLabel={keyLabel(table)} />
              </section>
            ))}
        </div>
      </>
    );
  };

  return (
    <section className="ec-traffic-report" aria-label={t(TITLE_KEYS[reportType])}>
      <ReportFilters
        value={filter}
        websites={store.websites.value}
        granularities={granularities}
        issues={store.issues.value}
        busy={state.status === 'loading'}
        onChange={store.change}
        onRefresh={() => void store.load(client, { quiet: true })}
      />
      {body()}
    </section>
  );
}
