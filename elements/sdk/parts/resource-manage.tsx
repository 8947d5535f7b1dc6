/**
 * Resource management (shell §2 label): the SDK keys of a business. A key is the app key the app embeds (a public
 * identifier, shown whole with a copy button); it can be created, rotated (a new value, the old one stops working)
 * and deleted, each after a confirmation where it breaks running apps.
 */
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { createSdkKey, deleteSdkKey, listSdkKeys, rotateSdkKey, type SdkKey } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { validateSdkKeyName } from '../../../core/rules/sdk.js';
import { onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CopyButton } from '../../../core/ui/parts/copy-button.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { SDK_KEY_ROTATED_EVENT } from '../events.js';
import type { SdkViewProps } from '../sdk.js';
import { useLoaded } from '../store.js';
import { ConfirmedAction, RowActions, SdkListTable, type SdkColumn } from './list-table.js';
import { BusinessPicker, Issues } from './shared.js';

function Keys({ businessId }: { businessId: number }) {
  const t = useT('sdk');
  const { client, emit, language } = useElement();
  const nameId = useId();
  const save = useSave();
  const [name, setName] = useState('');
  const [checked, setChecked] = useState<FieldIssue[]>([]);
  const [notice, setNotice] = useState('');
  const [state, reload] = useLoaded(() => listSdkKeys(client, businessId), [client, businessId]);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = onField('name', validateSdkKeyName(name));
    setChecked(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => createSdkKey(client, { business_id: businessId, name: name.trim() }, { notify: false }));
    if (!outcome.ok) return;
    setName('');
    reload();
  };
  const rotate = async (key: SdkKey) => {
    const outcome = await save.run(() => rotateSdkKey(client, key.id, { notify: false }));
    if (!outcome.ok) return;
    emit(SDK_KEY_ROTATED_EVENT, { key: outcome.value });
    setNotice(t('keys.rotated-notice', { name: key.name }));
    reload();
  };
  const destroy = async (key: SdkKey) => {
    const outcome = await save.run(() => deleteSdkKey(client, key.id, { notify: false }));
    if (outcome.ok) reload();
  };
  const issues = [...checked, ...save.issues.filter((entry) => entry.field === 'name')];
  const columns: SdkColumn<SdkKey>[] = [
    { key: 'name', header: t('keys.name'), cell: (key) => key.name },
    {
      key: 'app-key',
      header: t('keys.app-key'),
      cell: (key) => (
        <>
          <span className="ec-sdk-key">{key.app_key}</span> <CopyButton text={key.app_key} label={t('keys.copy')} />
        </>
      ),
    },
    { key: 'created', header: t('keys.created'), cell: (key) => formatDateTime(key.created_at, language) },
    { key: 'rotated', header: t('keys.rotated'), cell: (key) => (key.rotated_at ? formatDateTime(key.rotated_at, language) : t('keys.never')) },
    {
      key: 'actions',
      header: t('actions'),
      cell: (key) => (
        <RowActions>
          <ConfirmedAction label={t('keys.rotate')} name={key.name} message={t('keys.rotate-confirm', { name: key.name })} onConfirm={() => void rotate(key)} />
          <ConfirmedAction label={t('keys.delete')} name={key.name} message={t('keys.delete-confirm', { name: key.name })} danger onConfirm={() => void destroy(key)} />
        </RowActions>
      ),
    },
  ];

  return (
    <section className="ec-stack" aria-label={t('keys.title')}>
      <form className="ec-row" part="toolbar" onSubmit={(event) => void create(event)} noValidate>
        <label htmlFor={nameId}>{t('keys.name')}</label>
        <input id={nameId} className="p-inputtext p-component" value={name} aria-invalid={issues.length > 0} aria-describedby={`${nameId}-issues`} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="p-button p-component p-button-sm" disabled={save.saving}>
          <span className="pi pi-plus" aria-hidden="true" /> {t('keys.create')}
        </button>
      </form>
      <Issues id={`${nameId}-issues`} issues={issues} />
      <SdkListTable state={state} columns={columns} rowKey={(key) => key.id} empty={t('keys.empty')} errorMessage={t('load-failed')} onRetry={reload} actionError={save.error}>
        <p role="status" className="ec-muted">
          {notice}
        </p>
      </SdkListTable>
    </section>
  );
}

/** The resource management page. */
export function ResourceManage({ store }: SdkViewProps) {
  return <BusinessPicker store={store}>{(businessId) => <Keys key={businessId} businessId={businessId} />}</BusinessPicker>;
}
