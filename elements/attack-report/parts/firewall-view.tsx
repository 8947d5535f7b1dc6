/**
 * The firewall block lists of `<ec-attack-report type="firewall|package">` (issue 25; shell §7
 * `V4/firewall.report.block.list` and details, the package variant chosen by type): the figures, the blocked
 * requests over time, and per policy (rule ID, policy, rule set, action, blocks, last blocked, top targets) with a
 * link to that policy's blocked requests (time, client IP, region, website, URL, result), both paged (shell §9 sizes
 * 10/20/50/100). The details reach the newest 3000 records (rules §9 detail lists, the stricter reading), which the
 * view says when a policy blocked more. The report shows the details itself: no console page exists for them
 * (shell §2), so the open policy is kept in the bookmarkable view (`view-state` `policy=…`). A package without the
 * full attack reports (rules §6) sees the figures and the series with the shell §8 prompt.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useId, useMemo } from 'react';
import type { FirewallBlockDetails, FirewallBlockList, FirewallBlockPolicy, FirewallReportType } from '../../../core/api/endpoints/firewall-report.js';
import { noticeFor } from '../../../core/config/plan-gating.js';
import { formatCount, formatLargeNumber, formatLogTime } from '../../../core/i18n/format.js';
import type { TFunction } from '../../../core/i18n/i18n.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart } from '../../../core/ui/parts/chart.js';
import { Figures } from '../../../core/ui/parts/figures.js';
import { regionName } from '../../../core/ui/parts/map-regions.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useAutoRefresh } from '../../../core/ui/use-auto-refresh.js';
import { firewallStoreFor } from '../firewall-store.js';
import { securityReportStoreFor } from '../store.js';
import type { StartRange } from './security-view.js';
import { SecurityFilters } from './filters.js';

/** Props of {@link FirewallView}. */
export interface FirewallViewProps {
  type: FirewallReportType;
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

/** The list of policies. */
function PolicyTable({ list, type, onOpen }: { list: FirewallBlockList; type: FirewallReportType; onOpen: (id: number) => void }) {
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
                <td>{formatCount(row.blocks, language)}</td>
                <td>{formatLogTime(row.last_blocked)}</td>
                <td>
                  <ul className="ec-attack-targets">
                    {row.top_targets.map((target) => (
                      <li key={target.url}>
                        <span className="ec-attack-target-url">{target.url}</span> <span className="ec-muted">{formatCount(target.blocks, language)}</span>
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
function DetailsTable({ details }: { details: FirewallBlockDetails }) {
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
              <td>{formatLogTime(row.time)}</td>
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
export function FirewallView({ type, range, policyId, onOpenPolicy, onBack }: FirewallViewProps) {
  useSignals();
  const { client, host, language } = useElement();
  const t = useT('attack-report');
  const tRules = useT('rules');
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

  const columnLabels = useMemo(() => ({ time: t('column.time'), blocks: t('block.figure.blocks') }), [t]);

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
    const series = { columns: ['time', 'blocks'], rows: list.series.map((point) => ({ time: Date.parse(point.bucket), blocks: point.blocks })) };
    return (
      <>
        {figures}
        {limited}
        <section className="ec-stack ec-attack-section" aria-label={t('block.chart.series')}>
          <h3 className="ec-section-title">{t('block.chart.series')}</h3>
          <Chart type="line" data={series} label={t('block.chart.series')} columnLabels={columnLabels} valueFormat="large" exportName={`${type}-blocks`} />
        </section>
        {list.full && (
          <>
            <PolicyTable
              list={list}
              type={type}
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
        <DetailsTable details={details} />
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
