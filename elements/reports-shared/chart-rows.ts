/**
 * Report answers as chart data (shell §3 "chart data {columns, rows}"). Series use the bucket start as their first
 * column, written as a UTC+8 time (rules §9) until the chart part draws time axes itself.
 */
import type { ReportPoint, ReportTopRow, StatusPoint } from '../../core/api/endpoints/reports.js';
import { STATUS_CLASSES } from '../../core/api/endpoints/reports.js';
import { formatLogTime } from '../../core/i18n/format.js';
import type { ChartData } from '../../core/ui/parts/chart-data.js';

/** A bucket's start as `MM-DD HH:mm` in UTC+8 (a day bucket as its date). */
export function bucketLabel(iso: string, day = false): string {
  const text = formatLogTime(iso);
  return day ? text.slice(0, 10) : text.slice(5, 16);
}

/** Chosen metrics of a series, one row per bucket. */
export function seriesChart(points: readonly ReportPoint[], metrics: readonly (keyof ReportPoint)[], day = false): ChartData {
  return {
    columns: ['time', ...metrics],
    rows: points.map((point) => Object.fromEntries([['time', bucketLabel(point.bucket, day)], ...metrics.map((metric) => [metric, point[metric]])])),
  };
}

/** Status classes per bucket. */
export function statusChart(points: readonly StatusPoint[], day = false): ChartData {
  return {
    columns: ['time', ...STATUS_CLASSES],
    rows: points.map((point) => ({ time: bucketLabel(point.bucket, day), ...point.counts })),
  };
}

/** A top-N table as a pie or bar: its keys and one metric. */
export function topChart(rows: readonly ReportTopRow[], metric: 'requests' | 'bytes', keyLabel: (key: string) => string = (key) => key): ChartData {
  return { columns: ['name', metric], rows: rows.map((row) => ({ name: keyLabel(row.key), [metric]: row[metric] })) };
}
