/**
 * Resource management (shell §2 label): the SDK keys of a business. A key is the app key the app embeds (a public
 * identifier, shown whole with a copy button); it can be created, rotated (a new value, the old one stops working)
 * and deleted, each after a confirmation where it breaks running apps.
 */
import { useEffect, useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { createSdkKey, deleteSdkKey, listSdkKeys, rotateSdkKey, type SdkKey } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { validateSdkKeyName } from '../../../core/rules/sdk.js';
import { onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { CopyButton } from '../../../core/ui/parts/copy-button.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { SDK_KEY_ROTATED_EVENT } from '../events.js';
import type { SdkViewProps } from '../sdk.js';
import type { Loaded } from '../store.js';
import { BusinessPicker, Issues } from './shared.js';

function Keys({ businessId }: { businessId: number }) {
  const t = useT('sdk');
  const { client, emit, language } = useElement();
  const nameId = useId();
  const save = useSave();
  const [state, setState] = useState<Loaded<ListAnswer<SdkKey>>>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [name, setName] = useState('');
  const [checked, setChecked] = useState<FieldIssue[]>([]);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    listSdkKeys(client, businessId).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [client, businessId, reload]);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = onField('name', validateSdkKeyName(name));
    setChecked(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => createSdkKey(client, { business_id: businessId, name: name.trim() }, { notify: false }));
    if (!outcome.ok) return;
    setName('');
    setReload((count) => count + 1);
  };
  const rotate = async (key: SdkKey) => {
    const outcome = await save.run(() => rotateSdkKey(client, key.id, { notify: false }));
    if (!outcome.ok) return;
    emit(SDK_KEY_ROTATED_EVENT, { key: outcome.value });
    setNotice(t('keys.rotated-notice', { name: key.name }));
    setReload((count) => count + 1);
  };
  const destroy = async (key: SdkKey) => {
    const outcome = await save.run(() => deleteSdkKey(client, key.id, { notify: false }));
    if (outcome.ok) setReload((count) => count + 1);
  };
  const issues = [...checked, ...save.issues.filter((entry) => entry.field === 'name')];

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
      {save.error ? (
        <p role="alert" className="ec-error-text">
          {save.error}
        </p>
      ) : null}
      <p role="status" className="ec-muted">
        {notice}
      </p>
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState message={t('load-failed')} onRetry={() => setReload((count) => count + 1)} /> : null}
      {state.status === 'ready' && state.value.total === 0 ? <EmptyState message={t('keys.empty')} /> : null}
      {state.status === 'ready' && state.value.total > 0 ? (
        <table className="ec-sdk-table" part="table">
          <thead>
            <tr>
              <th scope="col">{t('keys.name')}</th>
              <th scope="col">{t('keys.app-key')}</th>
              <th scope="col">{t('keys.created')}</th>
              <th scope="col">{t('keys.rotated')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {state.value.list.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <span className="ec-sdk-key">{key.app_key}</span> <CopyButton text={key.app_key} label={t('keys.copy')} />
                </td>
                <td>{formatDateTime(key.created_at, language)}</td>
                <td>{key.rotated_at ? formatDateTime(key.rotated_at, language) : t('keys.never')}</td>
                <td>
                  <div className="ec-sdk-actions">
                    <ConfirmPopover message={t('keys.rotate-confirm', { name: key.name })} onConfirm={() => void rotate(key)}>
                      {(trigger) => (
                        <button type="button" className="p-button p-component p-button-sm p-button-text" {...trigger} aria-label={`${t('keys.rotate')} ${key.name}`}>
                          {t('keys.rotate')}
                        </button>
                      )}
                    </ConfirmPopover>
                    <ConfirmPopover message={t('keys.delete-confirm', { name: key.name })} danger onConfirm={() => void destroy(key)}>
                      {(trigger) => (
                        <button type="button" className="p-button p-component p-button-sm p-button-text p-button-danger" {...trigger} aria-label={`${t('keys.delete')} ${key.name}`}>
                          {t('keys.delete')}
                        </button>
                      )}
                    </ConfirmPopover>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The resource management page. */
export function ResourceManage({ store }: SdkViewProps) {
  return <BusinessPicker store={store}>{(businessId) => <Keys key={businessId} businessId={businessId} />}</BusinessPicker>;
}
