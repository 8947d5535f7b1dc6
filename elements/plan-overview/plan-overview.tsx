/**
 * `<ec-plan-overview>`: the account's plans at a glance, the console home of the cloud-speed dashboard routes.
 * Each plan shows its level, expiry, domain usage (used/total) and network type; below, every plan-gated feature
 * says whether the plan includes it, with the upgrade link (online edition) or work-order notice of shell §6.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useMemo } from 'react';
import type { PlanAction, PlanInfo } from '../../core/api/endpoints/platform.js';
import { noticeFor } from '../../core/config/plan-gating.js';
import { formatCount, formatDate, formatPercent } from '../../core/i18n/format.js';
import { currentUser } from '../../core/session/session.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../core/ui/parts/status-tag.js';
import { Card } from '../../core/ui/parts/card.js';
import { createPlanOverviewStore } from './store.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';

/** Props of the component (attributes of the element). */
export interface PlanOverviewProps {
  /** `compact` hides the feature table. */
  view?: string;
}

/** Every gated feature, in display order. */
export const GATED_FEATURES: readonly PlanAction[] = [
  'domain_add',
  'domain_expand',
  'plan_renew',
  'https',
  'websocket',
  'waf_custom_rule',
  'cc_protection',
  'attack_full_report',
  'cache_regex',
  'template_copy',
  'bot_analytics',
  'live_streaming',
  'non_standard_port',
];

/** Days before expiry when a plan counts as expiring soon. */
export const EXPIRING_SOON_DAYS = 30;

function expiryState(plan: PlanInfo, now: number): 'expired' | 'expiring' | 'valid' {
  const expires = Date.parse(plan.expire_time);
  if (Number.isNaN(expires) || expires <= now) return 'expired';
  return expires - now <= EXPIRING_SOON_DAYS * 86_400_000 ? 'expiring' : 'valid';
}

/** The plan overview. */
export function PlanOverview({ view }: PlanOverviewProps) {
  useSignals();
  const { client, language } = useElement();
  const t = useT();
  const store = useMemo(() => createPlanOverviewStore(client), [client]);
  const state = store.state.value;
  const flag = currentUser.value?.flag;

  const levelTags: StatusSetting[] = useMemo(
    () =>
      (['trial', 'business', 'commercial', 'flagship', 'ultimate'] as const).map((level) => ({
        value: level,
        label: t(`level.${level}`),
        color: level === 'trial' ? 'neutral' : 'info',
      })),
    [t],
  );
  const expiryTags: StatusSetting[] = useMemo(
    () => [
      { value: 'valid', label: t('expiry.valid'), color: 'success' },
      { value: 'expiring', label: t('expiry.expiring'), color: 'warning' },
      { value: 'expired', label: t('expiry.expired'), color: 'danger' },
    ],
    [t],
  );


  useEffect(() => {
    void store.load();
  }, [store]);

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.load()} />;
  if (state.plans.length === 0) return <EmptyState message={t('empty')} />;

  const now = Date.now();
  const allowed = new Set(state.actions.actions);
  const notice = noticeFor(flag);

  return (
    <div className="ec-root ec-stack ec-plan-overview">
      <ul className="ec-plan-cards" part="plans" aria-label={t('plans')}>
        {state.plans.map((plan) => {
          const { used, total } = plan.domain_usage;
          const ratio = total > 0 ? used / total : 0;
          return (
            <Card
              key={plan.id}
              as="li"
              className="ec-plan-card"
              title={plan.plan_name}
              actions={
                <>
                  <StatusTag settings={levelTags} value={plan.meal_flag} />
                  <StatusTag settings={expiryTags} value={expiryState(plan, now)} />
                </>
              }
            >
              <dl className="ec-plan-facts">
                <dt>{t('expire-time')}</dt>
                <dd>{formatDate(plan.expire_time, language)}</dd>
                <dt>{t('network-type')}</dt>
                <dd>{t(`network.${plan.plan_setting.network_type === 'exclusive_ip' ? 'exclusive-ip' : 'standard'}`)}</dd>
                <dt>{t('auto-renew')}</dt>
                <dd>{plan.plan_setting.auto_renew ? t('yes') : t('no')}</dd>
                <dt>{t('expansion-packs')}</dt>
                <dd>{formatCount(plan.domain_packet_kurong_nums, language)}</dd>
              </dl>
              <div className="ec-field">
                <span id={`usage-${plan.id}`}>{t('domain-usage')}</span>
                <ProgressBar
                  value={Math.min(100, Math.round(ratio * 100))}
                  showValue={false}
                  aria-labelledby={`usage-${plan.id}`}
                  aria-valuetext={t('usage-value', { used: formatCount(used, language), total: formatCount(total, language) })}
                  color={ratio >= 0.9 ? 'var(--ec-color-danger, #b91c1c)' : undefined}
                />
                <span className="ec-muted">
                  {t('usage-value', { used: formatCount(used, language), total: formatCount(total, language) })} ·{' '}
                  {formatPercent(ratio, language)}
                </span>
              </div>
            </Card>
          );
        })}
      </ul>
      {view === 'compact' ? null : (
        <section aria-labelledby="plan-features-title" part="features">
          <h2 id="plan-features-title" className="ec-section-title">{t('features')}</h2>
          <table className="ec-plan-features">
            <thead>
              <tr>
                <th scope="col">{t('feature')}</th>
                <th scope="col">{t('included')}</th>
              </tr>
            </thead>
            <tbody>
              {GATED_FEATURES.map((feature) => (
                <tr key={feature}>
                  <th scope="row">{t(`feature-name.${feature.replace(/_/g, '-')}`)}</th>
                  <td>
                    {allowed.has(feature) ? (
                      <span className="ec-status-tag ec-status-success">{t('yes')}</span>
                    ) : (
                      <span className="ec-row">
                        <span className="ec-status-tag ec-status-neutral">{t('not-included')}</span>
                        <NavLink route={notice.route}>{notice.kind === 'upgrade' ? t('upgrade') : t('work-order')}</NavLink>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
