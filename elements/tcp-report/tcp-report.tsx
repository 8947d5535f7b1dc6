/**
 * `<ec-tcp-report>`: the layer-4 reports (shell §2 `dataReport` tcpTraffic, tcpSession, tcpCCAttack,
 * accurateAccessControl; new layout `four-layer-agent` report), read from the flows the edge recorded in the log
 * store: headline figures first, then a chart over the range and the rankings. A sub-account sees the rules its
 * grant names. Rule rows lead to the rule's console, or in the access-control report to that rule's details.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import { ACCESS_CONTROL_VERDICTS } from '../../core/logs/tcp-flows.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { Figures } from '../../core/ui/parts/figures.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { RankingTable, RegionMap, ReportFilters, SeriesChart, type SeriesLine } from '../layer4-shared/report-parts.js';
import { createTcpReportStore, regionRankings, type RankingQuery } from '../layer4-shared/report-store.js';
import { reportFigures } from '../layer4-shared/report-figures.js';
import { LAYER4_ROUTES } from '../layer4-shared/routes.js';
import type { TcpReportType } from '../layer4-shared/report-figures.js';

/** Props of the component (attributes of the element). */
export interface TcpReportProps {
  type?: TcpReportType;
  range?: '15m' | '3h' | 'today' | 'yesterday' | '7d' | '30d';
  layout?: 'new' | 'old';
}

/** The rankings each report shows. */
const RANKINGS: Record<TcpReportType, RankingQuery[]> = {
  traffic: [
    { key: 'rules', field: 'rule_id' },
    { key: 'clients', field: 'client_ip' },
  ],
  session: [{ key: 'rules', field: 'rule_id', verdicts: ['forwarded'] }, ...regionRankings(['forwarded'])],
  'cc-attack': [
    { key: 'attackers', field: 'client_ip', verdicts: ['cc-drop'] },
    { key: 'rules', field: 'rule_id', verdicts: ['cc-drop'] },
    ...regionRankings(['cc-drop']),
  ],
  'access-control': [
    { key: 'rules', field: 'rule_id', verdicts: ACCESS_CONTROL_VERDICTS },
    { key: 'clients', field: 'client_ip', verdicts: ACCESS_CONTROL_VERDICTS },
    ...regionRankings(ACCESS_CONTROL_VERDICTS),
  ],
};

/** The chart(s) of a report. */
function chartsOf(type: TcpReportType, t: TFunction): { key: string; title: string; lines: SeriesLine[]; format: 'bits' | 'large' | 'number' }[] {
  switch (type) {
    case 'traffic':
      return [
        {
          key: 'bandwidth',
          title: t('chart.bandwidth'),
          format: 'bits',
          lines: [
            { key: 'in', label: t('series.in'), value: (point, seconds) => (point.bytes_in * 8) / seconds },
            { key: 'out', label: t('series.out'), value: (point, seconds) => (point.bytes_out * 8) / seconds },
          ],
        },
      ];
    case 'session':
      return [
        { key: 'concurrent', title: t('chart.concurrent'), format: 'large', lines: [{ key: 'concurrent', label: t('series.concurrent'), value: (point) => point.concurrent }] },
        { key: 'new', title: t('chart.new'), format: 'number', lines: [{ key: 'new', label: t('series.new'), value: (point, seconds) => point.sessions / seconds }] },
      ];
    case 'cc-attack':
      return [{ key: 'attacks', title: t('chart.attacks'), format: 'large', lines: [{ key: 'attacks', label: t('series.attacks'), value: (point) => point.attacks }] }];
    case 'access-control':
      return [{ key: 'denied', title: t('chart.denied'), format: 'large', lines: [{ key: 'denied', label: t('series.denied'), value: (point) => point.denied }] }];
  }
}

const RANKING_TITLES: Record<string, string> = {
  rules: 'top.rules',
  clients: 'top.clients',
  attackers: 'top.attackers',
};

const MAP_TITLES: Record<Exclude<TcpReportType, 'traffic'>, string> = {
  session: 'map.session',
  'cc-attack': 'map.cc-attack',
  'access-control': 'map.access-control',
};

/** The report. */
export function TcpReport({ type = 'traffic', range = 'today', layout = 'new' }: TcpReportProps) {
  useSignals();
  const { client, language } = useElement();
  const t = useT();
  const store = useMemo(() => createTcpReportStore(client, range), [client, range]);
  const rankings = RANKINGS[type];
  const refresh = () => {
    store.refreshWindow();
    void store.load(rankings);
  };

  useEffect(() => {
    void store.load(rankings);
  }, [store, type]);
  useEffect(() => {
    void store.loadRules();
  }, [store]);
  useAutoRefresh(store.autoRefresh.value, refresh);

  const routes = LAYER4_ROUTES[layout];
  const state = store.series.value;
  const countLabel = t(type === 'cc-attack' ? 'column.dropped' : type === 'access-control' ? 'column.denied' : 'column.sessions');

  const body = () => {
    if (state.status === 'loading') return <LoadingState message={t('loading')} />;
    if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.load(rankings)} />;
    const answer = state.value;
    if (answer.points.every((point) => point.sessions === 0)) return <EmptyState message={t('empty')} />;
    return (
      <>
        <Figures label={t('figures')} items={reportFigures(type, answer, t, language)} />
        {type === 'session' && <p className="ec-muted">{t('note.concurrent')}</p>}
        <div className="ec-tcp-charts">
          {chartsOf(type, t).map((chart) => (
            <SeriesChart
              key={chart.key}
              title={chart.title}
              points={answer.points}
              bucketSeconds={answer.bucket_seconds}
              lines={chart.lines}
              valueFormat={chart.format}
              exportName={`tcp-${type}-${chart.key}`}
            />
          ))}
          {type !== 'traffic' && (
            <RegionMap
              title={t(MAP_TITLES[type])}
              countries={store.rankings.value.countries}
              provinces={store.rankings.value.provinces}
              countLabel={countLabel}
              exportName={`tcp-${type}-regions`}
            />
          )}
        </div>
        <div className="ec-tcp-rankings">
          {rankings
            .filter((query) => query.field !== 'country' && query.field !== 'province')
            .map((query) => (
              <RankingTable
                key={query.key}
                title={t(RANKING_TITLES[query.key]!)}
                loaded={store.rankings.value[query.key]}
                subject={query.field === 'rule_id' ? 'rule' : 'client'}
                countLabel={countLabel}
                linkOf={
                  query.field === 'rule_id'
                    ? (entry) => ({ route: type === 'access-control' ? routes.accessControl : routes.detail, params: { id: entry.value } })
                    : undefined
                }
                onRetry={() => void store.load(rankings)}
              />
            ))}
        </div>
      </>
    );
  };

  return (
    <div className="ec-root ec-stack ec-tcp-report">
      <ReportFilters store={store} ruleFilter onRefresh={refresh} />
      {body()}
    </div>
  );
}
