/**
 * The dashboard's charts: requests per hour today and the status-code mix, each with its table view (the chart part),
 * and the top websites, each opening its log lines over today (drill-down).
 * Loaded after the figures (issue 25 "the numbers first, then charts (lazy)"): this module and the chart part are a
 * chunk of their own, and plotly loads only when a chart nears the viewport.
 */
import { useMemo } from 'react';
import { STATUS_CLASSES, type DashboardSummary } from '../../../core/api/endpoints/reports.js';
import { useT } from '../../../core/ui/element-context.js';
import { Chart } from '../../../core/ui/parts/chart.js';
import type { ChartData } from '../../../core/ui/parts/chart-data.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { seriesChart } from '../../reports-shared/chart-rows.js';
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
  const columnLabels = useMemo(() => ({ time: t('column.hour'), requests: t('column.requests'), name: t('column.class') }), [t]);
  const hourly = useMemo(() => seriesChart(summary.series, ['requests']), [summary]);
  const mix = useMemo<ChartData>(
    () => ({ columns: ['name', 'requests'], rows: STATUS_CLASSES.filter((name) => summary.status_mix[name] > 0).map((name) => ({ name, requests: summary.status_mix[name] })) }),
    [summary],
  );
  return (
    <>
      <section className="ec-report-section" part="chart-section">
        <h2>{t('chart.hourly')}</h2>
        <Chart type="line" data={hourly} label={t('chart.hourly')} columnLabels={columnLabels} valueFormat="large" />
      </section>
      <section className="ec-report-section" part="chart-section">
        <h2>{t('chart.status')}</h2>
        <Chart type="pie" data={mix} label={t('chart.status')} columnLabels={columnLabels} valueFormat="large" />
        <NavLink route={statusRoute} query="range=today">
          {t('open-status-report')}
        </NavLink>
      </section>
      <section className="ec-report-section">
        <TopTable title={t('top-domains')} table="domains" rows={summary.top_domains} logsRoute={logsRoute} drill={{ from: Date.parse(summary.from), to: Date.parse(summary.to) }} />
      </section>
    </>
  );
}
