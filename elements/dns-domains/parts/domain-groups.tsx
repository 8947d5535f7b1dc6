/**
 * The domain groups (shell §2 domainGroup; rules §3 DNS "Website group: group name, remark, modification time"):
 * search, create, edit, delete with confirmation, and how many domains each group holds.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useEffect, useState } from 'react';
import type { DnsGroup } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { GROUP_DELETED_EVENT, GROUP_SAVED_EVENT } from '../events.js';
import type { DnsDomainsStore } from '../store.js';
import { GroupDialog } from './group-dialog.js';

/** Props of {@link DomainGroups}. */
export interface DomainGroupsProps {
  store: DnsDomainsStore;
}

/** The group page; `editing` is the group in the dialog (null: closed, 'new': creating). */
export function DomainGroups({ store }: DomainGroupsProps) {
  const { language, emit } = useElement();
  const t = useT();
  const [editing, setEditing] = useState<DnsGroup | 'new' | null>(null);
  const { groups } = store;
  const state = groups.state.value;

  const remove = async (group: DnsGroup) => {
    if (await store.removeGroups([group.id])) emit(GROUP_DELETED_EVENT, { ids: [group.id] });
  };

  useEffect(() => {
    void groups.load();
  }, [groups, store.groupKeyword.value, groups.page.value, groups.size.value]);

  const actions = (group: DnsGroup) => (
    <div className="ec-row ec-dns-row-actions">
      <Button type="button" link label={t('common:action.edit')} aria-label={t('groups.edit-of', { name: group.name })} onClick={() => setEditing(group)} />
      <ConfirmPopover message={t('groups.confirm-delete', { name: group.name })} confirmLabel={t('action.delete')} danger onConfirm={() => void remove(group)}>
        {(trigger) => <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('groups.delete-of', { name: group.name })} {...trigger} />}
      </ConfirmPopover>
    </div>
  );

  return (
    <>
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('groups.toolbar-label')}>
        <SearchInput
          label={t('groups.search')}
          value={store.groupKeyword.value}
          onSearch={(text) => {
            store.groupKeyword.value = text;
            groups.page.value = 1;
          }}
        />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('groups.create')} onClick={() => setEditing('new')} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('groups.loading')} />}
      {state.status === 'denied' && <ErrorState message={t('list.denied')} />}
      {state.status === 'error' && <ErrorState message={t('list.load-failed')} onRetry={() => void groups.load()} />}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={t('groups.empty')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <DataTable
            value={state.list}
            dataKey="id"
            lazy
            loading={groups.busy.value}
            cellMemo={false}
            size="small"
            pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('groups.table-label') } as never }}
          >
            <Column header={t('groups.name')} field="name" />
            <Column header={t('groups.remark')} field="remark" />
            <Column header={t('groups.domains')} body={(group: DnsGroup) => formatCount(group.domain_count, language)} />
            <Column header={t('groups.modified')} body={(group: DnsGroup) => <span className="ec-nowrap">{formatLogTime(group.updated_at)}</span>} />
            <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actions} />
          </DataTable>
          <Pager page={groups.page.value} pageSize={groups.size.value} total={state.total} onChange={({ page, pageSize }) => groups.setPage(page, pageSize)} />
        </>
      )}
      {editing !== null && (
        <GroupDialog
          group={editing === 'new' ? undefined : editing}
          onSave={store.saveGroup}
          onSaved={(group, created) => emit(GROUP_SAVED_EVENT, { id: group.id, created })}
          onHide={() => setEditing(null)}
        />
      )}
    </>
  );
}
