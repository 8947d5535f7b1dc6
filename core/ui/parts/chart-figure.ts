/**
 * The figure (plotly traces, layout, config) of each chart kind, and what a click on it selects. Kept apart from the
 * React part so chart.tsx stays about states, the table view and exports. Every number and time shown goes through
 * core/i18n/format.ts; shell §9 rules live here: y axis by value format, map range, UTC+8 time axis.
 */
import { CHART_HEIGHT, MAP_RANGE } from '../../config/constants.js';
import { toNumber } from '../../i18n/format.js';
import type { Language } from '../../i18n/language.js';
import {
  dimensionValues,
  formatBucketTime,
  formatTimeTick,
  formatValue,
  maxValue,
  metricValues,
  rewindForPlotly,
  sliceRatios,
  splitColumns,
  timeTicks,
  valueTicks,
  type ChartData,
  type ChartSelection,
  type GeoJsonFeatureCollection,
  type PieSlice,
  type ValueFormat,
} from './chart-data.js';
import type { MapAsset } from './map-assets.js';
import { mapFeatureId, PROVINCE_CODES, PROVINCE_FEATURE, regionName } from './map-regions.js';

/** Chart kinds of shell §2: bar, line (time series), pie with table, map of China or of the world. */
export type ChartType = 'bar' | 'line' | 'pie' | 'china-map' | 'world-map';

/**
 * Where a map's shapes come from, when the caller brings its own: GeoJSON, or, for the world map, the URL of a
 * self-hosted folder with plotly's `world_110m.json` (never plotly's CDN). `map: 'china' | 'world'` uses the shapes
 * shipped with the build instead.
 */
export interface ChartMapSource {
  /** Region shapes; the dimension column's values match the feature property named by `featureIdKey`. */
  geojson?: GeoJsonFeatureCollection;
  /** Which feature field identifies a region; default `properties.name`. */
  featureIdKey?: string;
  /** World map without GeoJSON: folder URL serving plotly's topojson files, e.g. `/console/topojson/`. */
  topojsonUrl?: string;
  /** World map without GeoJSON: how the dimension names countries; default ISO-3 codes. */
  locationMode?: 'ISO-3' | 'country names';
}

/** What plotly draws. */
export interface Figure {
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
  config: Record<string, unknown>;
}

/** Everything a figure is built from. */
export interface FigureInput {
  type: ChartType;
  data: ChartData;
  compare?: ChartData | null | undefined;
  columnLabels: Readonly<Record<string, string>>;
  valueFormat: ValueFormat;
  height?: number | undefined;
  mapRange?: readonly [number, number] | undefined;
  /** The caller's own shapes. */
  map?: ChartMapSource | undefined;
  /** The shipped map, once loaded (`map: 'china' | 'world'`). */
  asset?: MapAsset | null | undefined;
  slices: readonly PieSlice[];
  language: Language;
  /** Series colours (chartColours), and the two ends of the map scale. */
  colours: readonly string[];
  mapColours: readonly [string, string];
  /** The name of a metric's previous-period series. */
  previousName: (name: string) => string;
}

/** Plotly's click event point, as far as a selection reads it. */
export interface PlotPoint {
  curveNumber?: number;
  pointNumber?: number;
  pointIndex?: number;
  location?: string;
  x?: unknown;
  data?: { meta?: unknown };
}

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif';
const OTHER_COLOUR = '#9ca3af';
// Plotly asks for this base map whenever a choropleth is drawn, even with every base layer hidden. GeoJSON maps
// hide the base map, so an empty topology is registered under this name (world_110m stays free for the world map)
// and plotly never tries to download one.
const GEOJSON_BASE_SCOPE = { scope: 'world', resolution: 50, name: 'world_50m' } as const;

type GeoAssets = { topojson: Record<string, unknown> };
function geoAssets(): GeoAssets {
  return ((window as unknown as { PlotlyGeoAssets?: GeoAssets }).PlotlyGeoAssets ??= { topojson: {} });
}

/** Registers the empty base map that keeps GeoJSON maps off the network (see GEOJSON_BASE_SCOPE). */
function registerEmptyBaseMap(): void {
  geoAssets().topojson[GEOJSON_BASE_SCOPE.name] ??= { type: 'Topology', objects: {}, arcs: [] };
}

/**
 * Each trace carries what a click on one of its points selects (`meta`): the dimension value of each point and the
 * metric, so a selection never depends on how plotly orders or labels points.
 */
interface TraceMeta {
  values: (string | number)[];
  metric?: string;
}

/** The selection a plotly click point stands for, or null (the pie's "other" slice, a point of no row). */
export function selectionOf(dimension: string, point: PlotPoint | undefined): ChartSelection | null {
  const meta = point?.data?.meta as TraceMeta | undefined;
  const index = point?.pointNumber ?? point?.pointIndex;
  if (!meta || index === undefined) return null;
  const value = meta.values[index];
  if (value === undefined || value === '') return null;
  return meta.metric ? { dimension, value, metric: meta.metric } : { dimension, value };
}

/** The figure for plotly, or null when a map has no usable shapes. */
export function buildFigure(input: FigureInput): Figure | null {
  const { type, data, columnLabels, valueFormat, height = CHART_HEIGHT, language, colours } = input;
  const format = (value: unknown) => formatValue(value, valueFormat, language);
  const { metrics } = splitColumns(data);
  const base = {
    height,
    autosize: true,
    font: { family: FONT_FAMILY, size: 12 },
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    colorway: colours,
  };
  const config: Record<string, unknown> = { displaylogo: false, displayModeBar: false, responsive: false };
  const valueAxis = (max: number) => {
    const ticks = valueTicks(max);
    return { tickvals: ticks, ticktext: ticks.map(format), range: [0, ticks[ticks.length - 1]], automargin: true, fixedrange: true };
  };

  if (type === 'bar') {
    const names = dimensionValues(data);
    const raw = data.rows.map((row) => rawDimension(row[splitColumns(data).dimension]));
    return {
      data: metrics.map((metric, index) => {
        const values = metricValues(data, metric);
        return {
          type: 'bar',
          name: columnLabels[metric] ?? metric,
          x: names,
          y: values,
          marker: { color: colours[index % colours.length] },
          customdata: values.map(format),
          hovertemplate: '%{x}<br>%{fullData.name}: %{customdata}<extra></extra>',
          meta: { values: raw, metric } satisfies TraceMeta,
        };
      }),
      layout: {
        ...base,
        barmode: 'group',
        margin: { l: 80, r: 16, t: 16, b: 48 },
        legend: { orientation: 'h', y: -0.15 },
        xaxis: { type: 'category', automargin: true, fixedrange: true },
        yaxis: valueAxis(maxValue(data)),
      },
      config,
    };
  }

  if (type === 'line') return lineFigure(input, base, config, valueAxis);

  if (type === 'pie') {
    const { slices } = input;
    const ratios = sliceRatios(slices);
    return {
      data: [
        {
          type: 'pie',
          labels: slices.map((slice) => slice.name),
          values: slices.map((slice) => slice.value),
          text: ratios.map((ratio) => formatValue(ratio, 'percent', language)),
          customdata: slices.map((slice) => format(slice.value)),
          marker: { colors: slices.map((slice, index) => (slice.other ? OTHER_COLOUR : colours[index % colours.length])) },
          textinfo: 'text',
          textposition: 'inside',
          sort: false,
          hovertemplate: '%{label}: %{customdata} (%{text})<extra></extra>',
          meta: { values: slices.map((slice) => (slice.other ? '' : slice.name)), metric: metrics[0] } satisfies TraceMeta,
        },
      ],
      layout: { ...base, margin: { l: 16, r: 16, t: 16, b: 16 }, legend: { orientation: 'v' } },
      config,
    };
  }

  return mapFigure(input, base, config);
}

/** The dimension value a selection reports: numbers stay numbers (a bucket's ms), everything else is text. */
function rawDimension(value: unknown): string | number {
  return typeof value === 'number' ? value : String(value ?? '');
}

function lineFigure(
  input: FigureInput,
  base: Record<string, unknown>,
  config: Record<string, unknown>,
  valueAxis: (max: number) => Record<string, unknown>,
): Figure {
  const { data, compare, columnLabels, valueFormat, language, colours, previousName } = input;
  const format = (value: unknown) => formatValue(value, valueFormat, language);
  const { dimension, metrics } = splitColumns(data);
  const x = data.rows.map((row) => toNumber(row[dimension]));
  const traces: Record<string, unknown>[] = metrics.map((metric, index) => {
    const values = metricValues(data, metric);
    return {
      type: 'scatter',
      mode: data.rows.length === 1 ? 'markers' : 'lines',
      name: columnLabels[metric] ?? metric,
      x,
      y: values,
      line: { color: colours[index % colours.length], width: 2 },
      marker: { color: colours[index % colours.length] },
      text: x.map((time) => formatBucketTime(time, language)),
      customdata: values.map(format),
      hovertemplate: '%{text}<br>%{fullData.name}: %{customdata}<extra></extra>',
      meta: { values: x, metric } satisfies TraceMeta,
    };
  });
  let max = maxValue(data);
  if (compare && compare.rows.length > 0 && x.length > 0) {
    const { dimension: previousDimension } = splitColumns(compare);
    const previousX = compare.rows.map((row) => toNumber(row[previousDimension]));
    // The previous period is laid over the current one bucket for bucket: shifted by the distance of their starts.
    const offset = x[0]! - previousX[0]!;
    metrics.forEach((metric, index) => {
      if (!compare.columns.includes(metric)) return;
      const values = metricValues(compare, metric);
      traces.push({
        type: 'scatter',
        mode: 'lines',
        name: previousName(columnLabels[metric] ?? metric),
        x: previousX.map((time) => time + offset),
        y: values,
        line: { color: colours[index % colours.length], width: 1.5, dash: 'dash' },
        // Hover tells the previous period's own time, not the current bucket it is drawn over.
        text: previousX.map((time) => formatBucketTime(time, language)),
        customdata: values.map(format),
        hovertemplate: '%{text}<br>%{fullData.name}: %{customdata}<extra></extra>',
      });
    });
    max = Math.max(max, maxValue(compare));
  }
  const first = x.length ? Math.min(...x) : 0;
  const last = x.length ? Math.max(...x) : 0;
  const ticks = timeTicks(first, last);
  return {
    data: traces,
    layout: {
      ...base,
      margin: { l: 80, r: 16, t: 16, b: 48 },
      legend: { orientation: 'h', y: -0.2 },
      xaxis: {
        type: 'linear',
        tickvals: ticks.values,
        ticktext: ticks.values.map((tick) => formatTimeTick(tick, ticks.step, ticks.withDate, language)),
        range: first === last ? [first - 1, last + 1] : [first, last],
        showgrid: false,
        fixedrange: true,
        automargin: true,
      },
      yaxis: valueAxis(max),
    },
    config,
  };
}

function mapFigure(input: FigureInput, base: Record<string, unknown>, config: Record<string, unknown>): Figure | null {
  const { type, data, columnLabels, valueFormat, language, map, asset, mapRange = MAP_RANGE, mapColours } = input;
  const format = (value: unknown) => formatValue(value, valueFormat, language);
  const { dimension, metrics } = splitColumns(data);
  const metric = metrics[0]!;
  const scale = {
    zmin: mapRange[0],
    zmax: mapRange[1],
    colorscale: [
      [0, mapColours[0]],
      [1, mapColours[1]],
    ],
    marker: { line: { color: '#ffffff', width: 0.5 } },
    name: columnLabels[metric] ?? metric,
  };
  const colorbar = { thickness: 12, tickvals: [...mapRange], ticktext: mapRange.map(format) };
  const layout = { ...base, margin: { l: 0, r: 0, t: 0, b: 0 }, dragmode: false };
  const hovertemplate = '%{text}: %{customdata}<extra></extra>';

  if (asset?.kind === 'china') {
    registerEmptyBaseMap();
    // Every province is drawn, those without a row at 0, so the whole country shows; rows for one shape add up
    // (Hong Kong as a country and as CN-HK).
    const totals = new Map<string, { value: number; code: string }>();
    for (const row of data.rows) {
      const code = String(row[dimension] ?? '');
      const feature = mapFeatureId(code, 'china');
      if (!feature) continue;
      const entry = totals.get(feature) ?? { value: 0, code };
      entry.value += toNumber(row[metric]);
      totals.set(feature, entry);
    }
    const features = PROVINCE_CODES.map((code) => ({ code, feature: PROVINCE_FEATURE[code]! }));
    const values = features.map(({ feature }) => totals.get(feature)?.value ?? 0);
    return {
      data: [
        {
          type: 'choropleth',
          ...scale,
          geojson: rewindForPlotly(asset.shapes),
          featureidkey: 'id',
          locations: features.map(({ feature }) => feature),
          z: values,
          text: features.map(({ code }) => regionName(code, language)),
          customdata: values.map(format),
          hovertemplate,
          colorbar,
          meta: { values: features.map(({ feature, code }) => totals.get(feature)?.code ?? code), metric } satisfies TraceMeta,
        },
      ],
      layout: { ...layout, geo: { visible: false, fitbounds: 'locations', scope: GEOJSON_BASE_SCOPE.scope, resolution: GEOJSON_BASE_SCOPE.resolution, projection: { type: 'mercator' } } },
      config,
    };
  }

  if (asset?.kind === 'world') {
    // Plotly reads its base map from here before it would fetch one: the shipped copy, so nothing is downloaded.
    geoAssets().topojson.world_110m = asset.topology;
    const small = new Set(asset.supplement.features.map((feature) => String(feature.id)));
    const rows = data.rows
      .map((row) => ({ code: String(row[dimension] ?? ''), value: toNumber(row[metric]) }))
      .map((row) => ({ ...row, feature: mapFeatureId(row.code, 'world') }))
      .filter((row) => row.feature);
    const trace = (part: typeof rows) => ({
      type: 'choropleth',
      ...scale,
      locations: part.map((row) => row.feature),
      z: part.map((row) => row.value),
      text: part.map((row) => regionName(row.code, language)),
      customdata: part.map((row) => format(row.value)),
      hovertemplate,
      meta: { values: part.map((row) => row.code), metric } satisfies TraceMeta,
    });
    return {
      data: [
        { ...trace(rows.filter((row) => !small.has(row.feature))), locationmode: 'ISO-3', colorbar },
        // Places too small for the 110 m world (Singapore, Hong Kong, Macao), from the shipped 50 m shapes.
        { ...trace(rows.filter((row) => small.has(row.feature))), geojson: rewindForPlotly(asset.supplement), featureidkey: 'id', showscale: false },
      ],
      layout: {
        ...layout,
        geo: {
          scope: 'world',
          resolution: 110,
          showframe: false,
          showcoastlines: false,
          showland: true,
          landcolor: '#f3f4f6',
          showcountries: true,
          countrycolor: '#d1d5db',
          // Without fixed ranges plotly fits the view to the GeoJSON layer's few small places and turns the globe.
          lonaxis: { range: [-180, 180] },
          lataxis: { range: [-58, 85] },
          projection: { type: 'natural earth', rotation: { lon: 0 } },
        },
      },
      config: { ...config, topojsonURL: asset.folder },
    };
  }

  // The caller's own shapes (the API before the shipped maps; kept for callers that bring other regions).
  const names = dimensionValues(data);
  const values = metricValues(data, metric);
  const common = {
    type: 'choropleth',
    ...scale,
    locations: names,
    z: values,
    text: names,
    customdata: values.map(format),
    hovertemplate,
    colorbar,
    meta: { values: names, metric } satisfies TraceMeta,
  };
  if (map?.geojson) {
    registerEmptyBaseMap();
    return {
      data: [{ ...common, geojson: rewindForPlotly(map.geojson), featureidkey: map.featureIdKey ?? 'properties.name' }],
      layout: { ...layout, geo: { visible: false, fitbounds: 'locations', scope: GEOJSON_BASE_SCOPE.scope, resolution: GEOJSON_BASE_SCOPE.resolution, projection: { type: 'mercator' } } },
      config,
    };
  }
  if (type === 'world-map' && map?.topojsonUrl) {
    return {
      data: [{ ...common, locationmode: map.locationMode ?? 'ISO-3' }],
      layout: { ...layout, geo: { scope: 'world', resolution: 110, showframe: false, showcoastlines: false, projection: { type: 'natural earth' } } },
      config: { ...config, topojsonURL: map.topojsonUrl },
    };
  }
  return null;
}
