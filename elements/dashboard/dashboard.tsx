/**
 * `<ec-dashboard>`: the cloud-speed console home (shell §2 `dashboard`; issue 25). Today's figures first, counted by
 * the server from the edge logs over the Beijing day (rules §9 "Log time UTC+8"): requests, traffic, bandwidth peak,
 * cache hit ratio, attacks blocked and bans in force, each a link to the report or page that explains it; then the
 * charts (plotly loads when they near the viewport), the top websites (each opening its log lines) and the alerts
 * (certificates expiring within 30 days, websites not serving). Auto refresh pauses while the page is hidden.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import type { DashboardSummary } from '../../core/api/endpoints/reports.js';
import { formatDate, formatLogTime } from '../../core/i18n/format.js';
import type { Language } from '../../core/i18n/language.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { AutoRefreshSelect } from '../../core/ui/parts/auto-refresh-select.js';
import { Card } from '../../core/ui/parts/card.js';
import { DeferredFailure, useDeferredModule } from '../../core/ui/parts/deferred.js';
import { figureValue, Figures, type Figure, type FigureFormat } from '../../core/ui/parts/figures.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { reportRoutes, trafficReportRoute, type ReportLayout } from '../reports-shared/routes.js';
import { dashboardStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface DashboardProps {
  layout?: string;
  refresh?: number;
}

/** The charts' chunk (parts/charts.tsx), loaded once the figures are shown. */
const loadCharts = () => import('./parts/charts.js');

/** Label of each website status (the domain list's statuses). */
const DOMAIN_STATUS_KEYS: Record<string, string> = {
  pending_approval: 'domain-status.pending-approval',
  approval_failed: 'domain-status.approval-failed',
  deploying: 'domain-status.deploying',
  no_origin: 'domain-status.no-origin',
  returned_to_origin: 'domain-status.returned-to-origin',
  suspended: 'domain-status.suspended',
  updating: 'domain-status.updating',
};

/** The figures of today's summary, each linked to the report or page that explains it. */
function summaryFigures(summary: DashboardSummary, layout: ReportLayout, t: ReturnType<typeof useT>, language: Language): Figure[] {
  const routes = reportRoutes(layout);
  const report = (type: Parameters<typeof trafficReportRoute>[1]) => ({ route: trafficReportRoute(layout, type), query: 'range=today' });
  const figure = (key: string, value: number | null, format: FigureFormat, link: Figure['link'], note?: string): Figure => {
    const text = figureValue(value, format, language);
    const label = t(`figure.${key}`);
    return { key, label, value: text, link, linkLabel: t('figure.open', { label, value: text }), ...(note ? { note } : {}) };
  };
  const peakNote = summary.totals.peak_at ? t('figure.at', { time: formatLogTime(summary.totals.peak_at).slice(0, 16) }) : undefined;
  return [
    figure('requests', summary.totals.requests, 'large', report('access-analysis')),
    figure('bytes', summary.totals.bytes, 'bytes', report('wide-flow-range')),
    figure('peak', summary.totals.peak_bps, 'bits', report('wide-flow-range'), peakNote),
    figure('hit-ratio', summary.totals.hit_ratio, 'percent', report('distribution-request')),
    figure('attacks', summary.attacks_blocked, 'large', { route: routes.logs, query: 'type=waf&range=today' }),
    figure('bans', summary.active_bans, 'large', { route: routes.bans }),
  ];
}

/** The dashboard. */
export function Dashboard({ layout, refresh }: DashboardProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT();
  const store = dashboardStoreFor(host, refresh ?? 60);
  const state = store.summary.value;
  const pageLayout = (layout ?? 'new') as ReportLayout;
  const routes = reportRoutes(pageLayout);
  const summary = state.status === 'ready' ? state.data : null;
  const charts = useDeferredModule(loadCharts, summary !== null && summary.totals.requests > 0);
  const ChartsPart = charts.module?.DashboardCharts;

  useAutoRefresh(store.refreshSeconds.value, () => void store.load(client, { quiet: true }));
  useEffect(() => {
    void store.load(client);
  }, [client]);

  const toolbar = (
    <div className="ec-report-toolbar" part="toolbar">
      {summary && <p className="ec-report-note">{t('updated', { time: formatLogTime(summary.to) })}</p>}
      <AutoRefreshSelect
        seconds={store.refreshSeconds.value}
        onChange={(seconds) => (store.refreshSeconds.value = seconds)}
        onRefresh={() => void store.load(client, { quiet: true })}
        busy={state.status === 'loading' || (state.status === 'ready' && state.refreshing)}
      />
    </div>
  );

  if (state.status === 'loading') return <section className="ec-dashboard" aria-label={t('title')}>{toolbar}<LoadingState /></section>;
  if (state.status === 'error') {
    const reason = 'key' in state.message ? t(state.message.key, state.message.values ?? {}) : state.message.text;
    return (
      <section className="ec-dashboard" aria-label={t('title')}>
        {toolbar}
        <ErrorState message={t('load-failed', { reason })} onRetry={() => void store.load(client)} />
      </section>
    );
  }
  const data = state.data;
  const { certificates_expiring: certificates, domains_not_serving: idle } = data.alerts;

  return (
    <section className="ec-dashboard" aria-label={t('title')}>
      {toolbar}
      <Figures label={t('figures')} items={summaryFigures(data, pageLayout, t, language)} />
      {data.totals.requests === 0 ? (
        <EmptyState message={t('no-traffic')} />
      ) : (
        <div className="ec-report-grid">
          {charts.failed && <DeferredFailure onRetry={charts.retry} />}
          {ChartsPart ? <ChartsPart summary={data} statusRoute={trafficReportRoute(pageLayout, 'status-code-analysis')} logsRoute={routes.logs} /> : !charts.failed && <LoadingState />}
        </div>
      )}
      <Card title={t('alerts.title')} part="alerts">
        {certificates.length === 0 && idle.length === 0 && <p>{t('alerts.none')}</p>}
        {certificates.length > 0 && (
          <>
            <h3>{t('alerts.certificates')}</h3>
            <ul className="ec-report-alerts">
              {certificates.map((certificate) => (
                <li key={certificate.id}>
                  <NavLink route={routes.certificates}>
                    {t(certificate.expired ? 'alerts.certificate-expired' : 'alerts.certificate-expiring', {
                      name: certificate.name,
                      date: formatDate(certificate.not_after, language),
                    })}
                  </NavLink>
                </li>
              ))}
            </ul>
          </>
        )}
        {idle.length > 0 && (
          <>
            <h3>{t('alerts.domains')}</h3>
            <ul className="ec-report-alerts">
              {idle.map((domain) => (
                <li key={domain.id}>
                  <NavLink route={routes.domains}>
                    {t('alerts.domain-idle', { domain: domain.domain, status: t(DOMAIN_STATUS_KEYS[domain.status] ?? 'domain-status.other') })}
                  </NavLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </section>
  );
}
