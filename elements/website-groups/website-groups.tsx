/**
 * `<ec-website-groups>`: the account's website groups (rules §3: name, remark, modification time) with the number of
 * websites in each, search and paging; create, rename, delete (its websites become ungrouped) and move websites in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useEffect, useState } from 'react';
import { publishNotice } from '../../core/api/notices.js';
import type { WebsiteGroup, WebsiteGroupInput } from '../../core/api/endpoints/websites.js';
import { formatCount, formatDateTime } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { SearchInput } from '../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { WEBSITE_GROUP_ASSIGNED_EVENT, WEBSITE_GROUP_DELETED_EVENT, WEBSITE_GROUP_SAVED_EVENT } from '../domain-list/events.js';
import { ConfirmActionDialog } from '../domain-list/parts/list-dialogs.js';
import { AssignDialog, GroupFormDialog } from './parts/group-dialogs.js';
import { websiteGroupsStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface WebsiteGroupsProps {
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

type Dialog = { kind: 'create' } | { kind: 'rename' | 'delete' | 'assign'; group: WebsiteGroup };

/** The group list. */
export function WebsiteGroups({ pageSize }: WebsiteGroupsProps) {
  useSignals();
  const { client, host, emit, language } = useElement();
  const t = useT();
  const store = websiteGroupsStoreFor(host, { pageSize });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [sending, setSending] = useState(false);
  const state = store.state.value;
  const query = store.query.value;

  const close = () => setDialog(null);
  const save = (input: WebsiteGroupInput) => store.save(client, { ...input, id: dialog?.kind === 'rename' ? dialog.group.id : undefined });
  const saved = (group: WebsiteGroup) => {
    close();
    emit(WEBSITE_GROUP_SAVED_EVENT, { id: group.id, name: group.name });
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
  };
  const remove = async (group: WebsiteGroup) => {
    setSending(true);
    const done = await store.remove(client, group.id);
    setSending(false);
    close();
    if (done) emit(WEBSITE_GROUP_DELETED_EVENT, { id: group.id });
  };
  const assign = async (group: WebsiteGroup, ids: number[]) => {
    setSending(true);
    const answer = await store.assign(client, group.id, ids);
    setSending(false);
    if (!answer) return;
    close();
    emit(WEBSITE_GROUP_ASSIGNED_EVENT, { groupId: group.id, count: answer.succeeded });
    publishNotice({ severity: 'success', namespace: 'website-groups', key: 'assign.done', values: { count: answer.succeeded, name: group.name } });
  };

  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);

  const actions = (group: WebsiteGroup) => (
    <div className="ec-row-actions">
      <button type="button" className="ec-link" aria-label={t('action.assign-of', { name: group.name })} onClick={() => setDialog({ kind: 'assign', group })}>
        {t('action.assign')}
      </button>
      <button type="button" className="ec-link" aria-label={t('action.rename-of', { name: group.name })} onClick={() => setDialog({ kind: 'rename', group })}>
        {t('action.rename')}
      </button>
      <button type="button" className="ec-link ec-danger-link" aria-label={t('action.delete-of', { name: group.name })} onClick={() => setDialog({ kind: 'delete', group })}>
        {t('action.delete')}
      </button>
    </div>
  );

  return (
    <div className="ec-root ec-stack ec-website-groups">
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('search')} value={store.search.value} debounceMs={300} onSearch={store.setSearch} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('action.create')} onClick={() => setDialog({ kind: 'create' })} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('loading')} />}
      {state.status === 'error' && <ErrorState message={t('load-failed')} onRetry={() => void store.load(client)} />}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={store.search.value ? t('empty-filtered') : t('empty')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <DataTable value={state.list} dataKey="id" lazy loading={store.busy.value} size="small" pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('table-label') } as never }}>
            <Column header={t('column.name')} field="name" />
            <Column header={t('column.remark')} body={(group: WebsiteGroup) => group.remark || <span className="ec-muted">—</span>} />
            <Column header={t('column.count')} body={(group: WebsiteGroup) => formatCount(group.domain_count, language)} />
            <Column header={t('column.updated')} body={(group: WebsiteGroup) => <span className="ec-nowrap">{formatDateTime(group.updated_at, language)}</span>} />
            <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actions} />
          </DataTable>
          <Pager page={query.page} pageSize={query.per_page} total={state.total} onChange={({ page, pageSize: size }) => store.setPage(page, size)} />
        </>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <GroupFormDialog group={dialog.kind === 'rename' ? dialog.group : undefined} onSave={save} onSaved={saved} onCancel={close} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmActionDialog
          header={t('delete.title')}
          message={t('delete.confirm', { name: dialog.group.name, count: dialog.group.domain_count })}
          confirmLabel={t('action.delete')}
          danger
          busy={sending}
          onConfirm={() => void remove(dialog.group)}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'assign' && <AssignDialog group={dialog.group} busy={sending} onAssign={(ids) => void assign(dialog.group, ids)} onCancel={close} />}
    </div>
  );
}
