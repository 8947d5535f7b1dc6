/**
 * `<ec-packages>`: the packages page (shell §2 `packages`, `domain-management/packages`; shell §3 plan info). Each of
 * the account's plans with its version, expiry, domain usage (used/total), increase packages (10 businesses each,
 * rules §9) and billing method, and the three changes the owner can make: renew, expand and change the billing method
 * (rules §4: from 00:00 UTC+8 on the 1st of next month, locked until then). Each change runs as a job whose progress
 * shows live in the plan's card. A trial package can neither renew nor expand (rules §4, §8): the page says so with
 * the plan notice instead of offering the buttons. Sub-accounts see the page read-only and are told why.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useMemo, useState } from 'react';
import type { PackageChange, PackageInfo } from '../../core/api/endpoints/packages.js';
import { PLAN_LEVELS } from '../../core/api/endpoints/platform.js';
import { gateRow } from '../../core/config/plan-gates.js';
import { noticeFor } from '../../core/config/plan-gating.js';
import { formatCount, formatDate, formatLogTime, formatPercent } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { PlanNotice } from '../../core/ui/parts/plan-notice.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../core/ui/parts/status-tag.js';
import { PACKAGE_CHANGE_STARTED_EVENT } from './events.js';
import { ChangeDialog } from './parts/change-dialog.js';
import { createPackagesStore, isFinished, type PackagesStore, type TrackedChange } from './store.js';
import type { PackagesLayout } from './attributes.js';
import { DeferredFailure, useDeferredModule } from '../../core/ui/parts/deferred.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';

/** Props of the component (attributes of the element). */
export interface PackagesProps {
  planId?: number;
  layout?: PackagesLayout;
}

/** The meal list of the security module links each package to its detail (shell §2 `meal/{id}`). */
const MEAL_ROUTE = 'security-meal-id';
const loadBusinesses = () => import('./parts/businesses.js');

/** Whether the plan version can renew and expand (rules §4, §8: the trial package cannot). */
function isTrial(plan: PackageInfo): boolean {
  return plan.meal_flag === 'trial';
}

function ChangeProgress({ change, store }: { change: TrackedChange; store: PackagesStore }) {
  const t = useT();
  const rules = useT('rules');
  const { language } = useElement();
  const action = t(`action.${change.kind}`);
  if (change.state === 'complete') {
    return (
      <p className="ec-muted" role="status" part="change-status">
        {t('job.complete', { action })}
      </p>
    );
  }
  if (isFinished(change.state)) {
    // A job that refused the change says why with a `rules` key; anything else is the runner's own text.
    const reason = change.reason.startsWith('plans.') ? rules(change.reason) : change.reason || t('job.no-reason');
    return (
      <p className="ec-error-text" role="alert" part="change-status">
        {t('job.failed', { action, reason })}
      </p>
    );
  }
  const label = t('job.running', { action });
  return (
    <div className="ec-field" part="change-status">
      <span role="status">
        {label} {t('job.progress', { value: formatPercent(change.progress / 100, language) })}
      </span>
      <ProgressBar value={change.progress} showValue={false} aria-label={label} />
      {store.liveStopped.value && (
        <span className="ec-row">
          <span className="ec-muted">{t('live-stopped')}</span>
          <Button type="button" size="small" text label={t('live-resume')} onClick={() => { store.follow(); void store.load(true); void store.catchUp(); }} />
        </span>
      )}
    </div>
  );
}

function PlanCard({ plan, store, onChange, mealLink }: { plan: PackageInfo; store: PackagesStore; onChange: (kind: PackageChange['kind'], plan: PackageInfo) => void; mealLink: boolean }) {
  const t = useT();
  const rules = useT('rules');
  const { language } = useElement();
  const levelTags: StatusSetting[] = useMemo(() => PLAN_LEVELS.map((level) => ({ value: level, label: t(`level.${level}`), color: level === 'trial' ? 'neutral' : 'info' })), [t]);
  const change = store.changes.value.get(plan.id);
  const running = change !== undefined && !isFinished(change.state);
  const { used, total } = plan.domain_usage;
  const ratio = total > 0 ? used / total : 0;
  const usage = t('usage-value', { used: formatCount(used, language), total: formatCount(total, language) });
  // The upgrade notice of the online edition leads to this very page, which sells no other version: the way out
  // from here is a work order asking for one, whatever the edition.
  const notice = noticeFor(undefined, 'domain_expand');
  const titleId = `plan-${plan.id}-title`;
  const locked = plan.billing.pending_method !== null;

  return (
    <li className="ec-plan-card" aria-labelledby={titleId}>
      <div className="ec-row">
        <h2 id={titleId} className="ec-plan-name">
          {plan.plan_name}
        </h2>
        <StatusTag settings={levelTags} value={plan.meal_flag} />
        {plan.in_force && <span className="ec-muted" part="in-force">{t('in-force')}</span>}
      </div>
      <dl className="ec-plan-facts">
        <dt>{t('expire-time')}</dt>
        <dd>{formatDate(plan.expire_time, language)}</dd>
        <dt>{t('increase-packages')}</dt>
        <dd>{t('increase-value', { count: plan.domain_packet_kurong_nums, domains: formatCount(plan.domain_packet_kurong_nums * 10, language) })}</dd>
        <dt>{t('billing.label')}</dt>
        <dd>
          {t(`billing.method.${plan.billing.method}`)}
          {locked && (
            <span className="ec-muted" part="billing-pending">
              {' · '}
              {t('billing.pending', { method: t(`billing.method.${plan.billing.pending_method}`), time: formatLogTime(plan.billing.effective_at!) })}
            </span>
          )}
        </dd>
      </dl>
      <div className="ec-field">
        <span id={`usage-${plan.id}`}>{t('domain-usage')}</span>
        <ProgressBar
          value={Math.min(100, Math.round(ratio * 100))}
          showValue={false}
          aria-labelledby={`usage-${plan.id}`}
          aria-valuetext={usage}
          // Nearly full or over (a plan moved to a smaller version keeps its websites): the moment to expand.
          color={ratio >= 0.9 ? 'var(--ec-color-danger, #b91c1c)' : undefined}
        />
        <span className="ec-muted">
          {usage} · {formatPercent(ratio, language)}
        </span>
      </div>
      {mealLink && (
        <NavLink route={MEAL_ROUTE} params={{ id: plan.id }} appearance="button-outlined" icon="pi pi-list" aria-label={t('businesses.open-named', { plan: plan.plan_name })}>
          {t('businesses.open')}
        </NavLink>
      )}
      {change && <ChangeProgress change={change} store={store} />}
      {plan.editable && isTrial(plan) && (
        <PlanNotice message={rules(gateRow('plan_renew').message)} notice={notice} />
      )}
      {plan.editable && locked && <p className="ec-muted" part="billing-locked">{rules('plans.billing-locked')}</p>}
      {plan.editable && (
        <div className="ec-row" part="actions">
          {!isTrial(plan) && (
            <>
              <Button type="button" size="small" icon="pi pi-refresh" label={t('renew.button')} disabled={running} onClick={() => onChange('renew', plan)} />
              <Button type="button" size="small" icon="pi pi-plus" label={t('expand.button')} disabled={running} onClick={() => onChange('expand', plan)} />
            </>
          )}
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-sync"
            label={t('billing.button')}
            disabled={running || locked}
            onClick={() => onChange('billing', plan)}
          />
        </div>
      )}
    </li>
  );
}

/** The packages page. */
export function Packages({ planId, layout = 'cloud-speed' }: PackagesProps) {
  useSignals();
  const { client, emit } = useElement();
  const t = useT();
  const store = useMemo(() => createPackagesStore(client), [client]);
  const [open, setOpen] = useState<{ kind: PackageChange['kind']; plan: PackageInfo } | null>(null);
  const state = store.state.value;
  const showBusinesses = layout === 'security' && planId !== undefined;
  const businesses = useDeferredModule(loadBusinesses, showBusinesses && state.status === 'ready');

  const editable = state.status === 'ready' && state.list.some((plan) => plan.editable);

  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  useEffect(() => {
    if (editable) store.follow();
  }, [store, editable]);

  const submit = async (change: PackageChange) => {
    const jobId = await store.start(change);
    emit(PACKAGE_CHANGE_STARTED_EVENT, { change, jobId });
    return jobId;
  };

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.load()} />;
  const plans = planId === undefined ? state.list : state.list.filter((plan) => plan.id === planId);
  if (plans.length === 0) return <EmptyState message={t(planId === undefined ? 'empty' : 'plan-missing')} />;
  const readOnly = plans.some((plan) => !plan.editable);

  return (
    <div className="ec-root ec-stack ec-packages">
      {readOnly && (
        <p className="ec-plan-notice" role="note" part="readonly-notice">
          {t('read-only')}
        </p>
      )}
      <ul className="ec-plan-cards" part="plans" aria-label={t('plans')}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            store={store}
            mealLink={layout === 'security' && planId === undefined}
            onChange={(kind, chosen) => setOpen({ kind, plan: chosen })}
          />
        ))}
      </ul>
      {showBusinesses && businesses.failed && <DeferredFailure onRetry={businesses.retry} />}
      {showBusinesses && businesses.module && (
        <businesses.module.default plan={plans[0]!} inForce={state.list.find((plan) => plan.in_force)} />
      )}
      {open && <ChangeDialog kind={open.kind} plan={open.plan} onHide={() => setOpen(null)} onSubmit={submit} />}
    </div>
  );
}
