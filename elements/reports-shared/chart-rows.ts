/**
 * Report answers as chart data (shell §3 "chart data {columns, rows}"). Series use the bucket start (ms) as their
 * first column: the chart's line type draws it on a Beijing-time axis (rules §9).
 */
import type { ReportPoint, ReportTopRow, StatusPoint } from '../../core/api/endpoints/reports.js';
import { STATUS_CLASSES } from '../../core/api/endpoints/reports.js';
import type { ChartData } from '../../core/ui/parts/chart-data.js';

/** Chosen metrics of a series, one row per bucket. */
export function seriesChart(points: readonly ReportPoint[], metrics: readonly (keyof ReportPoint)[]): ChartData {
  return {
    columns: ['time', ...metrics],
    rows: points.map((point) => Object.fromEntries([['time', Date.parse(point.bucket)], ...metrics.map((metric) => [metric, point[metric]])])),
  };
}

/** Status classes per bucket. */
export function statusChart(points: readonly StatusPoint[]): ChartData {
  return {
    columns: ['time', ...STATUS_CLASSES],
    rows: points.map((point) => ({ time: Date.parse(point.bucket), ...point.counts })),
  };
}

/** A top-N table as a pie or bar: its keys and one metric. */
export function topChart(rows: readonly ReportTopRow[], metric: 'requests' | 'bytes', keyLabel: (key: string) => string = (key) => key): ChartData {
  return { columns: ['name', metric], rows: rows.map((row) => ({ name: keyLabel(row.key), [metric]: row[metric] })) };
}
