/**
 * `<ec-bot-report>`: the bot report (shell §2 `Bot`, old layout `statisticsReport/Bot`, new layout
 * `data-analytics/security-report/Bot`; rules §6 bot analytics, flagship and above). Figures first, then requests of
 * people, known bots and unknown bots over the range, known bots by category, where bot traffic came from, and the
 * rankings: known bots and unknown bot signatures (user agent, TLS fingerprint), whose rows open their detail pages
 * and whose charts drill down to log retrieval. A plan without bot analytics shows the shell §8 prompt.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import type { BotSummary, KnownBotRow, UnknownSignatureRow } from '../../core/api/endpoints/bot-report.js';
import { formatCount, formatLargeNumber, formatPercent } from '../../core/i18n/format.js';
import { knownBot, type BotCategory } from '../../core/logs/bots.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { Chart, ChinaWorldMap, type ChartSelection } from '../../core/ui/parts/chart.js';
import { Figures } from '../../core/ui/parts/figures.js';
import { useNavigate } from '../../core/ui/parts/nav-link.js';
import { EmptyState } from '../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import type { Language } from '../../core/i18n/language.js';
import { logsView } from '../reports-shared/drill-down.js';
import { botLogsView, botExpression, categoryExpression, signatureExpression } from '../bot-shared/drill.js';
import { AnswerState, BotFilters, RankTable, type RankRow } from '../bot-shared/parts.js';
import { CATEGORY_KEYS, REASON_KEYS } from '../bot-shared/labels.js';
import { botRoutes } from '../bot-shared/routes.js';
import { createBotStore, type BotStore } from '../bot-shared/store.js';

/** Props of the component (attributes of the element). */
export interface BotReportProps {
  range?: '15m' | '3h' | 'today' | 'yesterday' | '7d' | '30d';
  layout?: 'new' | 'old';
}

const stores = instanceStores<BotStore<BotSummary>>();

/** The headline figures. */
function figuresOf(summary: BotSummary, t: TFunction, language: Language) {
  const { totals } = summary;
  const share = (count: number) => (totals.requests > 0 ? t('figure.share', { percent: formatPercent(count / totals.requests, language) }) : undefined);
  return [
    { key: 'requests', label: t('figure.requests'), value: formatLargeNumber(totals.requests, language) },
    { key: 'human', label: t('figure.human'), value: formatLargeNumber(totals.human, language), note: share(totals.human) },
    { key: 'known', label: t('figure.known'), value: formatLargeNumber(totals.known, language), note: share(totals.known) },
    { key: 'unknown', label: t('figure.unknown'), value: formatLargeNumber(totals.unknown, language), note: share(totals.unknown), tone: totals.unknown > 0 ? ('warning' as const) : undefined },
    { key: 'spoofed', label: t('figure.spoofed'), value: formatLargeNumber(totals.spoofed, language), note: t('figure.spoofed-note'), tone: totals.spoofed > 0 ? ('danger' as const) : undefined },
  ];
}

/** A signature as its row reads: the user agent (or "(empty)") or the fingerprint. */
export function signatureLabel(row: Pick<UnknownSignatureRow, 'kind' | 'value'>, t: TFunction): string {
  if (row.kind === 'ua' && (row.value === '' || row.value === '-')) return t('signature.empty-agent');
  return row.value;
}

/** The report. */
export function BotReport({ range = 'today', layout = 'new' }: BotReportProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT();
  const navigate = useNavigate();
  const store = stores(host, () => createBotStore<BotSummary>({ kind: 'summary' }, range), client);
  const routes = botRoutes(layout);
  const refresh = () => void store.load(client, { quiet: true });

  useEffect(() => {
    void store.loadWebsites(client);
    void store.load(client);
  }, [store, client]);
  useAutoRefresh(store.filter.value.refresh, refresh);

  const answer = store.answer.value;
  const summary = answer.status === 'ready' ? answer.data : null;
  const shown = store.shown.value;
  const domainId = store.filter.value.domainId;

  const series = useMemo(
    () => summary && { columns: ['time', 'human', 'known', 'unknown'], rows: summary.series.map((point) => ({ time: Date.parse(point.bucket), human: point.human, known: point.known, unknown: point.unknown })) },
    [summary],
  );
  const seriesLabels = useMemo(() => ({ time: t('column.time'), human: t('class.human'), known: t('class.known'), unknown: t('class.unknown') }), [t]);
  const categories = useMemo(
    () => summary && { columns: ['category', 'requests'], rows: summary.categories.map((row) => ({ category: t(CATEGORY_KEYS[row.category]), key: row.category, requests: row.requests })) },
    [summary, t],
  );
  const knownChart = useMemo(() => summary && { columns: ['bot', 'requests'], rows: summary.known_bots.map((row) => ({ bot: row.name, requests: row.requests })) }, [summary]);
  const agentChart = useMemo(() => summary && { columns: ['signature', 'requests'], rows: summary.unknown_agents.map((row) => ({ signature: signatureLabel(row, t), requests: row.requests })) }, [summary, t]);
  const world = useMemo(() => summary && { columns: ['region', 'requests'], rows: summary.countries.map((row) => ({ region: row.key, requests: row.requests })) }, [summary]);
  const china = useMemo(() => summary && { columns: ['region', 'requests'], rows: summary.provinces.map((row) => ({ region: row.key, requests: row.requests })) }, [summary]);
  const countLabels = useMemo(
    () => ({ category: t('column.category'), bot: t('column.bot'), signature: t('column.user-agent'), region: t('column.region'), requests: t('column.requests') }),
    [t],
  );

  /** Opens log retrieval on an expression over the range shown. */
  const openLogs = (expression: string) => shown && navigate({ route: routes.logs, query: botLogsView(shown.range, domainId, expression) });
  const onCategory = (selection: ChartSelection) => {
    const row = summary?.categories.find((entry) => t(CATEGORY_KEYS[entry.category]) === selection.value);
    if (row) openLogs(categoryExpression(row.category as BotCategory));
  };
  const onKnown = (selection: ChartSelection) => {
    const row = summary?.known_bots.find((entry) => entry.name === selection.value);
    const bot = row && knownBot(row.id);
    if (bot) openLogs(botExpression(bot));
  };
  const onAgent = (selection: ChartSelection) => {
    const row = summary?.unknown_agents.find((entry) => signatureLabel(entry, t) === selection.value);
    if (row) openLogs(signatureExpression(row));
  };
  const onRegion = (selection: ChartSelection) =>
    shown &&
    navigate({
      route: routes.logs,
      query: logsView({ from: shown.range.start, to: shown.range.end, domainIds: domainId !== null ? [domainId] : [], table: 'countries', value: String(selection.value) }),
    });

  const knownRows = (rows: readonly KnownBotRow[]): RankRow[] =>
    rows.map((row) => ({
      key: row.id,
      label: row.name,
      target: { route: routes.detail.known, params: { id: row.id } },
      linkLabel: t('ranking.open-detail', { name: row.name }),
      requests: row.requests,
      cells: [t(CATEGORY_KEYS[row.category]), row.vendor, formatCount(row.addresses, language), formatCount(row.spoofed, language)],
    }));
  const signatureRows = (rows: readonly UnknownSignatureRow[]): RankRow[] =>
    rows.map((row) => {
      const label = signatureLabel(row, t);
      return {
        key: row.id,
        label,
        target: { route: routes.detail.unknown, params: { id: row.id } },
        linkLabel: t('ranking.open-detail', { name: label }),
        requests: row.requests,
        cells: [
          formatCount(row.addresses, language),
          row.top_addresses.join(', '),
          row.top_countries.join(', '),
          row.reasons.map((reason) => t(REASON_KEYS[reason])).join(t('list-separator')),
        ],
      };
    });
  const signatureColumns = [t('column.addresses'), t('column.top-addresses'), t('column.top-countries'), t('column.reasons')];

  const body = () => {
    if (answer.status !== 'ready') return <AnswerState answer={answer} onRetry={() => void store.load(client)} />;
    const data = answer.data;
    if (data.totals.requests === 0) return <EmptyState message={t('empty')} />;
    return (
      <>
        <Figures label={t('figures')} items={figuresOf(data, t, language)} />
        <div className="ec-bot-grid">
          <section className="ec-stack" aria-labelledby="ec-bot-series">
            <h3 id="ec-bot-series" className="ec-section-title">
              {t('chart.series')}
            </h3>
            <Chart type="line" data={series} label={t('chart.series')} columnLabels={seriesLabels} valueFormat="large" exportName="bot-requests" />
          </section>
          <section className="ec-stack" aria-labelledby="ec-bot-categories">
            <h3 id="ec-bot-categories" className="ec-section-title">
              {t('chart.categories')}
            </h3>
            <Chart type="pie" data={categories} label={t('chart.categories')} columnLabels={countLabels} valueFormat="large" onSelect={onCategory} exportName="bot-categories" />
          </section>
          <section className="ec-stack" aria-labelledby="ec-bot-map">
            <h3 id="ec-bot-map" className="ec-section-title">
              {t('chart.map')}
            </h3>
            <ChinaWorldMap world={world} china={china} label={t('chart.map')} columnLabels={countLabels} valueFormat="large" onSelect={onRegion} exportName="bot-regions" />
          </section>
          <section className="ec-stack" aria-labelledby="ec-bot-known-chart">
            <h3 id="ec-bot-known-chart" className="ec-section-title">
              {t('chart.known')}
            </h3>
            <Chart type="bar" data={knownChart} label={t('chart.known')} columnLabels={countLabels} valueFormat="large" onSelect={onKnown} exportName="bot-known" />
          </section>
          <section className="ec-stack" aria-labelledby="ec-bot-agent-chart">
            <h3 id="ec-bot-agent-chart" className="ec-section-title">
              {t('chart.unknown')}
            </h3>
            <Chart type="bar" data={agentChart} label={t('chart.unknown')} columnLabels={countLabels} valueFormat="large" onSelect={onAgent} exportName="bot-unknown-agents" />
          </section>
        </div>
        <div className="ec-bot-rankings">
          <RankTable
            title={t('ranking.known')}
            subject={t('column.bot')}
            extraColumns={[t('column.category'), t('column.vendor'), t('column.verified-addresses'), t('column.spoofed')]}
            rows={knownRows(data.known_bots)}
            empty={t('ranking.none')}
          />
          <RankTable title={t('ranking.unknown-agents')} subject={t('column.user-agent')} extraColumns={signatureColumns} rows={signatureRows(data.unknown_agents)} empty={t('ranking.none')} />
          <RankTable title={t('ranking.unknown-fingerprints')} subject={t('column.ja3')} extraColumns={signatureColumns} rows={signatureRows(data.unknown_fingerprints)} empty={t('ranking.none')} />
        </div>
      </>
    );
  };

  return (
    <div className="ec-root ec-stack ec-bot-report">
      <BotFilters store={store} onRefresh={() => void store.load(client)} />
      {body()}
    </div>
  );
}
