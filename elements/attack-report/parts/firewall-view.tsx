/**
 * The firewall block lists of `<ec-attack-report type="firewall|package">` (issue 25; shell §7
 * `V4/firewall.report.block.list` and details, the package variant chosen by type): the figures, the blocked
 * requests over time, and per policy (rule ID, policy, rule set, action, blocks, last blocked, top targets) with a
 * link to that policy's blocked requests (time, client IP, region, website, URL, result), both paged (shell §9 sizes
 * 10/20/50/100).
 *
 * Drill-down (issue 25 "every bar, slice, map region and table row opens log retrieval with that filter and time
 * range applied"): a point of the series opens the blocked lines of that bucket in its log (a custom rule set's
 * policies write the access control log, the default set's and the packages' the WAF log, so the series has a line
 * per log); a policy's blocks, a top target and a blocked request open the lines of that policy, that URL or that
 * request over the report's range. The details reach the newest 3000 records (rules §9 detail lists, the stricter reading), which the
 * view says when a policy blocked more. The report shows the details itself: no console page exists for them
 * (shell §2), so the open policy is kept in the bookmarkable view (`view-state` `policy=…`). A package without the
 * full attack reports (rules §6) sees the figures and the series with the shell §8 prompt.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useId, useMemo } from 'react';
import {
  BLOCKED_ACTIONS,
  type FirewallBlockDetails,
  type FirewallBlockList,
  type FirewallBlockPolicy,
  type FirewallLogType,
  type FirewallReportType,
} from '../../../core/api/endpoints/firewall-report.js';
import { noticeFor } from '../../../core/config/plan-gating.js';
import { formatCount, formatLargeNumber, formatLogTime } from '../../../core/i18n/format.js';
import type { TFunction } from '../../../core/i18n/i18n.js';
import { GRANULARITY_MS } from '../../../core/rules/reports.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart, type ChartSelection } from '../../../core/ui/parts/chart.js';
import { Figures } from '../../../core/ui/parts/figures.js';
import { NavLink, useNavigate, type NavTarget } from '../../../core/ui/parts/nav-link.js';
import { regionName } from '../../../core/ui/parts/map-regions.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../../core/ui/use-auto-refresh.js';
import { expressionString } from '../../../core/logs/expression-string.js';
import { logsView } from '../../reports-shared/drill-down.js';
import { securityReportRoutes, type SecurityReportLayout } from '../../reports-shared/routes.js';
import { firewallStoreFor } from '../firewall-store.js';
import { securityReportStoreFor } from '../store.js';
import type { StartRange } from './security-view.js';
import { SecurityFilters } from './filters.js';

/** Props of {@link FirewallView}. */
export interface FirewallViewProps {
  type: FirewallReportType;
  layout: SecurityReportLayout;
  range: StartRange;
  /** The policy whose blocked requests are shown, or null for the list. */
  policyId: number | null;
  onOpenPolicy: (id: number) => void;
  onBack: () => void;
}

/** How a policy reads: its remark, or its rule ID. */
function policyLabel(policy: FirewallBlockPolicy, t: TFunction): string {
  return policy.name || t('block.unnamed', { id: policy.rule_id });
}

/** The configured action's name (a policy deleted since has none). */
function actionLabel(policy: FirewallBlockPolicy, t: TFunction): string {
  return t(`block.policy-action.${policy.action ?? 'none'}`);
}

/** The blocked lines of a log, narrowed by an expression, over a range: where a drill-down leads. */
type BlockedLines = (logType: FirewallLogType, narrow: string, range?: { from: number; to: number }) => NavTarget;

/** `action in (…)`: the lines the block lists count (blocked or banned). */
const BLOCKED_EXPRESSION = `action in (${BLOCKED_ACTIONS.map(expressionString).join(', ')})`;

/** A policy's lines: its set and rule ID (codes repeat across sets). */
const policyExpression = (policy: FirewallBlockPolicy) => `rule_set_id = ${policy.rule_set_id} and rule_id = ${policy.rule_id}`;

/** The list of policies. */
function PolicyTable({ list, type, onOpen, lines }: { list: FirewallBlockList; type: FirewallReportType; onOpen: (id: number) => void; lines: BlockedLines }) {
  const t = useT('attack-report');
  const { language } = useElement();
  const id = useId();
  return (
    <section className="ec-stack ec-attack-section" aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {t(`block.table.${type}`)}
      </h3>
      <table className="ec-attack-ranking" part="ranking" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{t('block.column.rule-id')}</th>
            <th scope="col">{t('block.column.policy')}</th>
            <th scope="col">{t('block.column.rule-set')}</th>
            <th scope="col">{t('block.column.action')}</th>
            <th scope="col">{t('block.column.blocks')}</th>
            <th scope="col">{t('block.column.last')}</th>
            <th scope="col">{t('block.column.targets')}</th>
          </tr>
        </thead>
        <tbody>
          {list.list.map((row) => {
            const label = policyLabel(row, t);
            return (
              <tr key={`${row.rule_set_id}:${row.rule_id}`}>
                <td>{row.rule_id}</td>
                <th scope="row">
                  {row.id > 0 ? (
                    // The accessible name holds the visible text (WCAG 2.5.3), then says where it leads.
                    <button type="button" className="ec-link" part="drill-link" aria-label={t('block.open-details', { value: `${row.rule_id} ${label}` })} onClick={() => onOpen(row.id)}>
                      {label}
                    </button>
                  ) : (
                    label
                  )}
                </th>
                <td>{row.rule_set}</td>
                <td>{actionLabel(row, t)}</td>
                <td>
                  <NavLink {...lines(row.log_type, policyExpression(row))} part="drill-link" aria-label={t('block.open-logs', { count: formatCount(row.blocks, language), policy: label })}>
                    {formatCount(row.blocks, language)}
                  </NavLink>
                </td>
                <td>{formatLogTime(row.last_blocked)}</td>
                <td>
                  <ul className="ec-attack-targets">
                    {row.top_targets.map((target) => (
                      <li key={target.url}>
                        <NavLink
                          {...lines(row.log_type, `${policyExpression(row)} and uri = ${expressionString(target.url)}`)}
                          className="ec-attack-target-url"
                          part="drill-link"
                          aria-label={t('block.open-target-logs', { value: target.url })}
                        >
                          {target.url}
                        </NavLink>{' '}
                        <span className="ec-muted">{formatCount(target.blocks, language)}</span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** One policy's blocked requests. */
function DetailsTable({ details, lines }: { details: FirewallBlockDetails; lines: BlockedLines }) {
  const t = useT('attack-report');
  const { language } = useElement();
  const id = useId();
  return (
    <section className="ec-stack ec-attack-section" aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {t('block.table.details')}
      </h3>
      {details.matched > details.total && (
        <p className="ec-muted" role="note">
          {t('block.capped', { shown: formatCount(details.total, language), matched: formatCount(details.matched, language) })}
        </p>
      )}
      <table className="ec-attack-ranking" part="ranking" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{t('block.column.time')}</th>
            <th scope="col">{t('block.column.ip')}</th>
            <th scope="col">{t('block.column.region')}</th>
            <th scope="col">{t('block.column.domain')}</th>
            <th scope="col">{t('block.column.url')}</th>
            <th scope="col">{t('block.column.result')}</th>
          </tr>
        </thead>
        <tbody>
          {details.list.map((row) => (
            <tr key={row.request_id}>
              <td>
                <NavLink
                  {...lines(details.policy.log_type, `request_id = ${expressionString(row.request_id)}`)}
                  part="drill-link"
                  aria-label={t('block.open-request-logs', { value: formatLogTime(row.time) })}
                >
                  {formatLogTime(row.time)}
                </NavLink>
              </td>
              <td>{row.client_ip}</td>
              <td>{[row.country && regionName(row.country, language), row.province && regionName(row.province, language)].filter(Boolean).join(' · ')}</td>
              <td>{row.domain}</td>
              <td className="ec-attack-target-url">{row.url}</td>
              <td>{t(`action.${row.action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The view. */
export function FirewallView({ type, layout, range, policyId, onOpenPolicy, onBack }: FirewallViewProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT('attack-report');
  const tRules = useT('rules');
  const navigate = useNavigate();
  const routes = securityReportRoutes(layout);
  const store = securityReportStoreFor(host, range);
  const blocks = firewallStoreFor(host, store);
  const reload = (quiet = false) => void blocks.load(client, type, policyId, quiet);
  const listState = blocks.blocks.value;
  const detailState = blocks.blockDetails.value;

  useEffect(() => {
    void store.loadWebsites(client);
  }, [store, client]);
  useEffect(() => {
    reload();
  }, [store, client, type, policyId]);
  useAutoRefresh(store.autoRefresh.value, () => reload(true));

  const columnLabels = useMemo(
    () => ({ time: t('column.time'), blocks: t('block.figure.blocks'), acl: t('block.series.acl'), waf: t(`block.series.waf-${type}`) }),
    [t, type],
  );

  /** The blocked lines of one log over the shown range (or a part of it), on the report's websites. */
  const blockedLines = (shown: { from: string; to: string }): BlockedLines => (logType, narrow, part) => {
    const from = Date.parse(shown.from);
    const to = Date.parse(shown.to);
    const view = logsView({
      from: Math.max(from, part?.from ?? from),
      to: Math.min(to, part?.to ?? to),
      logType,
      domainIds: store.domainIds.value,
      extra: { q: `${BLOCKED_EXPRESSION} and ${narrow}` },
    });
    return { route: routes.logs, query: view };
  };

  const refusal = (state: typeof listState | typeof detailState) => {
    if (state.status === 'loading') return <LoadingState />;
    if (state.status === 'not-found') return <EmptyState message={t('block.not-found')} />;
    if (state.status === 'gated') return <PlanNotice message={t('block.plan-details')} notice={noticeFor(state.issue.values?.notice === 'upgrade' ? 1 : undefined, 'attack_full_report')} />;
    if (state.status === 'invalid') {
      return (
        <p className="ec-error-text" role="alert">
          {tRules(state.issue.key, state.issue.values ?? {})}
        </p>
      );
    }
    if (state.status === 'error') return <ErrorState message={t('block.load-failed', { reason: state.message })} onRetry={() => reload()} />;
    return null;
  };

  const listBody = () => {
    if (listState.status !== 'ready') return refusal(listState);
    const list = listState.value;
    const number = (value: number) => formatLargeNumber(value, language);
    const figures = (
      <Figures
        label={t('figures')}
        items={[
          { key: 'blocks', label: t('block.figure.blocks'), value: number(list.totals.blocks), tone: list.totals.blocks > 0 ? 'danger' : 'normal' },
          { key: 'policies', label: t('block.figure.policies'), value: list.full ? number(list.totals.policies) : '—' },
          { key: 'clients', label: t('block.figure.clients'), value: number(list.totals.clients) },
        ]}
      />
    );
    const limited = !list.full && <PlanNotice message={t('block.plan-limited')} notice={noticeFor(list.notice === 'upgrade' ? 1 : undefined, 'attack_full_report')} />;
    if (list.totals.blocks === 0) {
      return (
        <>
          {figures}
          {limited}
          <EmptyState message={t('block.empty')} />
        </>
      );
    }
    // A line per log the variant's sets write, so a point leads to the lines it counts.
    const logs = (['acl', 'waf'] as const).filter((logType) => list.sets.some((set) => set.log_type === logType));
    const series = {
      columns: ['time', ...logs],
      rows: list.series.map((point) => ({ time: Date.parse(point.bucket), ...Object.fromEntries(logs.map((logType) => [logType, point.by_log[logType]])) })),
    };
    const lines = blockedLines(list);
    const bucket = GRANULARITY_MS[list.granularity];
    const selectPoint = (selection: ChartSelection) => {
      const start = Number(selection.value);
      const logType = logs.find((candidate) => candidate === selection.metric) ?? logs[0];
      if (!Number.isFinite(start) || !logType) return;
      const ids = list.sets.filter((set) => set.log_type === logType).map((set) => set.id);
      navigate(lines(logType, `rule_set_id in (${ids.join(', ')})`, { from: start, to: start + bucket - 1 }));
    };
    return (
      <>
        {figures}
        {limited}
        <section className="ec-stack ec-attack-section" aria-label={t('block.chart.series')}>
          <h3 className="ec-section-title">{t('block.chart.series')}</h3>
          <Chart
            type="line"
            data={series}
            label={t('block.chart.series')}
            columnLabels={columnLabels}
            valueFormat="large"
            exportName={`${type}-blocks`}
            onSelect={selectPoint}
          />
        </section>
        {list.full && (
          <>
            <PolicyTable
              list={list}
              type={type}
              lines={lines}
              onOpen={(id) => {
                // A policy's blocked requests start at their first page.
                blocks.detailPage.value = { ...blocks.detailPage.value, page: 1 };
                onOpenPolicy(id);
              }}
            />
            <Pager
              page={blocks.blockPage.value.page}
              pageSize={blocks.blockPage.value.pageSize}
              total={list.total}
              onChange={(change) => {
                blocks.blockPage.value = { page: change.page, pageSize: change.pageSize };
                reload(true);
              }}
            />
          </>
        )}
      </>
    );
  };

  const detailBody = () => {
    if (detailState.status !== 'ready') return refusal(detailState);
    const details = detailState.value;
    if (details.total === 0) return <EmptyState message={t('block.empty-details')} />;
    return (
      <>
        <DetailsTable details={details} lines={blockedLines(details)} />
        <Pager
          page={blocks.detailPage.value.page}
          pageSize={blocks.detailPage.value.pageSize}
          total={details.total}
          onChange={(change) => {
            blocks.detailPage.value = { page: change.page, pageSize: change.pageSize };
            reload(true);
          }}
        />
      </>
    );
  };

  const policy = policyId !== null && detailState.status === 'ready' ? detailState.value.policy : null;
  return (
    <div className="ec-root ec-stack ec-attack-report">
      {policyId !== null && (
        <div className="ec-row" part="header">
          <h2 className="ec-section-title">{policy ? t('block.detail-title', { id: policy.rule_id, name: policyLabel(policy, t) }) : t('block.detail-title-id', { id: policyId })}</h2>
          {policy?.rule_set && <span className="ec-muted">{t('block.detail-set', { name: policy.rule_set })}</span>}
          <span className="ec-spacer" />
          <Button type="button" icon="pi pi-arrow-left" text label={t('block.back')} onClick={onBack} />
        </div>
      )}
      <SecurityFilters
        store={store}
        onRefresh={() => {
          // A new range or website choice starts again at the first page.
          if (policyId === null) blocks.blockPage.value = { ...blocks.blockPage.value, page: 1 };
          else blocks.detailPage.value = { ...blocks.detailPage.value, page: 1 };
          reload();
        }}
      />
      {policyId === null ? listBody() : detailBody()}
    </div>
  );
}
