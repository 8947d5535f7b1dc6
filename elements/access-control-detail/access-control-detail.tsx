/**
 * `<ec-access-control-detail>`: the accurate access control of one rule, in one shape for both protocols (figures,
 * a series over the range, the regions map, who was refused most).
 *
 * `protocol="tcp"`: one layer-4 rule (shell §2 `dataReport/accurateAccessControl/:id`, new layout
 * `four-layer-agent/report/accurateAccessControl/:id`): the lists in force, the connections they refused over the
 * range (by the IP lists and by region), and who was refused most, with a link to the rule console where the lists
 * are edited. `protocol="http"`: one rule of a website's custom rule sets (shell §2 statisticsReport /
 * security-report `AccurateAccessControl/:id`): its hits per action, regions, actions, targeted URLs and source
 * addresses, each drilling down to log retrieval (../attack-report/parts/security-view.tsx). Either way a rule
 * outside the caller's grant is refused by the server and shown as not found.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { signal } from '@preact/signals-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { ApiError, PERMISSION_DENIED_CODE, NOT_FOUND_CODE } from '../../core/api/catalogue.js';
import { getLayer4Rule, type Layer4Rule } from '../../core/api/endpoints/layer4.js';
import { ACCESS_CONTROL_VERDICTS } from '../../core/logs/tcp-flows.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { useAutoRefresh } from '../../core/ui/use-auto-refresh.js';
import { Figures } from '../../core/ui/parts/figures.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { RankingTable, RegionMap, ReportFilters, SeriesChart } from '../layer4-shared/report-parts.js';
import { createTcpReportStore, regionRankings, type Loaded, type RankingQuery } from '../layer4-shared/report-store.js';
import { LAYER4_ROUTES } from '../layer4-shared/routes.js';
import { reportFigures } from '../layer4-shared/report-figures.js';

/** Props of the component (attributes of the element). */
export interface AccessControlDetailProps {
  protocol?: 'tcp' | 'http';
  ruleId?: number;
  range?: '15m' | '3h' | 'today' | 'yesterday' | '7d' | '30d';
  layout?: 'new' | 'old';
}

const RANKINGS: RankingQuery[] = [{ key: 'clients', field: 'client_ip', verdicts: ACCESS_CONTROL_VERDICTS }, ...regionRankings(ACCESS_CONTROL_VERDICTS)];

type RuleState = Loaded<Layer4Rule> | { status: 'not-found' };

/**
 * The website rule's view, loaded only when `protocol="http"` is shown: a layer-4 page does not download the security
 * reports' parts (the element's size budget is measured on what it loads first).
 */
const HttpAccessControlDetail = lazy(() => import('../attack-report/parts/security-view.js').then((module) => ({ default: module.SecurityView })));

/** The details. */
export function AccessControlDetail({ protocol = 'tcp', ruleId, range = 'today', layout = 'new' }: AccessControlDetailProps) {
  if (protocol === 'http') {
    return (
      <Suspense fallback={<LoadingState />}>
        <HttpAccessControlDetail kind="acl" layout={layout} range={range} ruleId={ruleId ?? null} />
      </Suspense>
    );
  }
  return <TcpAccessControlDetail ruleId={ruleId} range={range} layout={layout} />;
}

/** One layer-4 rule's details. */
function TcpAccessControlDetail({ ruleId, range = 'today', layout = 'new' }: Omit<AccessControlDetailProps, 'protocol'>) {
  useSignals();
  const { client, language } = useElement();
  const t = useT();
  const store = useMemo(() => createTcpReportStore(client, range), [client, range]);
  const rule = useMemo(() => signal<RuleState>({ status: 'loading' }), []);
  const loadRule = (id: number) => {
    rule.value = { status: 'loading' };
    getLayer4Rule(client, id).then(
      (value) => void (rule.value = { status: 'ready', value }),
      (error: unknown) => {
        const missing = error instanceof ApiError && (error.code === NOT_FOUND_CODE || error.code === PERMISSION_DENIED_CODE);
        rule.value = missing ? { status: 'not-found' } : { status: 'error' };
      },
    );
  };
  const refresh = () => {
    store.refreshWindow();
    if (ruleId) void store.load(RANKINGS, ruleId);
  };

  useEffect(() => {
    if (!ruleId) return;
    loadRule(ruleId);
    void store.load(RANKINGS, ruleId);
  }, [store, ruleId]);
  useAutoRefresh(ruleId ? store.autoRefresh.value : 0, refresh);

  const found = rule.value;
  if (!ruleId || found.status === 'not-found') return <EmptyState message={t('detail.not-found')} />;
  if (found.status === 'loading') return <LoadingState message={t('loading')} />;
  if (found.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => loadRule(ruleId)} />;
  const current = found.value;
  const name = `${current.protocol.toUpperCase()} ${current.rule_port}`;
  const series = store.series.value;

  const body = () => {
    if (series.status === 'loading') return <LoadingState message={t('loading')} />;
    if (series.status === 'error') return <ErrorState message={t('load-failed')} onRetry={refresh} />;
    const answer = series.value;
    if (answer.points.every((point) => point.sessions === 0)) return <EmptyState message={t('empty')} />;
    return (
      <>
        <Figures label={t('figures')} items={reportFigures('access-control', answer, t, language)} />
        <div className="ec-tcp-charts">
          <SeriesChart
            title={t('chart.denied')}
            points={answer.points}
            bucketSeconds={answer.bucket_seconds}
            lines={[{ key: 'denied', label: t('series.denied'), value: (point) => point.denied }]}
            valueFormat="large"
            exportName={`tcp-access-control-${current.rule_port}`}
          />
          <RegionMap
            title={t('map.access-control')}
            countries={store.rankings.value.countries}
            provinces={store.rankings.value.provinces}
            countLabel={t('column.denied')}
            exportName={`tcp-access-control-${current.rule_port}-regions`}
          />
        </div>
        <RankingTable title={t('top.clients')} loaded={store.rankings.value.clients} subject="client" countLabel={t('column.denied')} onRetry={refresh} />
      </>
    );
  };

  return (
    <div className="ec-root ec-stack ec-access-control-detail">
      <div className="ec-row" part="header">
        <h2 className="ec-section-title">{t('detail.title', { rule: name })}</h2>
        <span className="ec-spacer" />
        <NavLink appearance="button-outlined" icon="pi pi-pencil" route={LAYER4_ROUTES[layout].detail} params={{ id: current.id }}>
          {t('detail.edit')}
        </NavLink>
      </div>
      <section className="ec-stack" aria-label={t('detail.lists')} part="lists">
        <ul className="ec-inline-list">
          <li>{t('detail.allow', { count: current.access.allow_ips.length })}</li>
          <li>{t('detail.deny', { count: current.access.deny_ips.length })}</li>
          <li>{t('detail.regions', { count: current.access.deny_regions.length })}</li>
        </ul>
      </section>
      <ReportFilters store={store} ruleFilter={false} onRefresh={refresh} />
      {body()}
    </div>
  );
}
