/**
 * The domain groups (shell §2 domainGroup; rules §3 DNS "Website group: group name, remark, modification time"):
 * search, create, edit, delete with confirmation, and how many domains each group holds. A group the caller may not
 * change (the server's `editable`, rules §6: a read-only grant, or a group that also holds zones outside the
 * caller's grant) shows the read-only mark with the reason instead of its actions.
 */
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DnsGroup } from '../../../core/api/endpoints/dns.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { GuardedButton, ReadOnlyMark, useModuleAccess, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
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

  const moduleAccess = useModuleAccess('dns');
  const moduleReason = useReadOnlyReason('dns');
  // With the manage grant a group is read-only only because it holds zones the caller does not see.
  const groupReason = moduleAccess === 'read' || moduleAccess === 'none' ? moduleReason : t('groups.holds-others');
  const latest = useRef({ remove, setEditing });
  latest.current = { remove, setEditing };

  const columns = useMemo(
    (): FastColumn<DnsGroup>[] => [
      { key: 'name', className: 'ec-col-primary', header: t('groups.name'), title: t('groups.name'), truncate: (group) => group.name },
      { key: 'remark', header: t('groups.remark'), title: t('groups.remark'), hideable: true, truncate: (group) => group.remark },
      { key: 'domains', header: t('groups.domains'), title: t('groups.domains'), hideable: true, cell: (group) => formatCount(group.domain_count, language) },
      { key: 'modified', header: t('groups.modified'), title: t('groups.modified'), hideable: true, cell: (group) => <span className="ec-nowrap">{formatLogTime(group.updated_at)}</span> },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: t('column.actions'),
        cell: (group) =>
          group.editable ? (
            <div className="ec-row ec-dns-row-actions">
              <Button type="button" link label={t('common:action.edit')} aria-label={t('groups.edit-of', { name: group.name })} onClick={() => latest.current.setEditing(group)} />
              <ConfirmPopover message={t('groups.confirm-delete', { name: group.name })} confirmLabel={t('action.delete')} danger onConfirm={() => void latest.current.remove(group)}>
                {(trigger) => <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('groups.delete-of', { name: group.name })} {...trigger} />}
              </ConfirmPopover>
            </div>
          ) : (
            <ReadOnlyMark reason={groupReason} />
          ),
      },
    ],
    [t, language, groupReason],
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
        <GuardedButton
          type="button"
          icon="pi pi-plus"
          label={t('groups.create')}
          deniedReason={moduleAccess === 'read' || moduleAccess === 'none' ? moduleReason : null}
          onClick={() => setEditing('new')}
        />
      </div>
      {state.status === 'loading' && <LoadingState message={t('groups.loading')} />}
      {state.status === 'denied' && <ErrorState message={t('list.denied')} />}
      {state.status === 'error' && <ErrorState message={t('list.load-failed')} onRetry={() => void groups.load()} />}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={t('groups.empty')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <FastTable
            rows={state.list}
            rowKey={(group) => group.id}
            columns={columns}
            label={t('groups.table-label')}
            busy={groups.busy.value}
            busyLabel={t('groups.loading')}
            columnsKey="dns-domains.groups"
          />
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
