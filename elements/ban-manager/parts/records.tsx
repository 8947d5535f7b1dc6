/**
 * The ban record list (rules §2 "ban record"; rules §3 "source IP, domain, ban duration in seconds, reason, rule ID,
 * status (banned, auto-unblocked, manually unblocked), ban time, release time"): filters by IP, domain, state and
 * rules §9 date range, one server page at a time, and an immediate unban behind a confirmation for bans in force.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo } from 'react';
import { BAN_STATUSES, type BanRecord, type BanStatus } from '../../../core/api/endpoints/bans.js';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { formatCount, formatDuration, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { reasonLabel, statusSettings, STATUS_TAGS } from '../labels.js';
import type { Loaded, RecordFilters, TimeFilter } from '../store.js';
import { ALL, DomainSelect, TimeFilterFields } from './filters.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';

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
  const statusId = useId();

  const settings = useMemo(() => statusSettings(t), [t]);
  const statusOptions = useMemo(
    () => [{ value: ALL, label: t('filter.all-statuses') }, ...BAN_STATUSES.map((value) => ({ value, label: t(STATUS_TAGS[value].key) }))],
    [t],
  );
  const statusLabel = t('filter.status');

  const actionCell = (record: BanRecord) =>
    record.status === 'banned' ? (
      <ConfirmPopover message={t('unban.confirm', { ip: record.ip, domain: record.domain })} confirmLabel={t('unban.action')} onConfirm={() => props.onUnban(record)}>
        {(trigger) => (
          <Button
            type="button"
            text
            size="small"
            label={t('unban.action')}
            aria-label={t('unban.action-of', { ip: record.ip, domain: record.domain })}
            loading={unbanning.has(record.id)}
            {...trigger}
          />
        )}
      </ConfirmPopover>
    ) : null;

  const table = () => {
    if (records.status === 'loading') return <LoadingState message={t('loading')} />;
    if (records.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    if (records.data.list.length === 0) return <EmptyState message={t('records.empty')} />;
    return (
      <>
        <DataTable
          value={records.data.list}
          dataKey="id"
          lazy
          loading={busy}
          // Cells follow the language and the unban state, not only the row data.
          cellMemo={false}
          size="small"
          pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('records.table') } as never }}
        >
          <Column header={t('column.ip')} body={(record: BanRecord) => <span className="ec-mono">{record.ip}</span>} />
          <Column header={t('column.domain')} field="domain" />
          <Column
            header={t('column.duration')}
            body={(record: BanRecord) => <span title={formatDuration(record.duration, language)}>{formatCount(record.duration, language)}</span>}
          />
          <Column header={t('column.reason')} body={(record: BanRecord) => reasonLabel(t, record.reason)} />
          <Column header={t('column.rule-id')} body={(record: BanRecord) => record.rule_id || '—'} />
          <Column header={t('column.status')} body={(record: BanRecord) => <StatusTag settings={settings} value={record.status} />} />
          <Column header={t('column.banned-at')} body={(record: BanRecord) => <span className="ec-nowrap">{formatLogTime(record.banned_at)}</span>} />
          <Column
            header={t('column.released-at')}
            body={(record: BanRecord) => <span className="ec-nowrap">{record.released_at ? formatLogTime(record.released_at) : '—'}</span>}
          />
          <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actionCell} />
        </DataTable>
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
        <div className="ec-filter">
          <label htmlFor={statusId}>{statusLabel}</label>
          <Dropdown
            inputId={statusId}
            value={filters.status || ALL}
            options={statusOptions}
            onChange={(event) => props.onFilter({ status: event.value === ALL ? '' : (event.value as BanStatus) })}
            pt={named(statusLabel)}
          />
        </div>
        <TimeFilterFields value={time} onChange={props.onTime} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={props.onRefresh} />
        <Button type="button" icon="pi pi-unlock" label={t('batch.open')} onClick={props.onBatchUnban} aria-haspopup="dialog" />
      </div>
      <p className="ec-muted">{t('records.retention')}</p>
      {table()}
    </div>
  );
}
