/**
 * One security report, or one rule's detail (issue 25: WAF attacks, CC attacks, HTTP precise access control), shared
 * by `<ec-attack-report>`, `<ec-access-control-report>` and `<ec-access-control-detail protocol="http">`, in the
 * shape of the layer-4 reports: the filters, the figures first, then the series per action over Beijing-time buckets
 * (table view, export), the map (world ↔ China) and the breakdown pie, then the rankings. Every point, slice, region
 * and row drills down: to log retrieval (reports-shared/drill-down.ts) with that filter, the report's range and
 * websites, or for a rule to its detail. A package without the full attack reports (rules §6) sees the figures and
 * the series, and the shell §8 prompt with its upgrade or work-order link in place of the rest.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo } from 'react';
import type { SecurityReport, SecurityReportType, SecurityRuleInfo } from '../../../core/api/endpoints/attack-report.js';
import type { ReportTopRow } from '../../../core/api/endpoints/reports.js';
import { noticeFor } from '../../../core/config/plan-gating.js';
import { formatLargeNumber, formatLogTime } from '../../../core/i18n/format.js';
import type { TFunction } from '../../../core/i18n/i18n.js';
import { LOG_ACTIONS, type LogAction } from '../../../core/logs/fields.js';
import { GRANULARITY_MS } from '../../../core/rules/reports.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart, ChinaWorldMap, type ChartSelection } from '../../../core/ui/parts/chart.js';
import { Figures, type Figure } from '../../../core/ui/parts/figures.js';
import { regionName } from '../../../core/ui/parts/map-regions.js';
import { useNavigate, type NavTarget } from '../../../core/ui/parts/nav-link.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../../core/ui/use-auto-refresh.js';
import { logsView, type DrillDown } from '../../reports-shared/drill-down.js';
import { securityReportRoutes, type SecurityReportLayout } from '../../reports-shared/routes.js';
import { securityReportStoreFor } from '../store.js';
import { SecurityFilters } from './filters.js';
import { Ranking, type RankingRow } from './ranking.js';

/** A range preset a view starts with. */
export type StartRange = '15m' | '3h' | 'today' | 'yesterday' | '7d' | '30d';

/** Props of {@link SecurityView}. */
export interface SecurityViewProps {
  kind: SecurityReportType;
  layout: SecurityReportLayout;
  range: StartRange;
  /** Show this rule's detail. */
  ruleId: number | null;
  /** Where a rule row leads when the layout has no detail page: the element shows the detail itself. */
  onOpenRule?: (ruleId: number) => void;
  /** Back from a detail the element shows itself. */
  onBack?: () => void;
}

/** Catalogue keys of the actions and attack classes (written out so a key search finds each one). */
const ACTION_KEYS: Record<LogAction, string> = {
  allow: 'action.allow',
  log: 'action.log',
  block: 'action.block',
  captcha: 'action.captcha',
  'js-challenge': 'action.js-challenge',
  ban: 'action.ban',
};
const ATTACK_KEYS: Record<string, string> = {
  sqli: 'attack.sqli',
  xss: 'attack.xss',
  scanner: 'attack.scanner',
  'path-traversal': 'attack.path-traversal',
  rce: 'attack.rce',
  'cc-flood': 'attack.cc-flood',
  'bad-bot': 'attack.bad-bot',
  other: 'attack.other',
};
const EVENTS_KEYS: Record<SecurityReportType, string> = { waf: 'figure.events-waf', cc: 'figure.events-cc', acl: 'figure.events-acl' };
const SERIES_KEYS: Record<SecurityReportType, string> = { waf: 'chart.series-waf', cc: 'chart.series-cc', acl: 'chart.series-acl' };

/** How a rule reads: its remark, the CC engine rule's name, or its ID. */
export function ruleLabel(rule: SecurityRuleInfo, t: TFunction): string {
  if (rule.engine) return t(rule.engine === 'cc-url' ? 'engine.cc-url' : 'engine.cc-ip');
  return rule.name || t('rule.unnamed', { id: rule.rule_id });
}

/** The figures of a report. */
function figuresOf(report: SecurityReport, kind: SecurityReportType, t: TFunction, language: ReturnType<typeof useElement>['language']): Figure[] {
  const { totals } = report;
  const number = (value: number) => formatLargeNumber(value, language);
  return [
    { key: 'events', label: t(EVENTS_KEYS[kind]), value: number(totals.events), tone: totals.events > 0 ? 'danger' : 'normal' },
    { key: 'blocked', label: t('figure.blocked'), value: number(totals.blocked) },
    { key: 'challenged', label: t('figure.challenged'), value: number(totals.challenged) },
    { key: 'logged', label: t('figure.logged'), value: number(totals.logged) },
    { key: 'attackers', label: t('figure.attackers'), value: number(totals.attackers) },
    {
      key: 'peak',
      label: t('figure.peak'),
      value: number(totals.peak),
      ...(totals.peak_at ? { note: t('figure.at', { time: formatLogTime(totals.peak_at).slice(0, 16) }) } : {}),
    },
  ];
}

/** The view. */
export function SecurityView({ kind, layout, range, ruleId, onOpenRule, onBack }: SecurityViewProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT('attack-report');
  const tRules = useT('rules');
  const navigate = useNavigate();
  const store = securityReportStoreFor(host, range);
  const routes = securityReportRoutes(layout);
  const state = store.report.value;
  const reload = (quiet = false) => void store.load(client, kind, ruleId, quiet);

  useEffect(() => {
    void store.loadWebsites(client);
  }, [store, client]);
  useEffect(() => {
    reload();
  }, [store, client, kind, ruleId]);
  useAutoRefresh(store.autoRefresh.value, () => reload(true));

  const columnLabels = useMemo(
    () => ({
      time: t('column.time'),
      name: t('column.key'),
      region: t('column.region'),
      events: t('column.events'),
      ...Object.fromEntries(LOG_ACTIONS.map((action) => [action, t(ACTION_KEYS[action])])),
    }),
    [t],
  );

  const body = () => {
    if (state.status === 'loading') return <LoadingState />;
    if (state.status === 'not-found') return <EmptyState message={t('state.not-found')} />;
    if (state.status === 'gated') {
      return <PlanNotice message={t('plan.detail-locked')} notice={noticeFor(state.issue.values?.notice === 'upgrade' ? 1 : undefined, 'attack_full_report')} />;
    }
    if (state.status === 'invalid') {
      return (
        <p className="ec-error-text" role="alert">
          {tRules(state.issue.key, state.issue.values ?? {})}
        </p>
      );
    }
    if (state.status === 'error') return <ErrorState message={t('state.load-failed', { reason: state.message })} onRetry={() => reload()} />;
    const report = state.value;
    const from = Date.parse(report.from);
    const to = Date.parse(report.to);
    // Every drill-down keeps the report's log type, range, websites and rule.
    const drill: DrillDown = {
      from,
      to,
      logType: kind,
      domainIds: store.domainIds.value,
      ...(report.rule ? { extra: { rule: String(report.rule.rule_id) } } : {}),
    };
    const logs = (narrow: Partial<DrillDown>): NavTarget => ({ route: routes.logs, query: logsView({ ...drill, ...narrow, extra: { ...drill.extra, ...narrow.extra } }) });
    const figures = <Figures label={t('figures')} items={figuresOf(report, kind, t, language)} />;
    const limited = !report.full && (
      <PlanNotice message={t('plan.limited')} notice={noticeFor(report.notice === 'upgrade' ? 1 : undefined, 'attack_full_report')} />
    );
    if (report.totals.events === 0) {
      return (
        <>
          {figures}
          {limited}
          <EmptyState message={t(kind === 'acl' ? 'state.empty-acl' : 'state.empty')} />
        </>
      );
    }

    const shownActions = LOG_ACTIONS.filter((action) => report.series.some((point) => point.actions[action] > 0));
    const seriesData = {
      columns: ['time', ...shownActions],
      rows: report.series.map((point) => ({ time: Date.parse(point.bucket), ...Object.fromEntries(shownActions.map((action) => [action, point.actions[action]])) })),
    };
    const bucket = GRANULARITY_MS[report.granularity];
    // A point is one bucket and one action: its lines.
    const selectPoint = (selection: ChartSelection) => {
      const start = Number(selection.value);
      if (!Number.isFinite(start)) return;
      const action: Record<string, string> = selection.metric && (LOG_ACTIONS as readonly string[]).includes(selection.metric) ? { action: selection.metric } : {};
      navigate(logs({ from: Math.max(start, from), to: Math.min(start + bucket - 1, to), extra: action }));
    };

    const tables = report.tables;
    const regionRows = (rows: readonly ReportTopRow[] | undefined) => ({ columns: ['region', 'events'], rows: (rows ?? []).map((row) => ({ region: row.key, events: row.requests })) });
    const selectRegion = (selection: ChartSelection) => {
      const code = String(selection.value);
      navigate(logs({ table: /^CN-/.test(code) ? 'provinces' : 'countries', value: code }));
    };
    // The breakdown: attack classes of the WAF, what was done for CC and access control.
    const breakdown = kind === 'waf' ? { rows: tables.attack_types ?? [], keys: ATTACK_KEYS, title: 'chart.attack-types' } : { rows: tables.actions ?? [], keys: ACTION_KEYS as Record<string, string>, title: 'chart.actions' };
    const breakdownLabel = (key: string) => (breakdown.keys[key] ? t(breakdown.keys[key]!) : key);
    const breakdownData = { columns: ['name', 'events'], rows: breakdown.rows.map((row) => ({ name: breakdownLabel(row.key), events: row.requests })) };
    const selectSlice = (selection: ChartSelection) => {
      const row = breakdown.rows.find((candidate) => breakdownLabel(candidate.key) === String(selection.value));
      if (!row) return;
      navigate(logs({ extra: kind === 'waf' ? { q: `attack_type = "${row.key}"` } : { action: row.key } }));
    };

    const ruleTarget = (rule: SecurityRuleInfo): NavTarget | (() => void) => {
      const page = kind === 'waf' ? routes.wafDetail : kind === 'acl' ? routes.aclDetail : null;
      if (page) return { route: page, params: { id: rule.rule_id } };
      if (onOpenRule) return () => onOpenRule(rule.rule_id);
      return logs({ extra: { rule: String(rule.rule_id) } });
    };
    const topRows = (rows: readonly ReportTopRow[] | undefined, table: 'urls' | 'ips' | 'domains'): RankingRow[] =>
      (rows ?? []).map((row) => ({
        key: row.key,
        label: row.key,
        events: row.requests,
        attackers: row.visitors,
        target: logs({ table, value: row.key, ...(row.domain_id !== undefined ? { domainId: row.domain_id } : {}) }),
        linkLabel: t('drill.open-logs', { value: row.key }),
      }));
    const ruleRows: RankingRow[] = report.rules.map((rule) => {
      const label = `${rule.rule_id} · ${ruleLabel(rule, t)}`;
      return {
        key: String(rule.rule_id),
        label,
        ...(rule.rule_set ? { note: rule.rule_set } : {}),
        events: rule.requests,
        attackers: rule.visitors,
        target: ruleTarget(rule),
        // The accessible name holds the visible text (WCAG 2.5.3), then says where it leads.
        linkLabel: t('drill.open-rule', { value: label }),
      };
    });
    const exportBase = report.rule ? `${kind}-rule-${report.rule.rule_id}` : `${kind}-report`;

    return (
      <>
        {figures}
        {limited}
        <div className="ec-attack-charts">
          <section className="ec-stack ec-attack-section" aria-label={t(SERIES_KEYS[kind])}>
            <h3 className="ec-section-title">{t(SERIES_KEYS[kind])}</h3>
            <Chart type="line" data={seriesData} label={t(SERIES_KEYS[kind])} columnLabels={columnLabels} valueFormat="large" exportName={exportBase} onSelect={selectPoint} />
          </section>
          {report.full && (
            <section className="ec-stack ec-attack-section" aria-label={t('chart.map')}>
              <h3 className="ec-section-title">{t('chart.map')}</h3>
              <ChinaWorldMap
                world={regionRows(tables.countries)}
                china={regionRows(tables.provinces)}
                label={t('chart.map')}
                columnLabels={columnLabels}
                valueFormat="large"
                exportName={`${exportBase}-regions`}
                onSelect={selectRegion}
              />
            </section>
          )}
          {report.full && (
            <section className="ec-stack ec-attack-section" aria-label={t(breakdown.title)}>
              <h3 className="ec-section-title">{t(breakdown.title)}</h3>
              <Chart type="pie" data={breakdownData} label={t(breakdown.title)} columnLabels={columnLabels} valueFormat="large" exportName={`${exportBase}-breakdown`} onSelect={selectSlice} />
            </section>
          )}
        </div>
        {report.full && (
          <div className="ec-attack-rankings">
            {!report.rule && <Ranking title={t('table.rules')} subject={t('column.rule')} rows={ruleRows} />}
            <Ranking title={t('table.urls')} subject={t('column.url')} rows={topRows(tables.urls, 'urls')} />
            <Ranking title={t('table.ips')} subject={t('column.ip')} rows={topRows(tables.ips, 'ips')} />
            <Ranking title={t('table.domains')} subject={t('column.domain')} rows={topRows(tables.domains, 'domains')} />
            <Ranking
              title={t('table.regions')}
              subject={t('column.region')}
              rows={(tables.countries ?? []).slice(0, 10).map((row) => ({
                key: row.key,
                label: regionName(row.key, language),
                events: row.requests,
                attackers: row.visitors,
                target: logs({ table: 'countries', value: row.key }),
                linkLabel: t('drill.open-logs', { value: regionName(row.key, language) }),
              }))}
            />
          </div>
        )}
      </>
    );
  };

  const rule = state.status === 'ready' ? state.value.rule : null;
  return (
    <div className="ec-root ec-stack ec-attack-report">
      {ruleId !== null && (
        <div className="ec-row" part="header">
          <h2 className="ec-section-title">{rule ? t('detail.title', { id: rule.rule_id, name: ruleLabel(rule, t) }) : t('detail.title-id', { id: ruleId })}</h2>
          {rule?.rule_set && <span className="ec-muted">{t('detail.set', { name: rule.rule_set })}</span>}
          <span className="ec-spacer" />
          {onBack && <Button type="button" icon="pi pi-arrow-left" text label={t('detail.back')} onClick={onBack} />}
        </div>
      )}
      <SecurityFilters store={store} onRefresh={() => reload()} />
      {body()}
    </div>
  );
}
