/**
 * Pure data work behind the chart wrapper (shell §9), kept apart from plotly so it runs and is tested in Node:
 * the pie legend limit with its 'other' slice, pie table rows with percentages, the value axis built from the
 * largest numeric value, value formatting by configured type, GeoJSON ring orientation and the resize throttle.
 */
import { PIE_LEGEND_LIMIT } from '../../config/constants.js';
import { formatBits, formatBytes, formatLargeNumber, formatPercent, intlFor, LOG_TIME_ZONE, toNumber } from '../../i18n/format.js';
import type { Language } from '../../i18n/language.js';

/**
 * Chart data (shell §3 "chart data {columns, rows}"): the first column is the dimension (a date, a name, a region),
 * the others are metrics; each row maps column names to values.
 */
export interface ChartData {
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
}

/** How values are shown on axes, in hover labels and in tables, all through core/i18n/format.ts. */
export type ValueFormat = 'number' | 'large' | 'bytes' | 'bits' | 'percent';

/** One slice of a pie. */
export interface PieSlice {
  name: string;
  value: number;
  /** True for the slice that lumps together everything past the legend limit. */
  other: boolean;
}

/** A row of the table beside a pie (shell §3 "pie table row {date, unit, percent}"). */
export interface PieTableRow {
  /** The slice name (the dimension value). */
  date: string;
  /** The slice value, formatted by the chart's value format. */
  unit: string;
  /** The share of the total, formatted with 2 decimals. */
  percent: string;
}

/** Whether there is anything to draw: at least one row and one metric column. */
export function hasChartData(data: ChartData | null | undefined): data is ChartData {
  return !!data && data.columns.length >= 2 && data.rows.length > 0;
}

/** The dimension column and the metric columns. */
export function splitColumns(data: ChartData): { dimension: string; metrics: string[] } {
  const [dimension = '', ...metrics] = data.columns;
  return { dimension, metrics };
}

/** The dimension values, as text, in row order. */
export function dimensionValues(data: ChartData): string[] {
  const { dimension } = splitColumns(data);
  return data.rows.map((row) => String(row[dimension] ?? ''));
}

/** One metric's values in row order; non-numeric input counts as 0 (shell §5 number formatter). */
export function metricValues(data: ChartData, metric: string): number[] {
  return data.rows.map((row) => toNumber(row[metric]));
}

/**
 * Shell §9 pie rule: at most `limit` legend entries. Slices are ordered largest first; when there are more than
 * `limit`, the largest `limit - 1` keep their own slice and the rest are lumped into one 'other' slice, so the
 * legend never shows more than `limit` entries. The first metric column gives the values.
 */
export function pieSlices(data: ChartData, otherLabel: string, limit: number = PIE_LEGEND_LIMIT): PieSlice[] {
  if (!hasChartData(data)) return [];
  const { metrics } = splitColumns(data);
  const names = dimensionValues(data);
  const values = metricValues(data, metrics[0]!);
  const slices = names
    .map((name, index) => ({ name, value: values[index]!, other: false, index }))
    // Stable by original order among equal values, so the same data always gives the same pie.
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map(({ name, value, other }) => ({ name, value, other }));
  if (slices.length <= limit) return slices;
  const kept = slices.slice(0, Math.max(limit - 1, 0));
  const rest = slices.slice(kept.length);
  return [...kept, { name: otherLabel, value: rest.reduce((sum, slice) => sum + slice.value, 0), other: true }];
}

/** Each slice's share of the total as a ratio (0.1234 for 12.34%); all zero when the total is zero. */
export function sliceRatios(slices: readonly PieSlice[]): number[] {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return slices.map((slice) => (total > 0 ? slice.value / total : 0));
}

/** The table rows beside a pie: name, formatted value and percent with 2 decimals (shell §9). */
export function pieTableRows(slices: readonly PieSlice[], format: ValueFormat, language: Language): PieTableRow[] {
  const ratios = sliceRatios(slices);
  return slices.map((slice, index) => ({
    date: slice.name,
    unit: formatValue(slice.value, format, language),
    percent: formatPercent(ratios[index], language),
  }));
}

/**
 * Shell §9: the largest value, computed over the numeric columns of each row. Values that are not numbers (or
 * numeric text) are skipped rather than read as 0, so a text column never decides the axis.
 */
export function maxValue(data: ChartData): number {
  const { metrics } = splitColumns(data);
  let max = 0;
  for (const row of data.rows) {
    for (const metric of metrics) {
      const raw = row[metric];
      const numeric = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw)));
      if (numeric) max = Math.max(max, Number(raw));
    }
  }
  return max;
}

/** Round tick values from 0 to at least `max`, about `count` steps of 1, 2 or 5 times a power of ten. */
export function valueTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normalized = rough / magnitude;
  const step = (normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10) * magnitude;
  const ticks: number[] = [];
  for (let index = 0; ticks.length === 0 || ticks[ticks.length - 1]! < max; index++) {
    // Multiplying (not adding) keeps binary rounding errors from piling up over the ticks.
    ticks.push(Number((index * step).toPrecision(12)));
  }
  return ticks;
}

/** Formats one value by the chart's configured type. */
export function formatValue(value: unknown, format: ValueFormat, language: Language): string {
  switch (format) {
    case 'bytes':
      return formatBytes(value, language);
    case 'bits':
      return formatBits(value, language);
    case 'percent':
      return formatPercent(value, language);
    case 'large':
      return formatLargeNumber(value, language);
    case 'number':
      return intlFor(language).formatNumber(toNumber(value), { maximumFractionDigits: 2 });
  }
}

/**
 * What a click on a bar, a pie slice, a map region or a row of a chart's table view selects: the drill-down hook.
 * `dimension` is the name of the data's first column, `value` that column's value in the row (a bucket's start in
 * ms for a line chart, a region code for a map), `metric` the series clicked when there is one.
 */
export interface ChartSelection {
  dimension: string;
  value: string | number;
  metric?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beijing is UTC+8 all year (no daylight saving): ticks fall on its round minutes, hours and midnights. */
const BEIJING_OFFSET = 8 * HOUR;
const TIME_STEPS = [MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

/** The ticks of a time axis: where they are, and how they are labelled (core/i18n/format.ts `formatTimeTick`). */
export interface TimeTicks {
  values: number[];
  step: 'minute' | 'day';
  /** Steps under a day over a range of several days show the date as well. */
  withDate: boolean;
}

/**
 * Ticks for a time axis from `first` to `last` (ms since the epoch, UTC): at most `maxTicks`, on round times of
 * Beijing's clock (shell §9: charts show UTC+8), e.g. every 3 hours from Beijing midnight.
 */
export function timeTicks(first: number, last: number, maxTicks = 8): TimeTicks {
  const span = Math.max(last - first, 0);
  const size = TIME_STEPS.find((candidate) => Math.floor(span / candidate) + 1 <= maxTicks) ?? TIME_STEPS[TIME_STEPS.length - 1]!;
  const values: number[] = [];
  for (let tick = Math.ceil((first + BEIJING_OFFSET) / size) * size - BEIJING_OFFSET; tick <= last; tick += size) values.push(tick);
  if (values.length === 0) values.push(first);
  const beijingDay = (ms: number) => Math.floor((ms + BEIJING_OFFSET) / DAY);
  const step = size >= DAY ? 'day' : 'minute';
  return { values, step, withDate: step === 'minute' && beijingDay(values[0]!) !== beijingDay(values[values.length - 1]!) };
}

const HOUR_MINUTE = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const BEIJING_MONTH_DAY = { timeZone: LOG_TIME_ZONE, month: '2-digit', day: '2-digit' } as const;

/**
 * A tick of a chart's time axis in UTC+8 (shell §9), in the element's language: the time of day for steps under a
 * day (with the date too when `withDate`), the date for daily steps. Formatted by core/i18n/format.ts's Intl
 * formatter (`intlFor`); kept here rather than there because only charts use it and format.ts ships with every
 * element.
 */
export function formatTimeTick(value: number, step: 'minute' | 'day', withDate: boolean, language: Language): string {
  const intl = intlFor(language);
  if (step === 'day') return intl.formatDate(value, BEIJING_MONTH_DAY);
  return intl.formatDate(value, withDate ? { ...BEIJING_MONTH_DAY, ...HOUR_MINUTE } : { timeZone: LOG_TIME_ZONE, ...HOUR_MINUTE });
}

/** A time bucket's start (ms since the epoch) as hover labels, tables and exports show it: date and minute, UTC+8. */
export function formatBucketTime(value: unknown, language: Language): string {
  return intlFor(language).formatDate(toNumber(value), { timeZone: LOG_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', ...HOUR_MINUTE });
}

/** A cell of an export: text, or a number Excel reads as one. */
export type CsvCell = string | number;

function csvField(cell: CsvCell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  // A text cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection): quoted as text.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file's text: a UTF-8 byte order mark (without it Excel reads Chinese text as another code page), then the
 * header and the rows, CRLF line ends (RFC 4180).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A safe file name from a caller's export name: no path separators or characters Windows refuses. */
export function exportFileName(name: string, extension: 'csv' | 'png'): string {
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || 'chart';
  return `${base}.${extension}`;
}

/** Series colours when the page sets none (colour-blind aware, distinct on white and in greyscale). */
export const DEFAULT_CHART_COLOURS = ['#2563eb', '#f59e0b', '#16a34a', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'] as const;

/**
 * The series colours: `--ec-chart-color-1` to `-8` where the page (OEM) sets them, the first falling back to the
 * OEM accent `--ec-color-primary`, the rest to {@link DEFAULT_CHART_COLOURS}. `read` answers a custom property's
 * computed value ('' when unset): plotly draws inside the shadow root, so the values are read from the host's
 * computed style, where the page's variables arrive.
 */
export function chartColours(read: (property: string) => string): string[] {
  return DEFAULT_CHART_COLOURS.map((fallback, index) => {
    const own = read(`--ec-chart-color-${index + 1}`).trim();
    if (own) return own;
    return (index === 0 && read('--ec-color-primary').trim()) || fallback;
  });
}

/** A GeoJSON geometry, as far as maps read it. */
export interface GeoJsonGeometry {
  type: string;
  coordinates?: unknown;
}

/** A GeoJSON FeatureCollection of region shapes (provinces, countries). */
export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: readonly { type: 'Feature'; properties?: Record<string, unknown> | null; geometry: GeoJsonGeometry | null; id?: string | number }[];
}

type Ring = readonly (readonly number[])[];

/** Twice the signed planar area of a ring in lon/lat: positive when counter-clockwise. */
function ringArea(ring: Ring): number {
  let area = 0;
  for (let index = 0; index < ring.length - 1; index++) {
    const [x1 = 0, y1 = 0] = ring[index]!;
    const [x2 = 0, y2 = 0] = ring[index + 1]!;
    area += x1 * y2 - x2 * y1;
  }
  return area;
}

function orientPolygon(rings: readonly Ring[]): Ring[] {
  return rings.map((ring, index) => {
    const clockwise = ringArea(ring) < 0;
    // Exterior rings clockwise, holes counter-clockwise.
    return clockwise === (index === 0) ? ring : [...ring].reverse();
  });
}

const rewound = new WeakMap<GeoJsonFeatureCollection, GeoJsonFeatureCollection>();

/**
 * GeoJSON for plotly's maps. RFC 7946 winds exterior rings counter-clockwise, but plotly's d3-geo reads rings on the
 * sphere, where a counter-clockwise ring covers the whole globe except the region: the province would paint the
 * entire map. Exterior rings are turned clockwise and holes counter-clockwise; results are cached per collection,
 * since a country's provinces run to megabytes.
 */
export function rewindForPlotly(collection: GeoJsonFeatureCollection): GeoJsonFeatureCollection {
  const cached = rewound.get(collection);
  if (cached) return cached;
  const result: GeoJsonFeatureCollection = {
    ...collection,
    features: collection.features.map((feature) => {
      const geometry = feature.geometry;
      if (geometry?.type === 'Polygon') {
        return { ...feature, geometry: { ...geometry, coordinates: orientPolygon(geometry.coordinates as Ring[]) } };
      }
      if (geometry?.type === 'MultiPolygon') {
        return { ...feature, geometry: { ...geometry, coordinates: (geometry.coordinates as Ring[][]).map(orientPolygon) } };
      }
      return feature;
    }),
  };
  rewound.set(collection, result);
  return result;
}

/** A throttled function with a way to drop a pending trailing call. */
export interface Throttled {
  (): void;
  cancel(): void;
}

/**
 * Runs `fn` at most once per `waitMs` (shell §9: chart resize every 500 ms): the first call runs at once, calls
 * during the wait collapse into one trailing run, so the final size is always applied.
 */
export function throttle(fn: () => void, waitMs: number, now: () => number = Date.now): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    const remaining = last + waitMs - now();
    if (remaining <= 0 && timer === undefined) run();
    else timer ??= setTimeout(run, Math.max(remaining, 0));
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
