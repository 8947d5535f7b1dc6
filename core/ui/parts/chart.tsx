/**
 * The chart wrapper of shell §2/§9: bar, pie with its table, and China or world maps, drawn by plotly. Plotly is
 * large (1.5 MB gzip), so it is loaded only through the dynamic `import()` below, and only once a chart with data
 * comes near the viewport (scrolled to, or its tab opened): it has its own chunk, the numbers and tables around a
 * chart show first, and however many charts a page has, plotly is loaded once (a failed load is retried on
 * request). Nothing is fetched from the network at draw time: maps draw from GeoJSON the caller supplies, or from a
 * self-hosted topojson folder.
 */
import { useMemo, useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import {
  CHART_HEIGHT,
  CHART_RESIZE_THROTTLE_MS,
  CHART_WRAPPER_HEIGHT,
  MAP_RANGE,
} from '../../config/constants.js';
import type { Language } from '../../i18n/language.js';
import { useElement, useT } from '../element-context.js';
import {
  dimensionValues,
  formatValue,
  hasChartData,
  maxValue,
  metricValues,
  pieSlices,
  pieTableRows,
  rewindForPlotly,
  sliceRatios,
  splitColumns,
  throttle,
  valueTicks,
  type ChartData,
  type GeoJsonFeatureCollection,
  type PieSlice,
  type ValueFormat,
} from './chart-data.js';
import { useDeferredModule } from './deferred.js';
import { EmptyState, ErrorState, LoadingState } from './state-views.js';

/** Chart kinds of shell §2: bar, pie with table, map of China or of the world. */
export type ChartType = 'bar' | 'pie' | 'china-map' | 'world-map';

export type { GeoJsonFeatureCollection } from './chart-data.js';

/**
 * Where a map's shapes come from. Either GeoJSON (required for China: plotly's own maps have no provinces), or,
 * for the world map, the URL of a self-hosted folder with plotly's `world_110m.json` (never plotly's CDN).
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

/** Props of {@link Chart}. */
export interface ChartProps {
  /** Chart kind. */
  type: ChartType;
  /** Chart data (shell §3); the first column is the dimension, the others metrics. */
  data: ChartData | null | undefined;
  /** Accessible name of the chart, translated; also the caption of its table. */
  label: string;
  /** Translated names of columns, for legends and table headers; raw column names otherwise. */
  columnLabels?: Readonly<Record<string, string>>;
  /** How values are formatted (axis, hover, table); default `number`. */
  valueFormat?: ValueFormat;
  /** Plot height in px; default 350 (shell §9), inside a 400 px wrapper. */
  height?: number;
  /** The data is still loading. */
  loading?: boolean;
  /** Map shapes; needed for `china-map`, and for `world-map` unless a topojson folder is given. */
  map?: ChartMapSource;
  /** Colour range of maps; default 0 to 10000 (shell §9). */
  mapRange?: readonly [number, number];
}

/** What the lazily loaded figure draws. */
interface FigureProps {
  data: unknown[];
  layout: Record<string, unknown>;
  config: Record<string, unknown>;
  height: number;
}

/** Plotly's figure, as far as this module calls it. */
interface PlotlyModule {
  Plots: { resize(graph: HTMLElement): unknown };
}

const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif';
const MAP_COLOURS = [
  [0, '#dbeafe'],
  [1, '#1d4ed8'],
];
// Plotly asks for this base map whenever a choropleth is drawn, even with every base layer hidden. GeoJSON maps
// hide the base map, so an empty topology is registered under this name (the world topojson at 110 m stays free
// for `topojsonUrl` maps) and plotly never tries to download one.
const GEOJSON_BASE_SCOPE = { scope: 'world', resolution: 50, name: 'world_50m' } as const;

let plotlySheet: CSSStyleSheet | undefined;

/**
 * Plotly writes its CSS (modebar, hover labels, drag layers) to `<style id="plotly.js-style-global">` in
 * document.head, which does not reach into shadow roots; copy those rules into one shared adopted sheet.
 */
function adoptPlotlyStyles(root: ShadowRoot): void {
  const source = root.ownerDocument.getElementById('plotly.js-style-global') as HTMLStyleElement | null;
  const rules = source?.sheet ? Array.from(source.sheet.cssRules, (rule) => rule.cssText).join('\n') : '';
  plotlySheet ??= new CSSStyleSheet();
  plotlySheet.replaceSync(rules);
  if (!root.adoptedStyleSheets.includes(plotlySheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, plotlySheet];
}

/** Registers the empty base map that keeps GeoJSON maps off the network (see GEOJSON_BASE_SCOPE). */
function registerEmptyBaseMap(): void {
  const assets = ((window as unknown as { PlotlyGeoAssets?: { topojson: Record<string, unknown> } }).PlotlyGeoAssets ??= { topojson: {} });
  assets.topojson[GEOJSON_BASE_SCOPE.name] ??= { type: 'Topology', objects: {}, arcs: [] };
}

/** Builds the figure component around the loaded plotly and react-plotly factory. */
function figureFor(Plotly: PlotlyModule, Plot: ComponentType<Record<string, unknown>>): ComponentType<FigureProps> {
  function Figure({ data, layout, config, height }: FigureProps) {
    const { root } = useElement();
    const box = useRef<HTMLDivElement>(null);
    const graph = useRef<HTMLDivElement>(null);

    useEffect(() => {
      const resize = throttle(() => {
        // Plotly marks its graph div once drawn; resizing before that would reject.
        if (graph.current?.classList.contains('js-plotly-plot')) void Plotly.Plots.resize(graph.current);
      }, CHART_RESIZE_THROTTLE_MS);
      const observer = new ResizeObserver(() => resize());
      if (box.current) observer.observe(box.current);
      return () => {
        observer.disconnect();
        resize.cancel();
      };
    }, []);

    return (
      <div ref={box} className="ec-chart-plot" style={{ minHeight: CHART_WRAPPER_HEIGHT }}>
        <Plot
          ref={graph}
          data={data}
          layout={layout}
          config={config}
          style={{ width: '100%', height }}
          onInitialized={() => adoptPlotlyStyles(root)}
        />
      </div>
    );
  }
  return Figure;
}

/** Loads plotly and the react-plotly factory (one load for the page, shared by every chart, timed out by ./deferred.tsx). */
async function loadFigure(): Promise<ComponentType<FigureProps>> {
  const [plotly, factory] = await Promise.all([import('plotly.js-dist-min'), import('react-plotly.js/factory')]);
  const Plot = factory.default(plotly.default) as unknown as ComponentType<Record<string, unknown>>;
  return figureFor(plotly.default as unknown as PlotlyModule, Plot);
}

/** How near the viewport a chart must come before plotly is loaded for it. */
const NEAR_VIEWPORT_MARGIN = '200px';

/**
 * Whether the element has come near the viewport (and stays true once it has). A chart in a hidden tab has no box,
 * so it is not "near" until the tab opens.
 */
function useNearViewport(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near;
}

/** The chart settings that shape the figure. */
type FigureSettings = Pick<ChartProps, 'type' | 'columnLabels' | 'valueFormat' | 'height' | 'map' | 'mapRange'>;

/** The figure (traces, layout, config) for plotly, or null when a map has no usable shapes. */
function buildFigure(settings: FigureSettings, data: ChartData, slices: PieSlice[], language: Language): Omit<FigureProps, 'height'> | null {
  const { type, columnLabels = {}, valueFormat = 'number', height = CHART_HEIGHT, map, mapRange = MAP_RANGE } = settings;
  const format = (value: unknown) => formatValue(value, valueFormat, language);
  const { dimension, metrics } = splitColumns(data);
  const base = { height, autosize: true, font: { family: FONT_FAMILY, size: 12 }, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: 'rgba(0,0,0,0)' };
  const config: Record<string, unknown> = { displaylogo: false, displayModeBar: false, responsive: false };

  if (type === 'bar') {
    const names = dimensionValues(data);
    const ticks = valueTicks(maxValue(data));
    return {
      data: metrics.map((metric) => {
        const values = metricValues(data, metric);
        return {
          type: 'bar',
          name: columnLabels[metric] ?? metric,
          x: names,
          y: values,
          customdata: values.map(format),
          hovertemplate: '%{x}<br>%{fullData.name}: %{customdata}<extra></extra>',
        };
      }),
      layout: {
        ...base,
        barmode: 'group',
        margin: { l: 80, r: 16, t: 16, b: 48 },
        legend: { orientation: 'h', y: -0.15 },
        xaxis: { type: 'category', automargin: true },
        yaxis: { tickvals: ticks, ticktext: ticks.map(format), range: [0, ticks[ticks.length - 1]], automargin: true },
      },
      config,
    };
  }

  if (type === 'pie') {
    const ratios = sliceRatios(slices);
    return {
      data: [
        {
          type: 'pie',
          labels: slices.map((slice) => slice.name),
          values: slices.map((slice) => slice.value),
          text: ratios.map((ratio) => formatValue(ratio, 'percent', language)),
          customdata: slices.map((slice) => format(slice.value)),
          textinfo: 'text',
          textposition: 'inside',
          sort: false,
          hovertemplate: '%{label}: %{customdata} (%{text})<extra></extra>',
        },
      ],
      layout: { ...base, margin: { l: 16, r: 16, t: 16, b: 16 }, legend: { orientation: 'v' } },
      config,
    };
  }

  const names = dimensionValues(data);
  const values = metricValues(data, metrics[0]!);
  const common = {
    type: 'choropleth',
    locations: names,
    z: values,
    zmin: mapRange[0],
    zmax: mapRange[1],
    colorscale: MAP_COLOURS,
    customdata: values.map(format),
    hovertemplate: '%{location}: %{customdata}<extra></extra>',
    colorbar: { thickness: 12, tickvals: [...mapRange], ticktext: mapRange.map(format) },
    name: columnLabels[metrics[0]!] ?? columnLabels[dimension] ?? metrics[0],
  };
  const layout = { ...base, margin: { l: 0, r: 0, t: 0, b: 0 }, dragmode: false };
  if (map?.geojson) {
    registerEmptyBaseMap();
    return {
      data: [{ ...common, geojson: rewindForPlotly(map.geojson), featureidkey: map.featureIdKey ?? 'properties.name' }],
      layout: {
        ...layout,
        geo: { visible: false, fitbounds: 'locations', scope: GEOJSON_BASE_SCOPE.scope, resolution: GEOJSON_BASE_SCOPE.resolution, projection: { type: 'mercator' } },
      },
      config,
    };
  }
  if (type === 'world-map' && map?.topojsonUrl) {
    return {
      data: [{ ...common, locationmode: map.locationMode ?? 'ISO-3' }],
      layout: {
        ...layout,
        geo: { scope: 'world', resolution: 110, showframe: false, showcoastlines: false, projection: { type: 'natural earth' } },
      },
      config: { ...config, topojsonURL: map.topojsonUrl },
    };
  }
  return null;
}

/**
 * A chart: loading state while the data or plotly loads, the no-data text of shell §8 when there are no rows (without
 * loading plotly), a pie's table with percentages, and a visually hidden data table for the other kinds so screen
 * readers get the numbers too. Resizes follow the container, throttled to 500 ms. `part="chart"`. The figure is
 * rebuilt when `data`, `columnLabels`, `map` or `mapRange` change identity, so pass stable (memoized) objects.
 */
export function Chart({ type, data, label, columnLabels, valueFormat = 'number', height = CHART_HEIGHT, loading = false, map, mapRange }: ChartProps) {
  const { language } = useElement();
  const t = useT('common');

  const chartData = !loading && hasChartData(data) ? data : null;
  const otherLabel = t('parts.chart.other');
  const slices = useMemo(() => (chartData && type === 'pie' ? pieSlices(chartData, otherLabel) : []), [chartData, type, otherLabel]);
  const figure = useMemo(
    () => (chartData ? buildFigure({ type, columnLabels, valueFormat, height, map, mapRange }, chartData, slices, language) : null),
    [chartData, slices, language, type, columnLabels, valueFormat, height, map, mapRange],
  );
  const labels = columnLabels ?? {};
  const place = useRef<HTMLElement>(null);
  const near = useNearViewport(place);
  const plot = useDeferredModule(loadFigure, near && figure !== null);
  const Figure = plot.module;

  const body = (): ReactNode => {
    if (loading) return <LoadingState />;
    if (!chartData) return <EmptyState message={t('state.no-data')} />;
    if (!figure) return <ErrorState message={t('parts.chart.map-unavailable')} />;
    // Shell §8's "cannot find module" message when plotly's chunk fails to load, with a retry.
    if (plot.failed) return <ErrorState message={t('element.module-not-found', { name: 'plotly.js' })} onRetry={plot.retry} />;
    if (!Figure) return <LoadingState />;
    return <Figure {...figure} height={height} />;
  };

  const table = (): ReactNode => {
    if (!chartData || !figure) return null;
    const { dimension, metrics } = splitColumns(chartData);
    if (type === 'pie') {
      return (
        <table className="ec-chart-table">
          <caption className="ec-visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{labels[dimension] ?? t('parts.chart.name')}</th>
              <th scope="col">{labels[metrics[0]!] ?? t('parts.chart.value')}</th>
              <th scope="col">{t('parts.chart.percent')}</th>
            </tr>
          </thead>
          <tbody>
            {pieTableRows(slices, valueFormat, language).map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.date}</th>
                <td>{row.unit}</td>
                <td>{row.percent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    return (
      <table className="ec-visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            {chartData.columns.map((column) => (
              <th key={column} scope="col">
                {labels[column] ?? column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chartData.rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{String(row[dimension] ?? '')}</th>
              {metrics.map((metric) => (
                <td key={metric}>{formatValue(row[metric], valueFormat, language)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <figure ref={place} className={`ec-chart ec-chart-${type}`} part="chart" aria-label={label}>
      {body()}
      {table()}
    </figure>
  );
}
