/**
 * The ban record list (rules §2 "ban record"; rules §3 "source IP, domain, ban duration in seconds, reason, rule ID,
 * status (banned, auto-unblocked, manually unblocked), ban time, release time"): filters by IP, domain, state and
 * rules §9 date range, one server page at a time, and an immediate unban behind a confirmation for bans in force.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef, type ReactNode } from 'react';
import { BAN_STATUSES, type BanRecord, type BanStatus } from '../../../core/api/endpoints/bans.js';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { formatCount, formatDuration, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { GuardedButton, ReadOnlyMark, useModuleAccess, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { reasonLabel, statusSettings, STATUS_TAGS } from '../labels.js';
import { BAN_ROUTES, banLogsView } from '../routes.js';
import type { Loaded, RecordFilters, TimeFilter } from '../store.js';
import { TimeRangeFields } from '../../../core/ui/parts/time-range-filter.js';
import { DomainSelect } from './filters.js';

/** Props of {@link Records}. */
export interface RecordsProps {
  records: Loaded<{ list: BanRecord[]; total: number }>;
  busy: boolean;
  filters: RecordFilters;
  time: TimeFilter;
  domains: Loaded<DomainListItem[]>;
  page: number;
  pageSize: number;
  /** Ids being unbanned now. */
  unbanning: ReadonlySet<number>;
  onFilter: (change: Partial<RecordFilters>) => void;
  onTime: (change: Partial<Pick<TimeFilter, 'range' | 'custom'>>) => void;
  onPage: (change: PageChange) => void;
  onRefresh: () => void;
  onRetry: () => void;
  onUnban: (record: BanRecord) => void;
  onBatchUnban: () => void;
}

/** Toolbar, table and pager of the ban records. */
export function Records(props: RecordsProps) {
  const { records, busy, filters, time, domains, page, pageSize, unbanning } = props;
  const { language } = useElement();
  const t = useT();
  const access = useModuleAccess('security_policy');
  const reason = useReadOnlyReason('security_policy');
  const batchDenied = access !== null && access !== 'manage' ? reason : null;
  const settings = useMemo(() => statusSettings(t), [t]);
  const statusOptions = useMemo(() => BAN_STATUSES.map((value) => ({ value, label: t(STATUS_TAGS[value].key) })), [t]);
  // One columns array for the table's life (a new one renders every row again); cells read the latest props.
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<BanRecord>[] => {
    const why = (record: BanRecord) => (
      <NavLink route={BAN_ROUTES.logs} query={banLogsView(record)} aria-label={t('records.why-of', { ip: record.ip, domain: record.domain })} part="why-link">
        {t('records.why')}
      </NavLink>
    );
    const action = (record: BanRecord) => (
      <span className="ec-actions">
        {unbanControl(record)}
        {why(record)}
      </span>
    );
    const unbanControl = (record: BanRecord) => {
      if (record.status !== 'banned') return null;
      // Rules §6: unban only on a website the caller manages (the server's `editable`, the unban route's own check).
      if (!record.editable) return <ReadOnlyMark reason={reason} />;
      return (
        <ConfirmPopover
          message={t('unban.confirm', { ip: record.ip, domain: record.domain })}
          confirmLabel={t('unban.action')}
          onConfirm={() => latest.current.onUnban(record)}
        >
          {(trigger) => (
            <Button
              type="button"
              text
              size="small"
              label={t('unban.action')}
              aria-label={t('unban.action-of', { ip: record.ip, domain: record.domain })}
              loading={latest.current.unbanning.has(record.id)}
              {...trigger}
            />
          )}
        </ConfirmPopover>
      );
    };
    const optional = (key: string, title: string, cell: (record: BanRecord) => ReactNode, className?: string): FastColumn<BanRecord> => ({
      key,
      header: title,
      title,
      hideable: true,
      cell,
      className,
    });
    return [
      { key: 'ip', className: 'ec-col-primary ec-mono', header: t('column.ip'), title: t('column.ip'), truncate: (record) => record.ip },
      { key: 'domain', header: t('column.domain'), title: t('column.domain'), truncate: (record) => record.domain },
      optional('duration', t('column.duration'), (record) => <span data-ec-tip={formatDuration(record.duration, language)}>{formatCount(record.duration, language)}</span>),
      optional('reason', t('column.reason'), (record) => reasonLabel(t, record.reason)),
      optional('rule', t('column.rule-id'), (record) => record.rule_id || '—'),
      { key: 'status', header: t('column.status'), cell: (record) => <StatusTag settings={settings} value={record.status} /> },
      optional('banned', t('column.banned-at'), (record) => formatLogTime(record.banned_at), 'ec-nowrap'),
      optional('released', t('column.released-at'), (record) => (record.released_at ? formatLogTime(record.released_at) : '—'), 'ec-nowrap'),
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: action },
    ];
  }, [t, language, settings, reason]);

  const table = () => {
    if (records.status === 'loading') return <LoadingState message={t('loading')} />;
    if (records.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    if (records.data.list.length === 0) return <EmptyState message={t('records.empty')} />;
    return (
      <>
        <FastTable
          rows={records.data.list}
          rowKey={(record) => record.id}
          columns={columns}
          label={t('records.table')}
          busy={busy}
          busyLabel={t('loading')}
          rowState={(record) => (unbanning.has(record.id) ? 'unbanning' : '')}
          columnsKey="ban-manager.records"
        />
        <Pager page={page} pageSize={pageSize} total={records.data.total} onChange={props.onPage} />
      </>
    );
  };

  return (
    <div className="ec-stack ec-ban-records">
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('records.filters')}>
        <div className="ec-filter">
          <span className="ec-filter-label" aria-hidden="true">
            {t('filter.ip')}
          </span>
          <SearchInput label={t('filter.ip')} placeholder={t('filter.ip-placeholder')} value={filters.ip} onSearch={(ip) => props.onFilter({ ip })} />
        </div>
        <DomainSelect domains={domains} value={filters.domainId} onChange={(domainId) => props.onFilter({ domainId })} allowAll />
        <FilterField<BanStatus>
          label={t('filter.status')}
          value={filters.status}
          options={statusOptions}
          allLabel={t('filter.all-statuses')}
          onChange={(status) => props.onFilter({ status })}
        />
        <TimeRangeFields value={time} onChange={props.onTime} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={props.onRefresh} />
        <GuardedButton type="button" icon="pi pi-unlock" label={t('batch.open')} deniedReason={batchDenied} onClick={props.onBatchUnban} aria-haspopup="dialog" />
      </div>
      <p className="ec-muted">{t('records.retention')}</p>
      {table()}
    </div>
  );
}
