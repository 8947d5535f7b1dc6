/**
 * `<ec-website-groups>`: the account's website groups (rules §3: name, remark, modification time) with the number of
 * websites in each, search and paging; create, rename, delete (its websites become ungrouped) and move websites in.
 * Issue 19: a FastTable (name in view, name and remark cut, secondary columns hideable), read-only with the reason for
 * a caller that may not change groups (rules §6), search and page in `view-state`.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { publishNotice } from '../../core/api/notices.js';
import type { WebsiteGroup, WebsiteGroupInput } from '../../core/api/endpoints/websites.js';
import { formatCount, formatDateTime } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../core/ui/parts/fast-table.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { GuardedButton, ReadOnlyMark, ReadOnlyNotice, useModuleAccess } from '../../core/ui/parts/read-only.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
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
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** Where the user's hidden columns of the group table are remembered. */
export const GROUP_TABLE_COLUMNS_KEY = 'website-groups.groups';

type Dialog = { kind: 'create' } | { kind: 'rename' | 'delete' | 'assign'; group: WebsiteGroup };

/** The group list. */
export function WebsiteGroups({ pageSize, viewState }: WebsiteGroupsProps) {
  useSignals();
  const { client, host, emit, language } = useElement();
  const t = useT();
  const store = websiteGroupsStoreFor(host, { pageSize, viewState });
  useViewStateReport(store.viewState.value);
  // Rules §6, issue 19: moving websites needs the domain module's manage access; creating, renaming and deleting a
  // group needs it over every website, which the server reports as `editable`. What the caller may not do is
  // shown denied or read-only with the reason, never refused only on save.
  const access = useModuleAccess('domain');
  const mayAssign = access === 'manage' || access === null;
  const readOnlyReason = t('read-only.reason');
  const createDenied = store.editable.value === false ? readOnlyReason : null;
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

  const columns = useMemo((): FastColumn<WebsiteGroup>[] => {
    const open = (kind: 'rename' | 'delete' | 'assign', group: WebsiteGroup) => () => setDialog({ kind, group });
    return [
      { key: 'name', className: 'ec-col-primary ec-col-group-name', header: t('column.name'), title: t('column.name'), truncate: (group) => group.name },
      { key: 'remark', className: 'ec-col-remark', header: t('column.remark'), title: t('column.remark'), hideable: true, truncate: (group) => group.remark },
      {
        key: 'count',
        className: 'ec-col-count',
        header: t('column.count'),
        title: t('column.count'),
        hideable: true,
        cell: (group) => formatCount(group.domain_count, language),
      },
      {
        key: 'updated',
        className: 'ec-col-updated',
        header: t('column.updated'),
        title: t('column.updated'),
        hideable: true,
        cell: (group) => <span className="ec-nowrap">{formatDateTime(group.updated_at, language)}</span>,
      },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: t('column.actions'),
        cell: (group) => (
          <div className="ec-row-actions">
            {mayAssign && (
              <button type="button" className="ec-link" aria-label={t('action.assign-of', { name: group.name })} onClick={open('assign', group)}>
                {t('action.assign')}
              </button>
            )}
            {group.editable ? (
              <>
                <button type="button" className="ec-link" aria-label={t('action.rename-of', { name: group.name })} onClick={open('rename', group)}>
                  {t('action.rename')}
                </button>
                <button type="button" className="ec-link ec-danger-link" aria-label={t('action.delete-of', { name: group.name })} onClick={open('delete', group)}>
                  {t('action.delete')}
                </button>
              </>
            ) : (
              <ReadOnlyMark reason={readOnlyReason} />
            )}
          </div>
        ),
      },
    ];
  }, [t, language, mayAssign, readOnlyReason]);

  return (
    <div className="ec-root ec-stack ec-website-groups">
      <ReadOnlyNotice module="domain" />
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('search')} value={store.search.value} debounceMs={300} onSearch={store.setSearch} />
        <span className="ec-spacer" />
        <GuardedButton type="button" icon="pi pi-plus" label={t('action.create')} deniedReason={createDenied} onClick={() => setDialog({ kind: 'create' })} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('loading')} />}
      {(state.status === 'error' || state.status === 'denied') && <ErrorState message={t('load-failed')} onRetry={() => void store.load(client)} />}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={store.search.value ? t('empty-filtered') : t('empty')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <FastTable
            rows={state.list}
            rowKey={(group) => group.id}
            columns={columns}
            label={t('table-label')}
            busy={store.busy.value}
            busyLabel={t('loading')}
            columnsKey={GROUP_TABLE_COLUMNS_KEY}
          />
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
