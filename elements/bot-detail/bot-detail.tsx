/**
 * `<ec-bot-detail kind bot-id>`: one bot's page (shell §2 `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`; rules §6 bot
 * analytics, flagship and above). A known bot: who it is, its verified requests over time, and the requests that
 * claimed it from addresses failing its vendor's reverse DNS check. An unknown bot signature (a user agent or a TLS
 * fingerprint): why it counts as a bot and its requests over time. Both: the paths it asked for, its addresses and
 * countries; chart selections drill down to log retrieval on the bot's expression.
 */
import { expressionString } from '../../core/logs/expression-string.js';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import type { BotDetail as BotDetailAnswer } from '../../core/api/endpoints/bot-report.js';
import { formatCount, formatLargeNumber } from '../../core/i18n/format.js';
import { knownBot, parseSignatureId } from '../../core/logs/bots.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { Chart, ChinaWorldMap, type ChartSelection } from '../../core/ui/parts/chart.js';
import { Figures } from '../../core/ui/parts/figures.js';
import { useNavigate } from '../../core/ui/parts/nav-link.js';
import { EmptyState } from '../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { logsView } from '../reports-shared/drill-down.js';
import { botExpression, botLogsView, signatureExpression } from '../bot-shared/drill.js';
import { AnswerState, BotFilters, RankTable } from '../bot-shared/parts.js';
import { CATEGORY_KEYS, REASON_KEYS } from '../bot-shared/labels.js';
import { botRoutes } from '../bot-shared/routes.js';
import { createBotStore, type BotStore } from '../bot-shared/store.js';

/** Props of the component (attributes of the element). */
export interface BotDetailProps {
  kind?: 'known' | 'unknown';
  botId?: string;
  range?: '15m' | '3h' | 'today' | 'yesterday' | '7d' | '30d';
  layout?: 'new' | 'old';
}

const stores = instanceStores<BotStore<BotDetailAnswer>>();

/** The page. */
export function BotDetail({ kind = 'known', botId = '', range = 'today', layout = 'new' }: BotDetailProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT();
  const navigate = useNavigate();
  const bot = kind === 'known' ? knownBot(botId) : undefined;
  const signature = kind === 'unknown' ? parseSignatureId(botId) : null;
  const valid = bot !== undefined || signature !== null;
  // Another bot, kind or API client is another page: a new store (the key's identity changes with them).
  const key = useMemo(() => ({ client, kind, botId }), [client, kind, botId]);
  const store = stores(host, () => createBotStore<BotDetailAnswer>({ kind: 'detail', detail: kind, id: botId }, range), key);
  const routes = botRoutes(layout);
  const expression = bot ? botExpression(bot) : signature ? signatureExpression(signature) : '';

  useEffect(() => {
    if (!valid) return;
    void store.loadWebsites(client);
    void store.load(client);
  }, [store, client, valid]);
  useAutoRefresh(valid ? store.filter.value.refresh : 0, () => void store.load(client, { quiet: true }));

  const answer = store.answer.value;
  const detail = answer.status === 'ready' ? answer.data : null;
  const shown = store.shown.value;
  const domainId = store.filter.value.domainId;

  const series = useMemo(
    () =>
      detail && {
        columns: bot ? ['time', 'requests', 'spoofed'] : ['time', 'requests'],
        rows: detail.series.map((point) => ({ time: Date.parse(point.bucket), requests: point.requests, spoofed: point.spoofed })),
      },
    [detail, bot],
  );
  const paths = useMemo(() => detail && { columns: ['path', 'requests'], rows: detail.paths.map((row) => ({ path: row.key, requests: row.requests })) }, [detail]);
  const world = useMemo(() => detail && { columns: ['region', 'requests'], rows: detail.countries.map((row) => ({ region: row.key, requests: row.requests })) }, [detail]);
  const labels = useMemo(
    () => ({
      time: t('column.time'),
      requests: bot ? t('column.verified-requests') : t('column.requests'),
      spoofed: t('column.spoofed'),
      path: t('column.path'),
      region: t('column.region'),
    }),
    [t, bot],
  );

  const openLogs = (extra: string) => shown && navigate({ route: routes.logs, query: botLogsView(shown.range, domainId, extra ? `${expression} and ${extra}` : expression) });
  const onPath = (selection: ChartSelection) => openLogs(`uri = ${expressionString(String(selection.value))}`);
  const onRegion = (selection: ChartSelection) =>
    shown &&
    navigate({
      route: routes.logs,
      query: logsView({ from: shown.range.start, to: shown.range.end, domainIds: domainId !== null ? [domainId] : [], table: 'countries', value: String(selection.value), extra: { q: expression } }),
    });
  const addressLogs = (ip: string) =>
    shown ? { route: routes.logs, query: logsView({ from: shown.range.start, to: shown.range.end, domainIds: domainId !== null ? [domainId] : [], table: 'ips', value: ip, extra: { q: expression } }) } : undefined;

  const title = bot ? bot.name : signature ? (signature.value === '' ? t('signature.empty-agent') : signature.value) : '';

  const body = () => {
    if (!valid) return <EmptyState message={t('detail.not-found')} />;
    if (answer.status !== 'ready') return <AnswerState answer={answer} onRetry={() => void store.load(client)} />;
    const data = answer.data;
    const figures = [
      { key: 'requests', label: bot ? t('figure.verified-requests') : t('figure.requests'), value: formatLargeNumber(data.totals.requests, language) },
      { key: 'addresses', label: t('figure.addresses'), value: formatCount(data.totals.addresses, language) },
      ...(bot
        ? [
            {
              key: 'spoofed',
              label: t('figure.spoofed'),
              value: formatLargeNumber(data.totals.spoofed, language),
              note: t('figure.spoofed-addresses', { count: data.totals.spoofed_addresses }),
              tone: data.totals.spoofed > 0 ? ('danger' as const) : undefined,
            },
          ]
        : []),
    ];
    return (
      <>
        <dl className="ec-bot-facts" part="facts">
          {bot ? (
            <>
              <dt>{t('column.category')}</dt>
              <dd>{t(CATEGORY_KEYS[bot.category])}</dd>
              <dt>{t('column.vendor')}</dt>
              <dd>{bot.vendor}</dd>
              <dt>{t('detail.token')}</dt>
              <dd>
                <code>{bot.token}</code>
              </dd>
              <dt>{t('detail.verification')}</dt>
              <dd>{t('detail.verification-text', { suffixes: bot.reverseDns.join(t('list-separator')) })}</dd>
            </>
          ) : (
            <>
              <dt>{signature!.kind === 'ja3' ? t('column.ja3') : t('column.user-agent')}</dt>
              <dd>
                <code>{title}</code>
              </dd>
              <dt>{t('column.reasons')}</dt>
              <dd>{(data.signature?.reasons ?? []).map((reason) => t(REASON_KEYS[reason])).join(t('list-separator')) || t('reason.none')}</dd>
            </>
          )}
        </dl>
        <Figures label={t('figures')} items={figures} />
        {data.totals.requests === 0 && data.totals.spoofed === 0 ? (
          <EmptyState message={t('detail.empty')} />
        ) : (
          <>
            <div className="ec-bot-grid">
              <section className="ec-stack" aria-labelledby="ec-bot-detail-series">
                <h3 id="ec-bot-detail-series" className="ec-section-title">
                  {t('chart.detail-series')}
                </h3>
                <Chart type="line" data={series} label={t('chart.detail-series')} columnLabels={labels} valueFormat="large" exportName={`bot-${botId}-requests`} />
              </section>
              <section className="ec-stack" aria-labelledby="ec-bot-detail-paths">
                <h3 id="ec-bot-detail-paths" className="ec-section-title">
                  {t('chart.paths')}
                </h3>
                <Chart type="bar" data={paths} label={t('chart.paths')} columnLabels={labels} valueFormat="large" onSelect={onPath} exportName={`bot-${botId}-paths`} />
              </section>
              <section className="ec-stack" aria-labelledby="ec-bot-detail-map">
                <h3 id="ec-bot-detail-map" className="ec-section-title">
                  {t('chart.detail-map')}
                </h3>
                <ChinaWorldMap world={world} china={null} label={t('chart.detail-map')} columnLabels={labels} valueFormat="large" onSelect={onRegion} exportName={`bot-${botId}-regions`} />
              </section>
            </div>
            <div className="ec-bot-rankings">
              <RankTable
                title={t('ranking.addresses')}
                subject={t('column.address')}
                rows={data.addresses.map((row) => ({ key: row.key, label: row.key, target: addressLogs(row.key), linkLabel: t('ranking.open-logs', { value: row.key }), requests: row.requests }))}
                empty={t('ranking.none')}
              />
              {bot && (
                <RankTable
                  title={t('ranking.spoofed-addresses')}
                  subject={t('column.address')}
                  rows={data.spoofed_addresses.map((row) => ({ key: row.key, label: row.key, requests: row.requests }))}
                  empty={t('ranking.no-spoofing')}
                />
              )}
            </div>
          </>
        )}
      </>
    );
  };

  return (
    <div className="ec-root ec-stack ec-bot-detail">
      <h2 className="ec-page-title ec-bot-subject">{valid ? t(kind === 'known' ? 'detail.known-title' : 'detail.unknown-title', { name: title }) : t('detail.title')}</h2>
      {valid && <BotFilters store={store} onRefresh={() => void store.load(client)} />}
      {body()}
    </div>
  );
}
