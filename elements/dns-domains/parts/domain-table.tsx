/**
 * The DNS domain table (rules §3 DNS: domain, hosting/access status, status, group, record count): one server page
 * with row selection for bulk actions, and per row the records link, enable or disable, and delete with confirmation.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { DnsDomain } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { DnsStatus } from '../../../core/rules/dns.js';
import type { PagedState } from '../../../core/ui/paged-list.js';
import { SelectAllBox, SelectRowBox } from '../../dns-shared/selection.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { DNS_ROUTES } from '../../dns-shared/routes.js';

/** Props of {@link DomainTable}. */
export interface DomainTableProps {
  state: PagedState<DnsDomain>;
  busy: boolean;
  page: number;
  pageSize: number;
  selected: ReadonlySet<number>;
  accessTags: readonly StatusSetting[];
  statusTags: readonly StatusSetting[];
  onSelect: (next: Set<number>) => void;
  onStatus: (domain: DnsDomain, status: DnsStatus) => void;
  onDelete: (domain: DnsDomain) => void;
  onPage: (change: PageChange) => void;
  onRetry: () => void;
}

/** Domains of the current page, or the state shown instead. */
export function DomainTable(props: DomainTableProps) {
  const { state, busy, page, pageSize, selected, accessTags, statusTags, onSelect, onStatus, onDelete, onPage, onRetry } = props;
  const { language } = useElement();
  const t = useT();

  const actions = (domain: DnsDomain) => {
    const next: DnsStatus = domain.status === 'normal' ? 'disabled' : 'normal';
    return (
      <div className="ec-row ec-dns-row-actions">
        <NavLink route={DNS_ROUTES.records} params={{ id: domain.id }} aria-label={t('action.records-of', { domain: domain.domain })}>
          {t('action.records')}
        </NavLink>
        <ConfirmPopover
          message={t(next === 'disabled' ? 'confirm.disable' : 'confirm.enable', { domain: domain.domain })}
          confirmLabel={t(next === 'disabled' ? 'action.disable' : 'action.enable')}
          onConfirm={() => onStatus(domain, next)}
        >
          {(trigger) => (
            <Button
              type="button"
              link
              label={t(next === 'disabled' ? 'action.disable' : 'action.enable')}
              aria-label={t(next === 'disabled' ? 'action.disable-of' : 'action.enable-of', { domain: domain.domain })}
              {...trigger}
            />
          )}
        </ConfirmPopover>
        <ConfirmPopover message={t('confirm.delete', { domain: domain.domain })} confirmLabel={t('action.delete')} danger onConfirm={() => onDelete(domain)}>
          {(trigger) => (
            <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('action.delete-of', { domain: domain.domain })} {...trigger} />
          )}
        </ConfirmPopover>
      </div>
    );
  };

  if (state.status === 'loading') return <LoadingState message={t('list.loading')} />;
  if (state.status === 'denied') return <ErrorState message={t('list.denied')} />;
  if (state.status === 'error') return <ErrorState message={t('list.load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('list.empty')} />;

  const ids = state.list.map((domain) => domain.id);
  return (
    <>
      <DataTable
        value={state.list}
        dataKey="id"
        lazy
        loading={busy}
        cellMemo={false}
        size="small"
        pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('list.table-label') } as never }}
      >
        <Column
          headerClassName="ec-dns-select-cell"
          header={<SelectAllBox ids={ids} selected={selected} onChange={onSelect} label={t('list.select-all')} />}
          body={(domain: DnsDomain) => <SelectRowBox id={domain.id} selected={selected} onChange={onSelect} label={t('list.select', { domain: domain.domain })} />}
        />
        <Column
          header={t('column.domain')}
          body={(domain: DnsDomain) => (
            <NavLink route={DNS_ROUTES.records} params={{ id: domain.id }} className="ec-dns-domain-link">
              {domain.domain}
            </NavLink>
          )}
        />
        <Column header={t('column.access')} body={(domain: DnsDomain) => <StatusTag settings={accessTags} value={domain.access_status} />} />
        <Column header={t('column.status')} body={(domain: DnsDomain) => <StatusTag settings={statusTags} value={domain.status} />} />
        <Column header={t('column.group')} body={(domain: DnsDomain) => domain.group_name || t('list.no-group')} />
        <Column header={t('column.records')} body={(domain: DnsDomain) => formatCount(domain.record_count, language)} />
        <Column header={t('column.created')} body={(domain: DnsDomain) => <span className="ec-nowrap">{formatLogTime(domain.created_at)}</span>} />
        <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actions} />
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
