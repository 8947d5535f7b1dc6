/**
 * The dashboard's charts: requests per hour today and the status-code mix, each with its table view (the chart part),
 * and the top websites. Every hour point, slice and row opens log retrieval over today (drill-down): an hour narrows
 * the range to it, a slice filters by its status class, a row by its website.
 * Loaded after the figures (issue 25 "the numbers first, then charts (lazy)"): this module and the chart part are a
 * chunk of their own, and plotly loads only when a chart nears the viewport.
 */
import { useMemo } from 'react';
import { STATUS_CLASSES, type DashboardSummary } from '../../../core/api/endpoints/reports.js';
import { GRANULARITY_MS } from '../../../core/rules/reports.js';
import { useT } from '../../../core/ui/element-context.js';
import { Card } from '../../../core/ui/parts/card.js';
import { Chart, type ChartSelection } from '../../../core/ui/parts/chart.js';
import type { ChartData } from '../../../core/ui/parts/chart-data.js';
import { NavLink, useNavigate } from '../../../core/ui/parts/nav-link.js';
import { seriesChart } from '../../reports-shared/chart-rows.js';
import { bucketDrill, logsView, type DrillBase } from '../../reports-shared/drill-down.js';
import { TopTable } from '../../reports-shared/top-table.js';

/** Props of {@link DashboardCharts}. */
export interface DashboardChartsProps {
  summary: DashboardSummary;
  /** The status code analysis report's route. */
  statusRoute: string;
  /** The log retrieval route. */
  logsRoute: string;
}

/** The chart sections and the top websites. */
export function DashboardCharts({ summary, statusRoute, logsRoute }: DashboardChartsProps) {
  const t = useT('dashboard');
  const navigate = useNavigate();
  const columnLabels = useMemo(() => ({ time: t('column.hour'), requests: t('column.requests'), name: t('column.class') }), [t]);
  const hourly = useMemo(() => seriesChart(summary.series, ['requests']), [summary]);
  const mix = useMemo<ChartData>(
    () => ({ columns: ['name', 'requests'], rows: STATUS_CLASSES.filter((name) => summary.status_mix[name] > 0).map((name) => ({ name, requests: summary.status_mix[name] })) }),
    [summary],
  );
  const today: DrillBase = { from: Date.parse(summary.from), to: Date.parse(summary.to) };
  const openHour = (selection: ChartSelection) => {
    const at = Number(selection.value);
    if (Number.isFinite(at)) navigate({ route: logsRoute, query: logsView(bucketDrill(today, at, GRANULARITY_MS['1h'])) });
  };
  const openClass = (selection: ChartSelection) => navigate({ route: logsRoute, query: logsView({ ...today, extra: { status: String(selection.value) } }) });
  return (
    <>
      <Card title={t('chart.hourly')} part="chart-section">
        <Chart type="line" data={hourly} label={t('chart.hourly')} columnLabels={columnLabels} valueFormat="large" exportName="dashboard-hourly" onSelect={openHour} />
      </Card>
      <Card title={t('chart.status')} part="chart-section">
        <Chart type="pie" data={mix} label={t('chart.status')} columnLabels={columnLabels} valueFormat="large" exportName="dashboard-status" onSelect={openClass} />
        <NavLink route={statusRoute} query="range=today">
          {t('open-status-report')}
        </NavLink>
      </Card>
      <Card>
        <TopTable title={t('top-domains')} table="domains" rows={summary.top_domains} logsRoute={logsRoute} drill={today} />
      </Card>
    </>
  );
}
