/** The business list (shell §2 "business list"): search, paging, create and edit in a dialog, delete after a confirm. */
import { useEffect, useState } from 'react';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { deleteSdkBusiness, listSdkBusinesses, type SdkBusiness } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { SDK_BUSINESS_DELETED_EVENT, SDK_BUSINESS_SAVED_EVENT } from '../events.js';
import { SDK_ROUTES } from '../routes.js';
import type { SdkViewProps } from '../sdk.js';
import { failed, type Loaded } from '../store.js';
import { BusinessDialog } from './business-dialog.js';

/** The businesses of the account. */
export function BusinessList({ store }: SdkViewProps) {
  const t = useT('sdk');
  const { client, emit, language } = useElement();
  const remove = useSave();
  const [state, setState] = useState<Loaded<ListAnswer<SdkBusiness>>>({ status: 'loading' });
  const [query, setQuery] = useState({ page: 1, perPage: 10, keyword: '' });
  const [editing, setEditing] = useState<SdkBusiness | 'new' | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    listSdkBusinesses(client, { page: query.page, per_page: query.perPage, ...(query.keyword ? { keyword: query.keyword } : {}) }).then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState(failed(error)),
    );
    return () => {
      live = false;
    };
  }, [client, query, reload]);

  const changed = () => {
    setReload((count) => count + 1);
    void store.loadBusinesses();
  };
  const saved = (business: SdkBusiness) => {
    setEditing(null);
    emit(SDK_BUSINESS_SAVED_EVENT, { business });
    changed();
  };
  const destroy = async (business: SdkBusiness) => {
    const outcome = await remove.run(() => deleteSdkBusiness(client, business.id, { notify: false }));
    if (!outcome.ok) return;
    emit(SDK_BUSINESS_DELETED_EVENT, { id: business.id });
    // The last row of a later page: step back so the page is not empty.
    if (state.status === 'ready' && state.value.list.length === 1 && query.page > 1) setQuery((current) => ({ ...current, page: current.page - 1 }));
    changed();
  };

  return (
    <div className="ec-stack">
      <div className="ec-row" part="toolbar">
        <SearchInput label={t('business.search')} value={query.keyword} onSearch={(keyword) => setQuery((current) => ({ ...current, keyword, page: 1 }))} />
        <button type="button" className="p-button p-component p-button-sm" onClick={() => setEditing('new')}>
          <span className="pi pi-plus" aria-hidden="true" /> {t('business.create')}
        </button>
      </div>
      {remove.error ? (
        <p role="alert" className="ec-error-text">
          {remove.error}
        </p>
      ) : null}
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState message={t(state.forbidden ? 'forbidden' : 'load-failed')} onRetry={() => setReload((count) => count + 1)} /> : null}
      {state.status === 'ready' && state.value.total === 0 ? <EmptyState message={t('business.empty')} /> : null}
      {state.status === 'ready' && state.value.total > 0 ? (
        <>
          <table className="ec-sdk-table" part="table">
            <thead>
              <tr>
                <th scope="col">{t('business.name')}</th>
                <th scope="col">{t('business.android')}</th>
                <th scope="col">{t('business.ios')}</th>
                <th scope="col">{t('business.website')}</th>
                <th scope="col">{t('business.devices')}</th>
                <th scope="col">{t('business.created')}</th>
                <th scope="col">{t('business.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.value.list.map((business) => (
                <tr key={business.id}>
                  <td>
                    <NavLink route={SDK_ROUTES.business} params={{ id: business.id }}>
                      {business.name}
                    </NavLink>
                    {business.remark ? <div className="ec-muted">{business.remark}</div> : null}
                  </td>
                  <td>{business.android_package || '—'}</td>
                  <td>{business.ios_bundle || '—'}</td>
                  <td>{business.domain ?? t('business.no-website')}</td>
                  <td>{t('business.counts', business.devices)}</td>
                  <td>{formatDateTime(business.created_at, language)}</td>
                  <td>
                    <div className="ec-sdk-actions">
                      <button type="button" className="p-button p-component p-button-sm p-button-text" onClick={() => setEditing(business)} aria-label={`${t('business.edit')} ${business.name}`}>
                        {t('business.edit')}
                      </button>
                      <ConfirmPopover message={t('business.delete-confirm', { name: business.name })} danger onConfirm={() => void destroy(business)}>
                        {(trigger) => (
                          <button type="button" className="p-button p-component p-button-sm p-button-text p-button-danger" {...trigger} aria-label={`${t('business.delete')} ${business.name}`}>
                            {t('business.delete')}
                          </button>
                        )}
                      </ConfirmPopover>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={query.page} pageSize={query.perPage} total={state.value.total} onChange={(next) => setQuery((current) => ({ ...current, page: next.page, perPage: next.pageSize }))} />
        </>
      ) : null}
      {editing !== null ? <BusinessDialog business={editing === 'new' ? undefined : editing} onSaved={saved} onCancel={() => setEditing(null)} /> : null}
    </div>
  );
}
