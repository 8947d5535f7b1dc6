/**
 * Permission groups (rules §3: name, remark, bound strategy, accounts, number of sub-accounts) with create (refused
 * past the maximum with rules §8's message), a link to each group's setting page, and delete (confirmed; refused while
 * sub-accounts are in it). Also the group setting page: the grant editor for one group.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { publishNotice } from '../../../core/api/notices.js';
import type { PermissionGroup } from '../../../core/api/endpoints/access.js';
import { formatCount, formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { PERMISSION_GROUP_DELETED_EVENT, PERMISSION_GROUP_SAVED_EVENT } from '../events.js';
import type { AccessStore } from '../store.js';
import { GroupEditor, moduleKey } from './group-editor.js';
import { ListFrame } from './list-frame.js';

/** The bound strategy of a group in words: one "module: scope, access" per granted module. */
export function useGrantSummary(): (group: PermissionGroup) => string {
  const t = useT('access-management');
  return (group) =>
    group.grants.length === 0
      ? t('group.no-grants')
      : group.grants.map((grant) => t('group.grant-summary', { module: t(moduleKey(grant.module)), scope: t(`scope.${grant.object_scope}`), access: t(`access.${grant.access}`) })).join('; ');
}

/** The groups page. */
export function Groups({ store }: { store: AccessStore }) {
  useSignals();
  const { emit, language } = useElement();
  const t = useT('access-management');
  const summary = useGrantSummary();
  const [creating, setCreating] = useState(false);
  const state = store.groups.state.value;
  const max = state.status === 'ready' ? state.extra.max : null;
  const full = state.status === 'ready' && max !== null && state.total >= max;

  useEffect(() => {
    void store.groups.load();
  }, [store, store.groups.page.value, store.groups.size.value]);

  const remove = async (group: PermissionGroup) => {
    if (!(await store.deleteGroup(group.id))) return;
    emit(PERMISSION_GROUP_DELETED_EVENT, { id: group.id, name: group.name });
    publishNotice({ severity: 'success', namespace: 'access-management', key: 'group.deleted', values: { name: group.name } });
  };

  const columns = useMemo((): FastColumn<PermissionGroup>[] => [
    { key: 'name', className: 'ec-col-primary', header: t('group.name'), title: t('group.name'), truncate: (row) => row.name },
    { key: 'remark', header: t('group.remark'), title: t('group.remark'), hideable: true, truncate: (row) => row.remark },
    { key: 'strategy', header: t('group.strategy'), title: t('group.strategy'), truncate: summary },
    { key: 'accounts', header: t('group.accounts'), title: t('group.accounts'), hideable: true, truncate: (row) => row.accounts.join(', ') },
    { key: 'count', header: t('group.count'), cell: (row) => formatCount(row.sub_account_count, language) },
    { key: 'created', header: t('column.created'), title: t('column.created'), hideable: true, cell: (row) => <span className="ec-nowrap">{formatDateTime(row.created_at, language)}</span> },
    {
      key: 'actions',
      className: 'ec-col-actions',
      header: t('column.actions'),
      cell: (row) => (
        <div className="ec-row ec-row-actions">
          <NavLink route="access-management-groups-setting-id" params={{ id: row.id }} aria-label={t('action.setting-of', { name: row.name })}>
            {t('action.setting')}
          </NavLink>
          <ConfirmPopover message={t('group.delete-confirm', { name: row.name, count: row.sub_account_count })} confirmLabel={t('action.delete')} danger onConfirm={() => void remove(row)}>
            {(trigger) => (
              <button type="button" className="ec-link ec-danger-link" aria-label={t('action.delete-of', { name: row.name })} {...trigger}>
                {t('action.delete')}
              </button>
            )}
          </ConfirmPopover>
        </div>
      ),
    },
  ], [t, language, summary]);

  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar">
        {max !== null && <span className="ec-muted">{t('group.usage', { count: state.status === 'ready' ? state.total : 0, max })}</span>}
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('group.create')} disabled={full} onClick={() => setCreating(true)} />
      </div>
      {full && (
        <p className="ec-warning-text" role="status">
          {t('group.max-reached')}
        </p>
      )}
      <ListFrame list={store.groups} empty={t('group.empty')}>
        {(rows) => <FastTable rows={rows} rowKey={(row) => row.id} columns={columns} label={t('group.table')} busy={store.groups.busy.value} busyLabel={t('loading')} columnsKey="access-management.groups" />}
      </ListFrame>
      {creating && (
        <EcDialog visible width="720px" onHide={() => setCreating(false)} header={t('group.create-title')}>
          <GroupEditor
            onSave={store.saveGroup}
            onSaved={(group) => {
              setCreating(false);
              emit(PERMISSION_GROUP_SAVED_EVENT, { id: group.id, name: group.name, created: true });
              publishNotice({ severity: 'success', namespace: 'access-management', key: 'saved' });
            }}
            onCancel={() => setCreating(false)}
          />
        </EcDialog>
      )}
    </div>
  );
}

/** The group setting page (`groups/setting/:id`): the grant editor of one group. */
export function GroupSetting({ store, groupId }: { store: AccessStore; groupId?: number }) {
  useSignals();
  const { emit } = useElement();
  const t = useT('access-management');
  const state = store.group.value;
  useEffect(() => {
    if (groupId !== undefined) void store.loadGroup(groupId);
  }, [store, groupId]);

  if (groupId === undefined) return <ErrorState message={t('group.missing')} />;
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.loadGroup(groupId)} />;
  return (
    <div className="ec-stack">
      <h2 className="ec-page-title">{t('group.setting-title', { name: state.value.name })}</h2>
      <GroupEditor
        key={state.value.id}
        group={state.value}
        onSave={store.saveGroup}
        onSaved={(group) => {
          emit(PERMISSION_GROUP_SAVED_EVENT, { id: group.id, name: group.name, created: false });
          publishNotice({ severity: 'success', namespace: 'access-management', key: 'saved' });
        }}
      />
    </div>
  );
}
