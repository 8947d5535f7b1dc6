/**
 * The DNS domain table (rules §3 DNS: domain, hosting/access status, status, group, record count): one server page
 * with row selection for bulk actions, and per row the records link, enable or disable, and delete with confirmation.
 * A zone the caller may not change (the server's `editable`, rules §6) keeps its records link (reading is allowed)
 * and shows the read-only mark in place of the other actions; it cannot be selected for bulk changes either.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { DnsDomain } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
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
  const { state, busy, page, pageSize, selected, accessTags, statusTags, onPage, onRetry } = props;
  const { language } = useElement();
  const t = useT();
  const readOnlyReason = useReadOnlyReason('dns');
  // The columns are built once per language; their handlers read the latest props through this ref, so a new
  // selection or handler does not render every row again (FastTable's row memo).
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<DnsDomain>[] => {
    // A row renders again only when its own selection changes, so its box adds to the selection as it is now.
    const toggle = (id: number, on: boolean) => {
      const next = new Set(latest.current.selected);
      if (on) next.add(id);
      else next.delete(id);
      latest.current.onSelect(next);
    };
    const actions = (domain: DnsDomain) => {
      const records = (
        <NavLink route={DNS_ROUTES.records} params={{ id: domain.id }} aria-label={t('action.records-of', { domain: domain.domain })}>
          {t('action.records')}
        </NavLink>
      );
      if (!domain.editable) {
        return (
          <div className="ec-row ec-dns-row-actions">
            {records}
            <ReadOnlyMark reason={readOnlyReason} />
          </div>
        );
      }
      const next: DnsStatus = domain.status === 'normal' ? 'disabled' : 'normal';
      return (
        <div className="ec-row ec-dns-row-actions">
          {records}
          <ConfirmPopover
            message={t(next === 'disabled' ? 'confirm.disable' : 'confirm.enable', { domain: domain.domain })}
            confirmLabel={t(next === 'disabled' ? 'action.disable' : 'action.enable')}
            onConfirm={() => latest.current.onStatus(domain, next)}
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
          <ConfirmPopover message={t('confirm.delete', { domain: domain.domain })} confirmLabel={t('action.delete')} danger onConfirm={() => latest.current.onDelete(domain)}>
            {(trigger) => <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('action.delete-of', { domain: domain.domain })} {...trigger} />}
          </ConfirmPopover>
        </div>
      );
    };
    return [
      {
        key: 'select',
        className: 'ec-dns-select-cell',
        header: () => {
          const current = latest.current;
          const ids = current.state.status === 'ready' ? current.state.list.filter((domain) => domain.editable).map((domain) => domain.id) : [];
          return <SelectAllBox ids={ids} selected={current.selected} onChange={current.onSelect} label={t('list.select-all')} />;
        },
        cell: (domain) => (domain.editable ? <SelectRowBox id={domain.id} selected={latest.current.selected} onChange={(next) => toggle(domain.id, next.has(domain.id))} label={t('list.select', { domain: domain.domain })} /> : null),
      },
      {
        key: 'domain',
        className: 'ec-col-primary ec-dns-col-domain',
        header: t('column.domain'),
        cell: (domain) => (
          <NavLink route={DNS_ROUTES.records} params={{ id: domain.id }} className="ec-dns-domain-link">
            <span className="ec-truncate" data-ec-tip={domain.domain}>
              {domain.domain}
            </span>
          </NavLink>
        ),
      },
      { key: 'access', header: t('column.access'), title: t('column.access'), hideable: true, cell: (domain) => <StatusTag settings={accessTags} value={domain.access_status} /> },
      { key: 'status', header: t('column.status'), cell: (domain) => <StatusTag settings={statusTags} value={domain.status} /> },
      { key: 'group', header: t('column.group'), title: t('column.group'), hideable: true, truncate: (domain) => domain.group_name || t('list.no-group') },
      { key: 'records', header: t('column.records'), title: t('column.records'), hideable: true, cell: (domain) => formatCount(domain.record_count, language) },
      { key: 'created', header: t('column.created'), title: t('column.created'), hideable: true, cell: (domain) => <span className="ec-nowrap">{formatLogTime(domain.created_at)}</span> },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
  }, [t, language, accessTags, statusTags, readOnlyReason]);

  if (state.status === 'loading') return <LoadingState message={t('list.loading')} />;
  if (state.status === 'denied') return <ErrorState message={t('list.denied')} />;
  if (state.status === 'error') return <ErrorState message={t('list.load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('list.empty')} />;

  return (
    <>
      <FastTable
        rows={state.list}
        rowKey={(domain) => domain.id}
        columns={columns}
        label={t('list.table-label')}
        busy={busy}
        busyLabel={t('list.loading')}
        // The selection is the row's state: ticking a box renders that row (and the header) again, not the others.
        rowState={(domain) => (selected.has(domain.id) ? 'selected' : '')}
        columnsKey="dns-domains.domains"
      />
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
