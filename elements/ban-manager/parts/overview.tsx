/**
 * The ban overview (rules §2 "Ban management: overview"): bans in the chosen window by state (banned, automatically
 * unbanned, manually unbanned) and the most banned addresses and domains as bar charts, each with its data table
 * for screen readers. Filters: rules §9 date range and domain.
 */
import { Button } from 'primereact/button';
import type { BanOverview, BanStatus, BanTally } from '../../../core/api/endpoints/bans.js';
import { BAN_STATUSES } from '../../../core/api/endpoints/bans.js';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart } from '../../../core/ui/parts/chart.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { STATUS_TAGS } from '../labels.js';
import type { Loaded, TimeFilter } from '../store.js';
import { TimeRangeFields } from '../../../core/ui/parts/time-range-filter.js';
import { DomainSelect } from './filters.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { GuardedButton, useModuleAccess, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { BAN_ROUTES } from '../routes.js';

/** Props of {@link Overview}. */
export interface OverviewProps {
  overview: Loaded<BanOverview>;
  time: TimeFilter;
  domainId: number | null;
  domains: Loaded<DomainListItem[]>;
  onTime: (change: Partial<Pick<TimeFilter, 'range' | 'custom'>>) => void;
  onDomain: (domainId: number | null) => void;
  onRefresh: () => void;
  onRetry: () => void;
  /** Opens batch unban. */
  onBatchUnban: () => void;
  /** Asks the host for the record list. */
}

/** Chart data of a tally: the key as dimension, the count as metric. */
function tallyChart(rows: readonly BanTally[]) {
  return { columns: ['key', 'count'], rows: rows.map((row) => ({ key: row.key, count: row.count })) };
}

/** Counts, top lists and their filters. */
export function Overview(props: OverviewProps) {
  const { overview, time, domainId, domains } = props;
  const { language } = useElement();
  const t = useT();
  const access = useModuleAccess('security_policy');
  const readOnlyReason = useReadOnlyReason('security_policy');
  const batchDenied = access !== null && access !== 'manage' ? readOnlyReason : null;

  const counts: Record<BanStatus, number> | null = overview.status === 'ready' ? overview.data.counts : null;
  const total = counts ? BAN_STATUSES.reduce((sum, status) => sum + counts[status], 0) : 0;

  const body = () => {
    if (overview.status === 'loading') return <LoadingState message={t('loading')} />;
    if (overview.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    return (
      <>
        <ul className="ec-ban-counts" part="counts" aria-label={t('overview.counts')}>
          <li className="ec-ban-count">
            <span className="ec-ban-count-label">{t('overview.total')}</span>
            <strong>{formatCount(total, language)}</strong>
          </li>
          {BAN_STATUSES.map((status) => (
            <li key={status} className={`ec-ban-count ec-ban-count-${STATUS_TAGS[status].color}`}>
              <span className="ec-ban-count-label">{t(STATUS_TAGS[status].key)}</span>
              <strong>{formatCount(counts![status], language)}</strong>
            </li>
          ))}
        </ul>
        <div className="ec-ban-charts">
          <section className="ec-stack" aria-labelledby="ec-top-ips">
            <h3 id="ec-top-ips">{t('overview.top-ips')}</h3>
            <Chart type="bar" data={tallyChart(overview.data.top_ips)} label={t('overview.top-ips')} columnLabels={{ key: t('column.ip'), count: t('overview.bans') }} height={300} />
          </section>
          <section className="ec-stack" aria-labelledby="ec-top-domains">
            <h3 id="ec-top-domains">{t('overview.top-domains')}</h3>
            <Chart
              type="bar"
              data={tallyChart(overview.data.top_domains)}
              label={t('overview.top-domains')}
              columnLabels={{ key: t('column.domain'), count: t('overview.bans') }}
              height={300}
            />
          </section>
        </div>
      </>
    );
  };

  return (
    <div className="ec-stack ec-ban-overview">
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('overview.filters')}>
        <TimeRangeFields value={time} onChange={props.onTime} />
        <DomainSelect domains={domains} value={domainId} onChange={props.onDomain} allowAll />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={props.onRefresh} />
        <NavLink appearance="button-outlined" icon="pi pi-list" route={BAN_ROUTES.records}>
          {t('overview.records')}
        </NavLink>
        <GuardedButton type="button" icon="pi pi-unlock" label={t('batch.open')} deniedReason={batchDenied} onClick={props.onBatchUnban} aria-haspopup="dialog" />
      </div>
      {body()}
    </div>
  );
}
