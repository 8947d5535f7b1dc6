/**
 * Parts of the TCP reports: the filter bar (range, granularity, rule, auto refresh), a time-series chart over the
 * report's buckets, and a ranking table whose rows can lead to another page. Texts come from the `tcp-report`
 * catalogue; times are Beijing time (rules §9), numbers through core's one formatter.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import type { TcpSeriesPoint, TcpTopAnswer, TcpTopEntry } from '../../core/api/endpoints/tcp-report.js';
import { formatBytes, formatCount } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { AutoRefreshField } from '../../core/ui/parts/auto-refresh.js';
import { Chart, ChinaWorldMap } from '../../core/ui/parts/chart.js';
import type { ValueFormat } from '../../core/ui/parts/chart-data.js';
import { namedDropdown } from '../../core/ui/parts/named.js';
import { NavLink, type NavTarget } from '../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { TimeRangeFields } from '../../core/ui/parts/time-range-filter.js';
import { bucketFor, GRANULARITIES, minuteAllowed, type Granularity, type Loaded, type TcpReportStore } from './report-store.js';

const GRANULARITY_KEYS: Record<Granularity, string> = {
  auto: 'granularity.auto',
  minute: 'granularity.minute',
  hour: 'granularity.hour',
  day: 'granularity.day',
};

const ALL_RULES = 0;

/** Props of {@link ReportFilters}. */
export interface ReportFiltersProps {
  store: TcpReportStore;
  /** Offer the rule filter (a report of one rule does not). */
  ruleFilter: boolean;
  onRefresh: () => void;
}

/** The filter bar. Changing a filter reloads through `onRefresh`. */
export function ReportFilters({ store, ruleFilter, onRefresh }: ReportFiltersProps) {
  useSignals();
  const t = useT();
  const ids = { granularity: useId(), rule: useId() };
  const range = store.time.value.window;
  const granularities = useMemo(
    () => GRANULARITIES.map((value) => ({ value, label: t(GRANULARITY_KEYS[value]), disabled: value === 'minute' && !minuteAllowed(range) })),
    [t, range],
  );
  const rules = store.rules.value;
  const ruleOptions = useMemo(
    // 0 stands for all rules: the Dropdown shows no label for a null value.
    () => [{ value: ALL_RULES, label: t('filter.all-rules') }, ...rules.map((rule) => ({ value: rule.id, label: `${rule.protocol.toUpperCase()} ${rule.rule_port}${rule.remark ? ` · ${rule.remark}` : ''}` }))],
    [rules, t],
  );
  const searchTimer = useRef<number | undefined>(undefined);
  const change = (apply: () => void) => {
    apply();
    onRefresh();
  };

  return (
    <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('filter.label')}>
      <TimeRangeFields value={store.time.value} onChange={(value) => change(() => store.setTime(value))} />
      <div className="ec-filter">
        <label htmlFor={ids.granularity}>{t('filter.granularity')}</label>
        <Dropdown
          inputId={ids.granularity}
          value={store.granularity.value}
          options={granularities}
          optionDisabled="disabled"
          onChange={(event) => change(() => store.setGranularity(event.value as Granularity))}
          pt={namedDropdown(t('filter.granularity'))}
        />
      </div>
      {ruleFilter && (
        <div className="ec-filter">
          <label htmlFor={ids.rule}>{t('filter.rule')}</label>
          <Dropdown
            inputId={ids.rule}
            value={store.ruleId.value ?? ALL_RULES}
            options={ruleOptions}
            filter
            filterPlaceholder={t('filter.search-rules')}
            // Rule lists run to thousands: the typed text asks the server (port, address or remark).
            onFilter={(event) => {
              window.clearTimeout(searchTimer.current);
              searchTimer.current = window.setTimeout(() => void store.loadRules(event.filter), 300);
            }}
            emptyFilterMessage={t('filter.no-rules')}
            onChange={(event) => change(() => store.setRuleId(Number(event.value) || null))}
            pt={namedDropdown(t('filter.rule'))}
          />
        </div>
      )}
      <AutoRefreshField seconds={store.autoRefresh.value} onChange={store.setAutoRefresh} />
      <span className="ec-spacer" />
      <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={onRefresh} />
    </div>
  );
}

/** One series of a chart: its label and its value at a point. */
export interface SeriesLine {
  key: string;
  label: string;
  value: (point: TcpSeriesPoint, bucketSeconds: number) => number;
}

/** Props of {@link SeriesChart}. */
export interface SeriesChartProps {
  title: string;
  points: readonly TcpSeriesPoint[];
  bucketSeconds: number;
  lines: readonly SeriesLine[];
  valueFormat: ValueFormat;
  /** File name of the CSV and PNG exports. */
  exportName: string;
}

/** A chart over the report's buckets, with its data table for screen readers. */
export function SeriesChart({ title, points, bucketSeconds, lines, valueFormat, exportName }: SeriesChartProps) {
  const t = useT();
  const id = useId();
  // A line over bucket starts (ms): the chart shows them in Beijing time.
  const data = useMemo(
    () => ({
      columns: ['time', ...lines.map((line) => line.key)],
      rows: points.map((point) => Object.fromEntries([['time', point.bucket], ...lines.map((line) => [line.key, line.value(point, bucketSeconds)])])),
    }),
    [points, bucketSeconds, lines],
  );
  const columnLabels = useMemo(() => Object.fromEntries([['time', t('column.time')], ...lines.map((line) => [line.key, line.label])]), [lines, t]);
  return (
    <section className="ec-stack ec-tcp-chart" aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {title}
      </h3>
      <Chart type="line" data={data} label={title} columnLabels={columnLabels} valueFormat={valueFormat} exportName={exportName} />
    </section>
  );
}

/** What a ranking's first column names. */
export type RankingSubject = 'client' | 'rule';

/** Props of {@link RankingTable}. */
export interface RankingTableProps {
  title: string;
  loaded: Loaded<TcpTopAnswer> | undefined;
  subject: RankingSubject;
  /** What the count column counts. */
  countLabel: string;
  /** Where a row leads, if anywhere. */
  linkOf?: (entry: TcpTopEntry) => NavTarget | null;
  onRetry: () => void;
}

/** A ranking: subject, connections, traffic. */
export function RankingTable({ title, loaded, subject, countLabel, linkOf, onRetry }: RankingTableProps) {
  const { language } = useElement();
  const t = useT();
  const id = useId();
  const subjectLabel = t(`column.${subject}`);
  const name = (entry: TcpTopEntry): string => {
    if (subject === 'rule') return entry.label || `#${entry.value}`;
    return entry.value;
  };
  let body: ReactNode;
  if (!loaded || loaded.status === 'loading') body = <LoadingState />;
  else if (loaded.status === 'error') body = <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  else if (loaded.value.list.length === 0) body = <EmptyState message={t('ranking-empty')} />;
  else {
    body = (
      <table className="ec-tcp-ranking">
        <thead>
          <tr>
            <th scope="col">{subjectLabel}</th>
            <th scope="col">{countLabel}</th>
            <th scope="col">{t('column.bytes')}</th>
          </tr>
        </thead>
        <tbody>
          {loaded.value.list.map((entry) => {
            const target = linkOf?.(entry) ?? null;
            return (
              <tr key={entry.value}>
                <th scope="row">
                  {target ? (
                    <NavLink route={target.route} params={target.params}>
                      {name(entry)}
                    </NavLink>
                  ) : (
                    name(entry)
                  )}
                </th>
                <td>{formatCount(entry.sessions, language)}</td>
                <td>{formatBytes(entry.bytes, language)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }
  return (
    <section className="ec-stack ec-tcp-ranking-section" aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {title}
      </h3>
      {body}
    </section>
  );
}

/** The bucket the store's granularity means now (for the "per …" notes). */
export function useBucket(store: TcpReportStore) {
  return bucketFor(store.granularity.value, store.time.value.window);
}

/** Props of {@link RegionMap}. */
export interface RegionMapProps {
  title: string;
  /** The country ranking (world map) and the province ranking (China). */
  countries: Loaded<TcpTopAnswer> | undefined;
  provinces: Loaded<TcpTopAnswer> | undefined;
  countLabel: string;
  exportName: string;
}

function mapData(loaded: Loaded<TcpTopAnswer> | undefined) {
  if (loaded?.status !== 'ready') return null;
  // Flows from outside the mainland have no province: nothing to draw for them on China's map.
  const rows = loaded.value.list.filter((entry) => entry.value !== '').map((entry) => ({ region: entry.value, sessions: entry.sessions }));
  return { columns: ['region', 'sessions'], rows };
}

/**
 * Where connections came from, on the shipped world map that toggles to China; the map's table view lists the
 * figures for keyboard and screen-reader users.
 */
export function RegionMap({ title, countries, provinces, countLabel, exportName }: RegionMapProps) {
  const t = useT();
  const id = useId();
  const world = useMemo(() => mapData(countries), [countries]);
  const china = useMemo(() => mapData(provinces), [provinces]);
  const columnLabels = useMemo(() => ({ region: t('column.region'), sessions: countLabel }), [countLabel, t]);
  const loading = !countries || countries.status === 'loading';
  return (
    <section className="ec-stack ec-tcp-chart" aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {title}
      </h3>
      {countries?.status === 'error' ? (
        <ErrorState message={t('load-failed')} />
      ) : (
        <ChinaWorldMap world={world} china={china} label={title} columnLabels={columnLabels} valueFormat="large" loading={loading} exportName={exportName} />
      )}
    </section>
  );
}
