/**
 * The access-management overview (issue 26): how many sub-accounts, groups and access keys the account has, the
 * latest sub-account sign-ins, and the main account's own security state.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { formatCount, formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { AccessStore } from '../store.js';

/** The overview page. */
export function Overview({ store }: { store: AccessStore }) {
  useSignals();
  const { language } = useElement();
  const t = useT('access-management');
  const state = store.overview.value;
  useEffect(() => {
    void store.loadOverview();
  }, [store]);

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.loadOverview()} />;
  const overview = state.value;
  const security = overview.security;
  // The counts only: the sidebar leads to each page, and route names here would grow every element's route table.
  const cards = [
    { key: 'accounts', count: overview.sub_accounts },
    { key: 'groups', count: overview.groups },
    { key: 'keys', count: overview.access_keys },
  ];
  return (
    <div className="ec-stack" part="overview">
      <ul className="ec-cards">
        {cards.map((card) => (
          <li key={card.key} className="ec-card">
            <span className="ec-card-label">{t(`overview.${card.key}`)}</span>
            <strong className="ec-card-count">{formatCount(card.count, language)}</strong>
          </li>
        ))}
      </ul>
      <section className="ec-stack" aria-labelledby="ec-overview-security">
        <h2 id="ec-overview-security" className="ec-section-title">
          {t('overview.security')}
        </h2>
        <dl className="ec-facts">
          <dt>{t('overview.email')}</dt>
          <dd>{security.email_bound ? security.email : t('overview.email-unbound')}</dd>
          <dt>{t('overview.login-time')}</dt>
          <dd>{t('overview.minutes', { count: security.login_minutes })}</dd>
          <dt>{t('overview.last-login')}</dt>
          <dd>{security.last_login_at ? formatDateTime(security.last_login_at, language) : t('never')}</dd>
          <dt>{t('overview.enabled-keys')}</dt>
          <dd>{formatCount(security.enabled_keys, language)}</dd>
        </dl>
      </section>
      <section className="ec-stack" aria-labelledby="ec-overview-recent">
        <h2 id="ec-overview-recent" className="ec-section-title">
          {t('overview.recent')}
        </h2>
        {overview.recent_sign_ins.length === 0 ? (
          <EmptyState message={t('overview.recent-empty')} />
        ) : (
          <ul className="ec-recent">
            {overview.recent_sign_ins.map((row) => (
              <li key={row.user_id}>
                <span>{row.name}</span> <span className="ec-muted">{formatDateTime(row.at, language)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
