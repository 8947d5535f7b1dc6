/**
 * Access keys (rules §3: status, creation time, last use time; rules §4: enable, disable, update secret and delete
 * each confirmed). A new or rotated secret is shown once in {@link SecretDialog}: copy it or download it as a file;
 * once the dialog is closed the element forgets it, and the server never sends it again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useId, useMemo, useState } from 'react';
import { publishNotice } from '../../../core/api/notices.js';
import type { AccessKey, AccessKeySecret, SubAccount } from '../../../core/api/endpoints/access.js';
import { listSubAccounts } from '../../../core/api/endpoints/access.js';
import { validateAccessRemark } from '../../../core/rules/access.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { saveFile } from '../../../core/ui/save-file.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { CopyButton } from '../../../core/ui/parts/copy-button.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { ACCESS_KEY_CHANGED_EVENT } from '../events.js';
import type { AccessStore } from '../store.js';
import { SelectField, TextField } from './fields.js';
import { ListFrame } from './list-frame.js';
import { useStatusSettings } from './status.js';

/** The keys page; with `accountId`, new keys act as that sub-account. */
export function Keys({ store, accountId }: { store: AccessStore; accountId?: number }) {
  useSignals();
  const { emit, language } = useElement();
  const t = useT('access-management');
  const statuses = useStatusSettings();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<AccessKeySecret | null>(null);

  useEffect(() => {
    void store.keys.load();
  }, [store, store.keys.page.value, store.keys.size.value]);

  const changed = (key: AccessKey, change: EcEventDetails['ec-access-key-changed']['change']) => {
    emit(ACCESS_KEY_CHANGED_EVENT, { id: key.id, keyId: key.key_id, change });
    publishNotice({ severity: 'success', namespace: 'access-management', key: `key.${change}`, values: { key: key.key_id } });
  };
  const toggle = async (key: AccessKey) => {
    const next = key.status === 'enabled' ? 'disabled' : 'enabled';
    if (await store.setKeyStatus(key.id, next)) changed(key, next);
  };
  const rotate = async (key: AccessKey) => {
    const answer = await store.rotateKey(key.id);
    if (!answer) return;
    setSecret(answer);
    changed(key, 'rotated');
  };
  const remove = async (key: AccessKey) => {
    if (await store.deleteKey(key.id)) changed(key, 'deleted');
  };

  const columns = useMemo((): FastColumn<AccessKey>[] => [
    { key: 'key', className: 'ec-col-primary ec-mono', header: t('key.id'), title: t('key.id'), truncate: (row) => row.key_id },
    { key: 'user', header: t('key.user'), title: t('key.user'), truncate: (row) => row.user_name },
    { key: 'remark', header: t('account.remark'), title: t('account.remark'), hideable: true, truncate: (row) => row.remark },
    { key: 'status', header: t('column.status'), cell: (row) => <StatusTag settings={statuses} value={row.status} /> },
    { key: 'created', header: t('column.created'), title: t('column.created'), hideable: true, cell: (row) => <span className="ec-nowrap">{formatDateTime(row.created_at, language)}</span> },
    {
      key: 'used',
      header: t('key.last-used'),
      title: t('key.last-used'),
      cell: (row) => <span className="ec-nowrap">{row.last_used_at ? formatDateTime(row.last_used_at, language) : t('never')}</span>,
    },
    {
      key: 'actions',
      className: 'ec-col-actions',
      header: t('column.actions'),
      cell: (row) => (
        <div className="ec-row ec-row-actions">
          <ConfirmPopover
            message={t(row.status === 'enabled' ? 'key.disable-confirm' : 'key.enable-confirm', { key: row.key_id })}
            confirmLabel={t(row.status === 'enabled' ? 'action.disable' : 'action.enable')}
            danger={row.status === 'enabled'}
            onConfirm={() => void toggle(row)}
          >
            {(trigger) => (
              <button type="button" className="ec-link" aria-label={t(row.status === 'enabled' ? 'action.disable-of' : 'action.enable-of', { name: row.key_id })} {...trigger}>
                {t(row.status === 'enabled' ? 'action.disable' : 'action.enable')}
              </button>
            )}
          </ConfirmPopover>
          <ConfirmPopover message={t('key.rotate-confirm', { key: row.key_id })} confirmLabel={t('action.rotate')} danger onConfirm={() => void rotate(row)}>
            {(trigger) => (
              <button type="button" className="ec-link" aria-label={t('action.rotate-of', { name: row.key_id })} {...trigger}>
                {t('action.rotate')}
              </button>
            )}
          </ConfirmPopover>
          <ConfirmPopover message={t('key.delete-confirm', { key: row.key_id })} confirmLabel={t('action.delete')} danger onConfirm={() => void remove(row)}>
            {(trigger) => (
              <button type="button" className="ec-link ec-danger-link" aria-label={t('action.delete-of', { name: row.key_id })} {...trigger}>
                {t('action.delete')}
              </button>
            )}
          </ConfirmPopover>
        </div>
      ),
    },
  ], [t, language, statuses]);

  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar">
        <p className="ec-muted">{t('key.intro')}</p>
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('key.create')} onClick={() => setCreating(true)} />
      </div>
      <ListFrame list={store.keys} empty={t('key.empty')}>
        {(rows) => <FastTable rows={rows} rowKey={(row) => row.id} columns={columns} label={t('key.table')} busy={store.keys.busy.value} busyLabel={t('loading')} columnsKey="access-management.keys" />}
      </ListFrame>
      {creating && (
        <CreateKeyDialog
          accountId={accountId}
          onCreate={(userId, remark) => store.createKey(userId, remark)}
          onCreated={(answer) => {
            setCreating(false);
            setSecret(answer);
            changed(answer.key, 'created');
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </div>
  );
}

/** Props of {@link CreateKeyDialog}. */
interface CreateKeyDialogProps {
  accountId?: number;
  onCreate: (userId: number | null, remark: string) => Promise<AccessKeySecret>;
  onCreated: (answer: AccessKeySecret) => void;
  onCancel: () => void;
}

/** Choose whom the key acts as (the main account or a sub-account) and a remark. */
function CreateKeyDialog({ accountId, onCreate, onCreated, onCancel }: CreateKeyDialogProps) {
  const { client } = useElement();
  const t = useT('access-management');
  const tRules = useT('rules');
  const id = useId();
  const [owner, setOwner] = useState<number>(accountId ?? 0);
  const [remark, setRemark] = useState('');
  const [accounts, setAccounts] = useState<SubAccount[]>([]);
  const saving = useSave();
  const remarkIssue = validateAccessRemark(remark);

  useEffect(() => {
    let current = true;
    listSubAccounts(client, { per_page: 100 }).then(
      (answer) => current && setAccounts(answer.list),
      () => undefined, // The main account stays choosable; the server refuses an owner it does not know.
    );
    return () => {
      current = false;
    };
  }, [client]);

  const create = async () => {
    if (remarkIssue) return;
    const outcome = await saving.run(() => onCreate(owner === 0 ? null : owner, remark.trim()));
    if (outcome.ok) onCreated(outcome.value);
  };
  return (
    <EcDialog visible onHide={onCancel} header={t('key.create-title')} error={saving.error} footer={<DialogFooter onCancel={onCancel} onConfirm={() => void create()} busy={saving.saving} />}>
      <div className="ec-stack">
        <SelectField
          id={`${id}-owner`}
          label={t('key.user')}
          value={owner}
          options={[{ value: 0, label: t('key.main-account') }, ...accounts.map((account) => ({ value: account.id, label: account.name }))]}
          onChange={(value) => setOwner(value ?? 0)}
          error={null}
        />
        <TextField id={`${id}-remark`} label={t('account.remark')} value={remark} onChange={setRemark} error={remarkIssue ? tRules(remarkIssue.key, remarkIssue.values ?? {}) : null} />
      </div>
    </EcDialog>
  );
}

/** Props of {@link SecretDialog}. */
export interface SecretDialogProps {
  secret: AccessKeySecret;
  onClose: () => void;
}

/**
 * The secret, shown this once (rules §3): the key id and secret with copy buttons and a download as a file. The
 * dialog closes only through its button, after the warning, so a stray click or Esc cannot lose the secret unseen.
 */
export function SecretDialog({ secret, onClose }: SecretDialogProps) {
  const { root } = useElement();
  const t = useT('access-management');
  const download = () => {
    const text = `X-EC-Key=${secret.key.key_id}\nsecret=${secret.secret}\n`;
    saveFile(root, new Blob([text], { type: 'text/plain' }), `access-key-${secret.key.key_id}.txt`);
  };
  return (
    <EcDialog
      visible
      closable={false}
      onHide={onClose}
      header={t('secret.title')}
      footer={
        <DialogFooter
          onCancel={onClose}
          cancelLabel={t('secret.done')}
          extra={<Button type="button" icon="pi pi-download" outlined label={t('secret.download')} onClick={download} />}
        />
      }
    >
      <div className="ec-stack" part="secret">
        <p className="ec-warning-text" role="alert">
          {t('secret.once')}
        </p>
        <div className="ec-field">
          <span className="ec-label">{t('key.id')}</span>
          <div className="ec-row">
            <code className="ec-mono" data-testid="key-id">{secret.key.key_id}</code>
            <CopyButton text={secret.key.key_id} label={t('secret.copy-id')} />
          </div>
        </div>
        <div className="ec-field">
          <span className="ec-label">{t('secret.secret')}</span>
          <div className="ec-row">
            <code className="ec-mono ec-secret" data-testid="secret">{secret.secret}</code>
            <CopyButton text={secret.secret} label={t('secret.copy-secret')} />
          </div>
        </div>
      </div>
    </EcDialog>
  );
}
