/**
 * The sub-account list (rules §3: name, mail, remark, group, status, recent sign-in, creation time) with search,
 * create, edit, enable or disable (confirmed, rules §4), reset password and delete (confirmed).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { publishNotice } from '../../../core/api/notices.js';
import type { SubAccount } from '../../../core/api/endpoints/access.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { SUB_ACCOUNT_DELETED_EVENT, SUB_ACCOUNT_SAVED_EVENT } from '../events.js';
import type { AccessStore } from '../store.js';
import { AccountDialog, PasswordDialog } from './account-dialogs.js';
import { ListFrame } from './list-frame.js';
import { useStatusSettings } from './status.js';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'password'; account: SubAccount };

/** The sub-accounts page. */
export function Accounts({ store }: { store: AccessStore }) {
  useSignals();
  const { emit, language } = useElement();
  const t = useT('access-management');
  const statuses = useStatusSettings();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const groups = store.groupChoices.value;

  useEffect(() => {
    void store.accounts.load();
  }, [store, store.accounts.page.value, store.accounts.size.value, store.accountSearch.value]);
  useEffect(() => {
    void store.loadGroupChoices();
  }, [store, groups.status]);

  const done = (key: string, values: Record<string, unknown> = {}) => publishNotice({ severity: 'success', namespace: 'access-management', key, values });
  const toggle = async (account: SubAccount) => {
    const next = account.status === 'enabled' ? 'disabled' : 'enabled';
    if (await store.setAccountStatus(account.id, next)) done(next === 'enabled' ? 'account.enabled' : 'account.disabled', { name: account.name });
  };
  const remove = async (account: SubAccount) => {
    if (!(await store.deleteAccount(account.id))) return;
    emit(SUB_ACCOUNT_DELETED_EVENT, { id: account.id, name: account.name });
    done('account.deleted', { name: account.name });
  };

  const columns = useMemo((): FastColumn<SubAccount>[] => [
    { key: 'name', className: 'ec-col-primary', header: t('account.name'), title: t('account.name'), truncate: (row) => row.name },
    { key: 'email', header: t('account.email'), title: t('account.email'), hideable: true, truncate: (row) => row.email },
    { key: 'remark', header: t('account.remark'), title: t('account.remark'), hideable: true, truncate: (row) => row.remark },
    { key: 'group', header: t('account.group'), title: t('account.group'), truncate: (row) => row.group_name },
    { key: 'status', header: t('column.status'), cell: (row) => <StatusTag settings={statuses} value={row.status} /> },
    {
      key: 'login',
      header: t('column.last-login'),
      title: t('column.last-login'),
      hideable: true,
      cell: (row) => <span className="ec-nowrap">{row.last_login_at ? formatDateTime(row.last_login_at, language) : t('never')}</span>,
    },
    { key: 'created', header: t('column.created'), title: t('column.created'), hideable: true, cell: (row) => <span className="ec-nowrap">{formatDateTime(row.created_at, language)}</span> },
    {
      key: 'actions',
      className: 'ec-col-actions',
      header: t('column.actions'),
      cell: (row) => (
        <div className="ec-row ec-row-actions">
          <button type="button" className="ec-link" aria-label={t('action.edit-of', { name: row.name })} onClick={() => setDialog({ kind: 'edit', account: row })}>
            {t('action.edit')}
          </button>
          <ConfirmPopover
            message={t(row.status === 'enabled' ? 'account.disable-confirm' : 'account.enable-confirm', { name: row.name })}
            confirmLabel={t(row.status === 'enabled' ? 'action.disable' : 'action.enable')}
            danger={row.status === 'enabled'}
            onConfirm={() => void toggle(row)}
          >
            {(trigger) => (
              <button type="button" className="ec-link" aria-label={t(row.status === 'enabled' ? 'action.disable-of' : 'action.enable-of', { name: row.name })} {...trigger}>
                {t(row.status === 'enabled' ? 'action.disable' : 'action.enable')}
              </button>
            )}
          </ConfirmPopover>
          <button type="button" className="ec-link" aria-label={t('action.reset-password-of', { name: row.name })} onClick={() => setDialog({ kind: 'password', account: row })}>
            {t('action.reset-password')}
          </button>
          <NavLink route="access-management-access-key-id" params={{ id: row.id }} aria-label={t('action.keys-of', { name: row.name })}>
            {t('action.keys')}
          </NavLink>
          <ConfirmPopover message={t('account.delete-confirm', { name: row.name })} confirmLabel={t('action.delete')} danger onConfirm={() => void remove(row)}>
            {(trigger) => (
              <button type="button" className="ec-link ec-danger-link" aria-label={t('action.delete-of', { name: row.name })} {...trigger}>
                {t('action.delete')}
              </button>
            )}
          </ConfirmPopover>
        </div>
      ),
    },
  ], [t, language, statuses]);

  const close = () => setDialog(null);
  const groupList = groups.status === 'ready' ? groups.value : [];
  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('account.search')} value={store.accountSearch.value} debounceMs={300} onSearch={store.searchAccounts} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('account.create')} onClick={() => setDialog({ kind: 'create' })} />
      </div>
      <ListFrame list={store.accounts} empty={store.accountSearch.value ? t('account.empty-filtered') : t('account.empty')}>
        {(rows) => <FastTable rows={rows} rowKey={(row) => row.id} columns={columns} label={t('account.table')} busy={store.accounts.busy.value} busyLabel={t('loading')} columnsKey="access-management.accounts" />}
      </ListFrame>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <AccountDialog
          account={dialog.kind === 'edit' ? dialog.account : undefined}
          groups={groupList}
          onSave={(input) => store.saveAccount(dialog.kind === 'edit' ? { id: dialog.account.id, ...input } : { ...input, password: input.password ?? '', confirm_password: input.confirm_password ?? '' })}
          onSaved={(account) => {
            close();
            emit(SUB_ACCOUNT_SAVED_EVENT, { id: account.id, name: account.name, created: dialog.kind === 'create' });
            done('saved');
          }}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'password' && (
        <PasswordDialog
          account={dialog.account}
          onSave={(password, confirm) => store.resetPassword(dialog.account.id, password, confirm)}
          onSaved={() => {
            close();
            done('account.password-reset', { name: dialog.account.name });
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}
