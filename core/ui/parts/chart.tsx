/**
 * The chart part set of shell §2/§9 (issue 25): bar, line (time series with a previous-period overlay), pie with its
 * table, and maps of China and the world, drawn by plotly. Plotly is large (1.5 MB gzip), so it is loaded only
 * through the dynamic `import()` below, and only once a chart with data comes near the viewport: it has its own
 * chunk, the numbers and tables around a chart show first, and plotly is loaded once per page (a failed load is
 * retried on request). Maps draw from the shapes shipped with the build (`map="china" | "world"`, read by
 * ./map-assets.ts once per page, only when a map is drawn) or from shapes the caller brings; nothing is fetched from
 * another origin. Every chart has a table view (a toggle shows it; screen readers always have it), a click on a bar,
 * slice, region or table row is reported through `onSelect` (the drill-down hook), and `exportName` offers CSV and
 * PNG files.
 */
import { Button } from 'primereact/button';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { CHART_HEIGHT, CHART_RESIZE_THROTTLE_MS, CHART_WRAPPER_HEIGHT } from '../../config/constants.js';
import type { Language } from '../../i18n/language.js';
import { useElement, useT } from '../element-context.js';
import { saveFile } from '../save-file.js';
import chartCss from './chart.css';
import {
  chartColours,
  exportFileName,
  formatBucketTime,
  formatValue,
  hasChartData,
  pieSlices,
  pieTableRows,
  sliceRatios,
  splitColumns,
  throttle,
  toCsv,
  type ChartData,
  type ChartSelection,
  type CsvCell,
  type PieSlice,
  type ValueFormat,
} from './chart-data.js';
import { buildFigure, selectionOf, type ChartMapSource, type ChartType, type Figure, type PlotPoint } from './chart-figure.js';
import { useDeferredModule } from './deferred.js';
import { readMapAsset, type MapAsset } from './map-assets.js';
import { chinaRegionCode, regionName } from './map-regions.js';
import { EmptyState, ErrorState, LoadingState } from './state-views.js';

export type { ChartMapSource, ChartType } from './chart-figure.js';
export type { ChartSelection, GeoJsonFeatureCollection } from './chart-data.js';

/** Props of {@link Chart}. */
export interface ChartProps {
  /** Chart kind. */
  type: ChartType;
  /**
   * Chart data (shell §3); the first column is the dimension, the others metrics. For `line`, the dimension is each
   * bucket's start in ms since the epoch (UTC); for maps drawn with `map="china" | "world"`, region codes of the log
   * store (`CN-GD` provinces, `US` countries; Hong Kong, Macao and Taiwan as `HK`/`MO`/`TW` or `CN-HK`...).
   */
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
  /**
   * Map shapes: `'china'` or `'world'` for the maps shipped with the build, or the caller's own. A `china-map` or
   * `world-map` without it shows that its shapes are missing.
   */
  map?: ChartMapSource | 'china' | 'world';
  /** Colour range of maps; default 0 to 10000 (shell §9). */
  mapRange?: readonly [number, number];
  /** A line chart's previous period, drawn dashed over the current one bucket for bucket (same columns). */
  compare?: ChartData | null;
  /** Drill-down: a click on a bar, slice, map region, line point, or a row of the table view. */
  onSelect?: (selection: ChartSelection) => void;
  /** Offers CSV and PNG exports named after it (`part="chart-export"`). */
  exportName?: string;
}

/** What the lazily loaded figure draws. */
interface FigureProps extends Figure {
  height: number;
  onPoint?: ((point: PlotPoint | undefined) => void) | undefined;
  graph: RefObject<HTMLElement | null>;
}

/** Plotly, as far as this module calls it. */
interface PlotlyModule {
  Plots: { resize(graph: HTMLElement): unknown };
  toImage(graph: HTMLElement, options: { format: 'png'; width: number; height: number }): Promise<string>;
}

/** The lazily loaded drawing code: the figure component and plotly's image export. */
interface PlotModule {
  Figure: ComponentType<FigureProps>;
  toImage: PlotlyModule['toImage'];
}

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

let chartSheet: CSSStyleSheet | undefined;

/** Adopts the chart's own rules (./chart.css) into the shadow root, once: only elements that draw charts carry them. */
function adoptChartStyles(root: ShadowRoot): void {
  if (!chartSheet) {
    chartSheet = new CSSStyleSheet();
    chartSheet.replaceSync(chartCss);
  }
  if (!root.adoptedStyleSheets.includes(chartSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, chartSheet];
}

/** Builds the figure component around the loaded plotly and react-plotly factory. */
function figureFor(Plotly: PlotlyModule, Plot: ComponentType<Record<string, unknown>>): ComponentType<FigureProps> {
  function PlotFigure({ data, layout, config, height, onPoint, graph }: FigureProps) {
    const { root } = useElement();
    const box = useRef<HTMLDivElement>(null);

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
    }, [graph]);

    return (
      <div ref={box} className="ec-chart-plot" style={{ minHeight: CHART_WRAPPER_HEIGHT }}>
        <Plot
          ref={graph}
          data={data}
          layout={layout}
          config={config}
          style={{ width: '100%', height }}
          onInitialized={() => adoptPlotlyStyles(root)}
          onClick={(event: { points?: PlotPoint[] }) => onPoint?.(event.points?.[0])}
        />
      </div>
    );
  }
  return PlotFigure;
}

/** Loads plotly and the react-plotly factory (one load for the page, shared by every chart, timed out by ./deferred.tsx). */
async function loadPlot(): Promise<PlotModule> {
  const [plotly, factory] = await Promise.all([import('plotly.js-dist-min'), import('react-plotly.js/factory')]);
  const Plotly = plotly.default as unknown as PlotlyModule;
  const Plot = factory.default(plotly.default) as unknown as ComponentType<Record<string, unknown>>;
  return { Figure: figureFor(Plotly, Plot), toImage: (graph, options) => Plotly.toImage(graph, options) };
}

/** The shipped maps, read once per page (./deferred.tsx shares and retries each load). */
const loadChinaMap = (): Promise<MapAsset> => readMapAsset('china');
const loadWorldMap = (): Promise<MapAsset> => readMapAsset('world');
const noMap = (): Promise<MapAsset | null> => Promise.resolve(null);

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

/** One row of the table view: its cells as shown, as exported, and what selecting it reports. */
interface TableRow {
  key: string;
  head: string;
  cells: string[];
  csv: CsvCell[];
  value: string | number | null;
}

/** The table view of a chart: the same numbers as the figure, formatted the same way. */
interface TableModel {
  header: string[];
  rows: TableRow[];
}

/** Builds the table view's model (and so the CSV export's content). */
function tableModel(
  type: ChartType,
  data: ChartData,
  options: { labels: Readonly<Record<string, string>>; valueFormat: ValueFormat; language: Language; slices: readonly PieSlice[]; compare?: ChartData | null | undefined; shippedMap: 'china' | 'world' | null },
  t: (key: string, values?: Record<string, unknown>) => string,
): TableModel {
  const { labels, valueFormat, language, slices, compare, shippedMap } = options;
  const { dimension, metrics } = splitColumns(data);
  const format = (value: unknown) => formatValue(value, valueFormat, language);
  if (type === 'pie') {
    const ratios = sliceRatios(slices);
    return {
      header: [labels[dimension] ?? t('parts.chart.name'), labels[metrics[0]!] ?? t('parts.chart.value'), t('parts.chart.percent')],
      rows: pieTableRows(slices, valueFormat, language).map((row, index) => ({
        key: String(index),
        head: row.date,
        cells: [row.unit, row.percent],
        csv: [row.date, slices[index]!.value, Number((ratios[index]! * 100).toFixed(2))],
        value: slices[index]!.other ? null : slices[index]!.name,
      })),
    };
  }
  const previous = type === 'line' && compare ? metrics.filter((metric) => compare.columns.includes(metric)) : [];
  const previousName = (metric: string) => t('parts.chart.previous-period', { name: labels[metric] ?? metric });
  const head = (value: unknown): string => {
    if (type === 'line') return formatBucketTime(value, language);
    // On the China map, Hong Kong, Macao and Taiwan are named as its province-level divisions.
    if (shippedMap === 'china') return regionName(chinaRegionCode(String(value ?? '')), language);
    if (shippedMap) return regionName(String(value ?? ''), language);
    return String(value ?? '');
  };
  return {
    header: [labels[dimension] ?? dimension, ...metrics.map((metric) => labels[metric] ?? metric), ...previous.map(previousName)],
    rows: data.rows.map((row, index) => {
      const earlier = previous.map((metric) => compare!.rows[index]?.[metric]);
      const raw = row[dimension];
      return {
        key: String(index),
        head: head(raw),
        cells: [...metrics.map((metric) => format(row[metric])), ...earlier.map((value) => (value === undefined ? '' : format(value)))],
        csv: [head(raw), ...metrics.map((metric) => numeric(row[metric])), ...earlier.map(numeric)],
        value: typeof raw === 'number' ? raw : String(raw ?? ''),
      };
    }),
  };
}

/** A value as a CSV number when it is one, as text otherwise. */
function numeric(value: unknown): CsvCell {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value === undefined || value === null ? '' : String(value);
}

/** A PNG data URL as a Blob (without fetch: the page's CSP may not allow `connect-src data:`). */
function pngBlob(dataUrl: string): Blob {
  const bytes = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const buffer = new Uint8Array(bytes.length);
  for (let index = 0; index < bytes.length; index++) buffer[index] = bytes.charCodeAt(index);
  return new Blob([buffer], { type: 'image/png' });
}

/** The colours of the page (OEM variables) as the host computes them; plotly cannot read CSS variables itself. */
function useChartColours(host: HTMLElement): { series: string[]; map: readonly [string, string] } {
  return useMemo(() => {
    const style = getComputedStyle(host);
    const read = (property: string) => style.getPropertyValue(property);
    const series = chartColours(read);
    const low = read('--ec-chart-map-low').trim() || '#dbeafe';
    const high = read('--ec-chart-map-high').trim() || series[0]!;
    return { series, map: [low, high] as const };
  }, [host]);
}

/**
 * A chart: loading state while the data or plotly loads, the no-data text of shell §8 when there are no rows (without
 * loading plotly), a pie's table with percentages, and for the other kinds a table view that the "table" toggle
 * shows (screen readers always have it). Resizes follow the container, throttled to 500 ms. `part="chart"`; the
 * toggle is `part="chart-table-toggle"`, the export buttons `part="chart-export"`. The figure is rebuilt when
 * `data`, `compare`, `columnLabels`, `map` or `mapRange` change identity, so pass stable (memoized) objects.
 */
export function Chart({
  type,
  data,
  label,
  columnLabels,
  valueFormat = 'number',
  height = CHART_HEIGHT,
  loading = false,
  map,
  mapRange,
  compare,
  onSelect,
  exportName,
}: ChartProps) {
  const { language, host, root } = useElement();
  const t = useT('common');
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const place = useRef<HTMLElement>(null);
  const graph = useRef<HTMLElement | null>(null);
  const near = useNearViewport(place);
  const colours = useChartColours(host);
  useLayoutEffect(() => adoptChartStyles(root), [root]);

  const chartData = !loading && hasChartData(data) ? data : null;
  const shippedMap = typeof map === 'string' ? map : null;
  const otherLabel = t('parts.chart.other');
  const slices = useMemo(() => (chartData && type === 'pie' ? pieSlices(chartData, otherLabel) : []), [chartData, type, otherLabel]);
  const mapLoad = useDeferredModule(shippedMap === 'china' ? loadChinaMap : shippedMap === 'world' ? loadWorldMap : noMap, near && chartData !== null && shippedMap !== null);
  const asset = mapLoad.module;
  const figure = useMemo(
    () =>
      chartData && (!shippedMap || asset)
        ? buildFigure({
            type,
            data: chartData,
            compare,
            columnLabels: columnLabels ?? {},
            valueFormat,
            height,
            mapRange,
            map: typeof map === 'string' ? undefined : map,
            asset,
            slices,
            language,
            colours: colours.series,
            mapColours: colours.map,
            previousName: (name) => t('parts.chart.previous-period', { name }),
          })
        : null,
    [chartData, compare, slices, language, type, columnLabels, valueFormat, height, map, shippedMap, asset, mapRange, colours, t],
  );
  const model = useMemo(
    () => (chartData ? tableModel(type, chartData, { labels: columnLabels ?? {}, valueFormat, language, slices, compare, shippedMap }, t) : null),
    [chartData, type, columnLabels, valueFormat, language, slices, compare, shippedMap, t],
  );
  const plot = useDeferredModule(loadPlot, near && figure !== null);
  const dimension = chartData ? splitColumns(chartData).dimension : '';

  const select = useCallback(
    (value: string | number | null) => {
      if (value === null || !onSelect || !chartData) return;
      const metric = splitColumns(chartData).metrics[0];
      onSelect(metric ? { dimension, value, metric } : { dimension, value });
    },
    [onSelect, chartData, dimension],
  );
  const onPoint = useCallback(
    (point: PlotPoint | undefined) => {
      const selection = selectionOf(dimension, point);
      if (selection && onSelect) onSelect(selection);
    },
    [dimension, onSelect],
  );
  const exportCsv = () => {
    if (!model || !exportName) return;
    saveFile(root, new Blob([toCsv(model.header, model.rows.map((row) => row.csv))], { type: 'text/csv;charset=utf-8' }), exportFileName(exportName, 'csv'));
  };
  const exportPng = async () => {
    const element = graph.current;
    if (!plot.module || !element || !exportName) return;
    setExportFailed(false);
    try {
      const url = await plot.module.toImage(element, { format: 'png', width: element.clientWidth || 800, height });
      saveFile(root, pngBlob(url), exportFileName(exportName, 'png'));
    } catch {
      setExportFailed(true);
    }
  };

  const body = (): ReactNode => {
    if (loading) return <LoadingState />;
    if (!chartData) return <EmptyState message={t('state.no-data')} />;
    if (mapLoad.failed) return <ErrorState message={t('state.part-load-failed')} onRetry={mapLoad.retry} />;
    if (shippedMap && !asset) return <LoadingState />;
    if (!figure) return <ErrorState message={t('parts.chart.map-unavailable')} />;
    // Shell §8's "cannot find module" message when plotly's chunk fails to load, with a retry.
    if (plot.failed) return <ErrorState message={t('element.module-not-found', { name: 'plotly.js' })} onRetry={plot.retry} />;
    const Figure = plot.module?.Figure;
    if (!Figure) return <LoadingState />;
    return <Figure {...figure} height={height} graph={graph} onPoint={onSelect ? onPoint : undefined} />;
  };

  const toolbar = (): ReactNode => {
    if (!model || (!figure && !shippedMap)) return null;
    return (
      <div className="ec-chart-toolbar">
        {type !== 'pie' && (
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-table"
            // One name whatever the state: aria-pressed tells whether the table is shown.
            label={t('parts.chart.table-view')}
            aria-pressed={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
            part="chart-table-toggle"
          />
        )}
        {exportName && (
          <>
            <Button type="button" text size="small" icon="pi pi-download" label={t('parts.chart.export-csv')} onClick={exportCsv} part="chart-export" />
            <Button
              type="button"
              text
              size="small"
              icon="pi pi-image"
              label={t('parts.chart.export-png')}
              disabled={!plot.module || !figure}
              onClick={() => void exportPng()}
              part="chart-export"
            />
          </>
        )}
        {exportFailed && (
          <span className="ec-chart-export-error" role="alert">
            {t('api.operation-failed')}
          </span>
        )}
      </div>
    );
  };

  const table = (): ReactNode => {
    if (!model || (!figure && !shippedMap)) return null;
    const visible = type === 'pie' || tableShown;
    const rendered = (
      <table id={tableId} className={visible ? 'ec-chart-table' : undefined}>
        <caption className="ec-visually-hidden">{label}</caption>
        <thead>
          <tr>
            {model.header.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => {
            const selectable = onSelect !== undefined && row.value !== null;
            return (
              <tr key={row.key} className={selectable ? 'ec-chart-row-selectable' : undefined} onClick={selectable ? () => select(row.value) : undefined}>
                <th scope="row">
                  {selectable && visible ? (
                    // A real button: Enter and Space select the row, and screen readers announce it as an action.
                    <button type="button" className="ec-chart-row-button" onClick={(event) => {
                      event.stopPropagation();
                      select(row.value);
                    }}>
                      {row.head}
                    </button>
                  ) : (
                    row.head
                  )}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    );
    // A table is as tall as its rows whatever height it is given: hidden, it sits in a clipped box so a day of
    // minute buckets does not stretch the page below the chart.
    return visible ? rendered : <div className="ec-visually-hidden">{rendered}</div>;
  };

  return (
    <figure ref={place} className={`ec-chart ec-chart-${type}`} part="chart" aria-label={label}>
      {toolbar()}
      {body()}
      {table()}
    </figure>
  );
}

/** Props of {@link ChinaWorldMap}. */
export interface ChinaWorldMapProps extends Omit<ChartProps, 'type' | 'data' | 'map'> {
  /** Values by country (ISO alpha-2, the log store's `country`). */
  world: ChartData | null | undefined;
  /** Values by province (`CN-GD`; Hong Kong, Macao, Taiwan as `HK`/`MO`/`TW` or `CN-HK`...). */
  china: ChartData | null | undefined;
  /** Which map shows first; default the world. */
  initial?: 'world' | 'china';
}

/**
 * The world map that toggles to China (issue 25): two shipped maps behind a pair of toggle buttons
 * (`part="chart-map-toggle"`, `aria-pressed`). Each map reads its shapes the first time it is shown.
 */
export function ChinaWorldMap({ world, china, initial = 'world', label, ...chart }: ChinaWorldMapProps) {
  const t = useT('common');
  const [shown, setShown] = useState<'world' | 'china'>(initial);
  return (
    <div className="ec-chart-maps">
      <div className="ec-chart-map-toggle" role="group" aria-label={label}>
        {(['world', 'china'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            size="small"
            outlined={shown !== kind}
            label={kind === 'world' ? t('parts.chart.map-world') : t('parts.chart.map-china')}
            aria-pressed={shown === kind}
            onClick={() => setShown(kind)}
            part="chart-map-toggle"
          />
        ))}
      </div>
      <Chart key={shown} {...chart} label={label} type={shown === 'world' ? 'world-map' : 'china-map'} map={shown} data={shown === 'world' ? world : china} />
    </div>
  );
}
