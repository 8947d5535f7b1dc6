/**
 * The ban overview (rules §2 "Ban management: overview"), drawn with the report parts (issue 25: "the ban overview
 * redrawn with the same parts"): the counts by state (banned, automatically unbanned, manually unbanned) as the
 * headline figures, and the most banned addresses and domains as bar charts with their table view, CSV/PNG export and
 * the OEM colours; a bar (or its table row) opens the ban records filtered by that address or domain over the same
 * range. Filters: rules §9 date range and domain.
 */
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import type { BanOverview, BanStatus, BanTally } from '../../../core/api/endpoints/bans.js';
import { BAN_STATUSES } from '../../../core/api/endpoints/bans.js';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart, type ChartSelection } from '../../../core/ui/parts/chart.js';
import { Figures } from '../../../core/ui/parts/figures.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { STATUS_TAGS } from '../labels.js';
import type { Loaded, TimeFilter } from '../store.js';
import { TimeRangeFields } from '../../../core/ui/parts/time-range-filter.js';
import { DomainSelect } from './filters.js';
import { NavLink, useNavigate } from '../../../core/ui/parts/nav-link.js';
import { viewStateText } from '../../../core/ui/view-state.js';
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
  const navigate = useNavigate();
  const access = useModuleAccess('security_policy');
  const readOnlyReason = useReadOnlyReason('security_policy');
  const batchDenied = access !== null && access !== 'manage' ? readOnlyReason : null;

  const data = overview.status === 'ready' ? overview.data : null;
  const counts: Record<BanStatus, number> | null = data ? data.counts : null;
  const total = counts ? BAN_STATUSES.reduce((sum, status) => sum + counts[status], 0) : 0;
  const ips = useMemo(() => data && tallyChart(data.top_ips), [data]);
  const hosts = useMemo(() => data && tallyChart(data.top_domains), [data]);
  const ipLabels = useMemo(() => ({ key: t('column.ip'), count: t('overview.bans') }), [t]);
  const domainLabels = useMemo(() => ({ key: t('column.domain'), count: t('overview.bans') }), [t]);

  /** Opens the ban records on one address or domain, over the overview's range (the records' own view-state). */
  const openRecords = (filter: { ip?: string; domain?: number }) =>
    navigate({
      route: BAN_ROUTES.records,
      query: viewStateText(
        { ...filter, range: time.range, from: time.range === 'custom' ? time.custom.start : '', to: time.range === 'custom' ? time.custom.end : '' },
        {},
      ),
    });
  const onIp = (selection: ChartSelection) => openRecords({ ip: String(selection.value), ...(domainId !== null ? { domain: domainId } : {}) });
  const onDomain = (selection: ChartSelection) => {
    const row = data?.top_domains.find((entry) => entry.key === selection.value);
    if (row?.domain_id !== undefined) openRecords({ domain: row.domain_id });
  };

  const body = () => {
    if (overview.status === 'loading') return <LoadingState message={t('loading')} />;
    if (overview.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    const figures = [
      { key: 'total', label: t('overview.total'), value: formatCount(total, language) },
      ...BAN_STATUSES.map((status) => ({
        key: status,
        label: t(STATUS_TAGS[status].key),
        value: formatCount(counts![status], language),
        ...(STATUS_TAGS[status].color === 'danger' && counts![status] > 0 ? { tone: 'danger' as const } : {}),
      })),
    ];
    return (
      <>
        <div part="counts">
          <Figures label={t('overview.counts')} items={figures} />
        </div>
        <div className="ec-ban-charts">
          <section className="ec-stack" aria-labelledby="ec-top-ips">
            <h3 id="ec-top-ips" className="ec-section-title">
              {t('overview.top-ips')}
            </h3>
            <Chart type="bar" data={ips} label={t('overview.top-ips')} columnLabels={ipLabels} onSelect={onIp} exportName="ban-top-ips" />
          </section>
          <section className="ec-stack" aria-labelledby="ec-top-domains">
            <h3 id="ec-top-domains" className="ec-section-title">
              {t('overview.top-domains')}
            </h3>
            <Chart type="bar" data={hosts} label={t('overview.top-domains')} columnLabels={domainLabels} onSelect={onDomain} exportName="ban-top-domains" />
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
