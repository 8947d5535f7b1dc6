/**
 * The DNS domain list (shell §2 domainList; rules §3 DNS): search and filters by group, status and access status,
 * links to batch add, import, statistics and groups, bulk enable, disable, move and delete of the selected domains,
 * and the table. Its view (search, filters, page, page size) goes to the address and is remembered (shell §2) by the
 * store. A caller whose domain grant is read-only sees the add and import actions disabled with the reason.
 */
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { DNS_ACCESS_STATUSES } from '../../../core/api/endpoints/dns.js';
import { DNS_STATUSES, type DnsStatus } from '../../../core/rules/dns.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { GuardedButton, useModuleAccess, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { useViewStateReport } from '../../../core/ui/view-state.js';
import { DNS_ROUTES } from '../../dns-shared/routes.js';
import { DOMAIN_DELETED_EVENT, DOMAIN_MOVED_EVENT, DOMAIN_STATUS_CHANGED_EVENT } from '../events.js';
import { accessTags, statusTags } from '../labels.js';
import type { DnsDomainsStore } from '../store.js';
import { DomainTable } from './domain-table.js';
import { MoveGroupDialog } from './move-group-dialog.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';

/** Props of {@link DomainList}. */
export interface DomainListProps {
  store: DnsDomainsStore;
}

/** The domain list view. */
export function DomainList({ store }: DomainListProps) {
  const { language, emit } = useElement();
  const t = useT();
  const [moving, setMoving] = useState(false);

  const { domains, filters: filterSignal, selected: selectedSignal } = store;
  const filters = filterSignal.value;
  const selected = selectedSignal.value;
  const access = useMemo(() => accessTags(t), [t]);
  const statuses = useMemo(() => statusTags(t), [t]);
  const statusOptions = DNS_STATUSES.map((value) => ({ value, label: statuses.find((tag) => tag.value === value)!.label }));
  const accessOptions = DNS_ACCESS_STATUSES.map((value) => ({ value, label: access.find((tag) => tag.value === value)!.label }));
  const selectedIds = [...selected];
  // Adding and importing zones needs the domain module's manage grant (rules §6); until the grants are known the
  // links stay, and the server refuses what is not allowed.
  const moduleAccess = useModuleAccess('dns');
  const mayChange = moduleAccess === null || moduleAccess === 'manage';
  const deniedReason = useReadOnlyReason('dns');
  useViewStateReport(store.listViewState.value, store.startedFrom);

  const setStatus = async (ids: number[], status: DnsStatus) => {
    if (await store.setStatus(ids, status)) emit(DOMAIN_STATUS_CHANGED_EVENT, { ids, status });
  };
  const remove = async (ids: number[]) => {
    if (await store.removeDomains(ids)) emit(DOMAIN_DELETED_EVENT, { ids });
  };
  const move = async (groupId: number | null) => {
    const ids = selectedIds;
    await store.moveToGroup(ids, groupId);
    emit(DOMAIN_MOVED_EVENT, { ids, groupId });
  };

  useEffect(() => {
    void store.loadGroupOptions();
  }, [store]);
  useEffect(() => {
    void domains.load();
  }, [domains, filters, domains.page.value, domains.size.value]);

  return (
    <>
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('list.toolbar-label')}>
        <SearchInput label={t('filter.keyword')} placeholder={t('filter.keyword-placeholder')} value={filters.keyword} onSearch={(text) => store.setFilter('keyword', text)} />
        <FilterField
          label={t('filter.group')}
          allLabel={t('filter.all-groups')}
          value={filters.groupId ?? ''}
          options={store.groupOptions.value.map((group) => ({ value: group.id, label: group.name }))}
          onChange={(value) => store.setFilter('groupId', value === '' ? null : value)}
        />
        <FilterField label={t('filter.status')} allLabel={t('filter.all-statuses')} value={filters.status} options={statusOptions} onChange={(value) => store.setFilter('status', value)} />
        <FilterField label={t('filter.access')} allLabel={t('filter.all-access')} value={filters.accessStatus} options={accessOptions} onChange={(value) => store.setFilter('accessStatus', value)} />
      </div>
      <div className="ec-row" part="actions">
        {mayChange ? (
          <>
            <NavLink appearance="button" icon="pi pi-plus" route={DNS_ROUTES.batchDomains}>
              {t('action.batch-add')}
            </NavLink>
            <NavLink appearance="button-outlined" icon="pi pi-upload" route={DNS_ROUTES.importLog}>
              {t('action.import')}
            </NavLink>
          </>
        ) : (
          <>
            <GuardedButton type="button" icon="pi pi-plus" label={t('action.batch-add')} deniedReason={deniedReason} />
            <GuardedButton type="button" icon="pi pi-upload" outlined label={t('action.import')} deniedReason={deniedReason} />
          </>
        )}
        <NavLink appearance="button-outlined" icon="pi pi-chart-bar" route={DNS_ROUTES.statistics}>
          {t('action.statistics')}
        </NavLink>
        <NavLink appearance="button-outlined" icon="pi pi-folder" route={DNS_ROUTES.groups}>
          {t('action.groups')}
        </NavLink>
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('action.refresh')} onClick={() => void domains.load()} />
      </div>
      {selectedIds.length > 0 && (
        <div className="ec-row ec-dns-bulk" part="bulk-actions" role="group" aria-label={t('bulk.label')}>
          <span>{t('bulk.selected', { count: selectedIds.length, formatted: formatCount(selectedIds.length, language) })}</span>
          <Button type="button" outlined label={t('bulk.move')} onClick={() => setMoving(true)} />
          <ConfirmPopover message={t('bulk.confirm-enable', { count: selectedIds.length })} confirmLabel={t('action.enable')} onConfirm={() => void setStatus(selectedIds, 'normal')}>
            {(trigger) => <Button type="button" outlined label={t('action.enable')} {...trigger} />}
          </ConfirmPopover>
          <ConfirmPopover message={t('bulk.confirm-disable', { count: selectedIds.length })} confirmLabel={t('action.disable')} onConfirm={() => void setStatus(selectedIds, 'disabled')}>
            {(trigger) => <Button type="button" outlined label={t('action.disable')} {...trigger} />}
          </ConfirmPopover>
          <ConfirmPopover message={t('bulk.confirm-delete', { count: selectedIds.length })} confirmLabel={t('action.delete')} danger onConfirm={() => void remove(selectedIds)}>
            {(trigger) => <Button type="button" outlined severity="danger" label={t('action.delete')} {...trigger} />}
          </ConfirmPopover>
        </div>
      )}
      <DomainTable
        state={domains.state.value}
        busy={domains.busy.value}
        page={domains.page.value}
        pageSize={domains.size.value}
        selected={selected}
        accessTags={access}
        statusTags={statuses}
        onSelect={(next) => (selectedSignal.value = next)}
        onStatus={(domain, status) => void setStatus([domain.id], status)}
        onDelete={(domain) => void remove([domain.id])}
        onPage={({ page, pageSize }) => store.setPage(page, pageSize)}
        onRetry={() => void domains.load()}
      />
      <MoveGroupDialog visible={moving} count={selectedIds.length} groups={store.groupOptions.value} onMove={move} onHide={() => setMoving(false)} />
    </>
  );
}
