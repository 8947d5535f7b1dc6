/**
 * `<ec-traffic-report>`: one of the five traffic report tabs of shell §2 (statisticsReport / business-report:
 * wideFlowRange, accessAnalysis, distributionRequest, statusCodeAnalysis, hotspotAnalysis), counted by the reference
 * server from the log store. Filters by date range (rules §9, UTC+8), websites, granularity and auto refresh; the
 * figures first, then the charts (plotly loads when a chart nears the viewport) with their table views and the
 * previous-period overlay, and top-N tables. Every bar, slice, map region, line point and table row opens log
 * retrieval filtered to that value over the report's range and websites (drill-down, reports-shared/drill-down.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import type { ReportTableName, ReportTopRow, TrafficReport as Report, TrafficReportType } from '../../core/api/endpoints/reports.js';
import { formatLogTime } from '../../core/i18n/format.js';
import { isTimeRangePreset, type TimeRangePreset } from '../../core/i18n/time-range.js';
import { GRANULARITY_MS } from '../../core/rules/reports.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { Card } from '../../core/ui/parts/card.js';
import { Chart, ChinaWorldMap, type ChartSelection } from '../../core/ui/parts/chart.js';
import { regionName } from '../../core/ui/parts/map-regions.js';
import type { ChartData, ValueFormat } from '../../core/ui/parts/chart-data.js';
import { figureValue, Figures, type Figure, type FigureFormat } from '../../core/ui/parts/figures.js';
import { useNavigate } from '../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { seriesChart, statusChart, topChart } from '../reports-shared/chart-rows.js';
import { bucketDrill, logsView, type DrillBase, type DrillDown } from '../reports-shared/drill-down.js';
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

/** The metrics of a series chart. */
type SeriesMetric = 'bps' | 'bytes' | 'requests' | 'visitors' | 'hits';

/** A chart of a tab: a series, the status classes, a table drawn as a pie or bars, or the regions map. */
type ChartSpec =
  | { kind: 'series'; title: string; metrics: SeriesMetric[]; format: ValueFormat }
  | { kind: 'status'; title: string }
  | { kind: 'pie' | 'bar'; title: string; table: ReportTableName; metric: 'requests' | 'bytes'; format: ValueFormat }
  | { kind: 'map'; title: string };

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
      { kind: 'map', title: 'chart.regions' },
    ],
    tables: ['urls', 'referers', 'user_agents', 'countries', 'provinces'],
  },
  'distribution-request': {
    charts: [
      { kind: 'bar', title: 'chart.domains', table: 'domains', metric: 'requests', format: 'large' },
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

/** Whether a tab has line charts of the series (the previous-period overlay applies to them). */
function comparable(type: TrafficReportType): boolean {
  return TABS[type].charts.some((chart) => chart.kind === 'series');
}

/** The figures of a report's totals. */
function reportFigures(report: Report, t: ReturnType<typeof useT>, language: Parameters<typeof figureValue>[2]): Figure[] {
  const { totals } = report;
  const figure = (key: string, value: number | null, format: FigureFormat, note?: string): Figure => ({
    key,
    label: t(`figure.${key}`),
    value: figureValue(value, format, language),
    ...(note ? { note } : {}),
  });
  return [
    figure('requests', totals.requests, 'large'),
    figure('bytes', totals.bytes, 'bytes'),
    figure('peak', totals.peak_bps, 'bits', totals.peak_at ? t('figure.at', { time: formatLogTime(totals.peak_at).slice(0, 16) }) : undefined),
    figure('hit-ratio', totals.hit_ratio, 'percent'),
    figure('visitors', totals.visitors, 'large'),
  ];
}

/** A table's rows drawn by region code (countries, or provinces without the empty "not in China"). */
function regionData(rows: readonly ReportTopRow[] | undefined): ChartData {
  return { columns: ['region', 'requests'], rows: (rows ?? []).filter((row) => row.key !== '').map((row) => ({ region: row.key, requests: row.requests })) };
}

/** The report. */
export function TrafficReport({ type, range, domainId, layout }: TrafficReportProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT();
  const navigate = useNavigate();
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
  const report = state.status === 'ready' ? state.data : null;
  const drill: DrillBase | null = shown ? { from: shown.start, to: shown.end, domainIds: store.shownDomainIds.value } : null;
  const columnLabels = useMemo(
    () => ({
      time: t('column.time'),
      name: t('column.key'),
      region: t('column.region'),
      bps: t('column.bandwidth'),
      bytes: t('column.bytes'),
      requests: t('column.requests'),
      visitors: t('column.visitors'),
      hits: t('column.hits'),
    }),
    [t],
  );
  // Regions read as names in the console's language (美国, Guangdong), as the maps and the security reports show them.
  const keyLabel = (table: ReportTableName) => (key: string) =>
    key === '' ? t(table === 'referers' ? 'key.direct' : 'key.none') : table === 'countries' || table === 'provinces' ? regionName(key, language) : key;
  const spec = TABS[reportType];
  // Chart data per chart, memoized on the answer: the chart part redraws when their identity changes.
  const chartData = useMemo(() => {
    if (!report) return [];
    return spec.charts.map((chart) => {
      if (chart.kind === 'series') {
        return { data: seriesChart(report.series, chart.metrics), compare: report.previous_series ? seriesChart(report.previous_series, chart.metrics) : null };
      }
      if (chart.kind === 'status') return { data: statusChart(report.status_series), compare: null };
      if (chart.kind === 'map') return { data: regionData(report.tables.countries), china: regionData(report.tables.provinces), compare: null };
      return { data: topChart(report.tables[chart.table] ?? [], chart.metric, keyLabel(chart.table)), compare: null };
    });
  }, [report, spec, t]);

  const reload = () => void store.load(client, { quiet: true });
  useAutoRefresh(filter.refresh, reload);

  useEffect(() => {
    store.type.value = reportType;
    void store.loadWebsites(client);
  }, [client, reportType]);
  useEffect(() => {
    void store.load(client);
  }, [client, reportType, filter.range, filter.custom.start, filter.custom.end, filter.domainIds, filter.granularity, filter.compare]);

  /** Opens log retrieval for a drill-down. */
  const open = (target: DrillDown) => navigate({ route: routes.logs, query: logsView(target) });

  /** What a click on a chart selects, as a drill-down of the report shown. */
  const select = (chart: ChartSpec, selection: ChartSelection, table?: ReportTableName) => {
    if (!drill || !report) return;
    if (chart.kind === 'series' || chart.kind === 'status') {
      const at = Number(selection.value);
      if (!Number.isFinite(at)) return;
      open(bucketDrill(drill, at, GRANULARITY_MS[report.granularity], chart.kind === 'status' ? selection.metric : undefined));
      return;
    }
    if (!table) return;
    // A slice or bar is named by its label ("(direct visit)"): find the row behind it for its raw key.
    const rows = report.tables[table] ?? [];
    const label = keyLabel(table);
    const row = rows.find((entry) => entry.key === selection.value || label(entry.key) === selection.value);
    const value = row?.key ?? String(selection.value);
    open({ ...drill, table, value, ...(row?.domain_id !== undefined ? { domainId: row.domain_id } : {}) });
  };

  const body = () => {
    if (state.status === 'idle' || state.status === 'loading') return <LoadingState />;
    if (state.status === 'error') {
      const reason = 'key' in state.message ? t(state.message.key, state.message.values ?? {}) : state.message.text;
      return <ErrorState message={t('state.load-failed', { reason })} onRetry={() => void store.load(client)} />;
    }
    const answer = state.data;
    const figures = <Figures label={t('figures')} items={reportFigures(answer, t, language)} />;
    // Without traffic there is nothing to chart: the zeros above and the reason, without loading plotly.
    if (answer.totals.requests === 0) {
      return (
        <>
          {figures}
          <EmptyState message={t('state.no-traffic')} />
        </>
      );
    }
    const charts = spec.charts.map((chart, index) => {
      const data = chartData[index]!;
      const title = t(chart.title);
      const exportName = `${reportType}-${chart.title.slice('chart.'.length)}`;
      if (chart.kind === 'map') {
        return (
          <Card key={index} title={title} part="chart-section">
            <ChinaWorldMap
              world={data.data}
              china={'china' in data ? data.china : null}
              label={title}
              columnLabels={columnLabels}
              valueFormat="large"
              exportName={exportName}
              onSelect={(selection) => select(chart, selection, /^CN-/.test(String(selection.value)) ? 'provinces' : 'countries')}
            />
          </Card>
        );
      }
      return (
        <Card key={index} title={title} part="chart-section">
          <Chart
            type={chart.kind === 'pie' ? 'pie' : chart.kind === 'bar' ? 'bar' : 'line'}
            data={data.data}
            compare={data.compare}
            label={title}
            columnLabels={columnLabels}
            valueFormat={chart.kind === 'status' ? 'large' : chart.format}
            exportName={exportName}
            onSelect={(selection) => select(chart, selection, chart.kind === 'pie' || chart.kind === 'bar' ? chart.table : undefined)}
          />
        </Card>
      );
    });
    return (
      <>
        {figures}
        <div className="ec-report-grid">{charts}</div>
        <div className="ec-report-grid">
          {drill &&
            spec.tables.map((table) => (
              <Card key={table}>
                <TopTable title={t(TABLE_KEYS[table])} table={table} rows={answer.tables[table] ?? []} logsRoute={routes.logs} drill={drill} keyLabel={keyLabel(table)} />
              </Card>
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
        comparable={comparable(reportType)}
        busy={state.status === 'loading'}
        onChange={store.change}
        onRefresh={() => void store.load(client, { quiet: true })}
      />
      {body()}
    </section>
  );
}
