/** The business list (shell §2 "business list"): search, paging, create and edit in a dialog, delete after a confirm. */
import { useState } from 'react';
import { deleteSdkBusiness, listSdkBusinesses, type SdkBusiness } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { SDK_BUSINESS_DELETED_EVENT, SDK_BUSINESS_SAVED_EVENT } from '../events.js';
import { SDK_ROUTES } from '../routes.js';
import type { SdkViewProps } from '../sdk.js';
import { useLoaded } from '../store.js';
import { BusinessDialog } from './business-dialog.js';
import { ConfirmedAction, RowAction, RowActions, SdkListTable, type SdkColumn } from './list-table.js';

/** The businesses of the account. */
export function BusinessList({ store }: SdkViewProps) {
  const t = useT('sdk');
  const { client, emit, language } = useElement();
  const remove = useSave();
  const [query, setQuery] = useState({ page: 1, perPage: 10, keyword: '' });
  const [editing, setEditing] = useState<SdkBusiness | 'new' | null>(null);
  const [state, reload] = useLoaded(
    () => listSdkBusinesses(client, { page: query.page, per_page: query.perPage, ...(query.keyword ? { keyword: query.keyword } : {}) }),
    [client, query],
  );

  const changed = () => {
    reload();
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
  const columns: SdkColumn<SdkBusiness>[] = [
    {
      key: 'name',
      header: t('business.name'),
      cell: (business) => (
        <>
          <NavLink route={SDK_ROUTES.business} params={{ id: business.id }}>
            {business.name}
          </NavLink>
          {business.remark ? <div className="ec-muted">{business.remark}</div> : null}
        </>
      ),
    },
    { key: 'android', header: t('business.android'), cell: (business) => business.android_package || '—' },
    { key: 'ios', header: t('business.ios'), cell: (business) => business.ios_bundle || '—' },
    { key: 'website', header: t('business.website'), cell: (business) => business.domain ?? t('business.no-website') },
    { key: 'devices', header: t('business.devices'), cell: (business) => t('business.counts', business.devices) },
    { key: 'created', header: t('business.created'), cell: (business) => formatDateTime(business.created_at, language) },
    {
      key: 'actions',
      header: t('business.actions'),
      cell: (business) => (
        <RowActions>
          <RowAction label={t('business.edit')} name={business.name} onClick={() => setEditing(business)} />
          <ConfirmedAction label={t('business.delete')} name={business.name} message={t('business.delete-confirm', { name: business.name })} danger onConfirm={() => void destroy(business)} />
        </RowActions>
      ),
    },
  ];

  return (
    <div className="ec-stack">
      <div className="ec-row" part="toolbar">
        <SearchInput label={t('business.search')} value={query.keyword} onSearch={(keyword) => setQuery((current) => ({ ...current, keyword, page: 1 }))} />
        <button type="button" className="p-button p-component p-button-sm" onClick={() => setEditing('new')}>
          <span className="pi pi-plus" aria-hidden="true" /> {t('business.create')}
        </button>
      </div>
      <SdkListTable
        state={state}
        columns={columns}
        rowKey={(business) => business.id}
        empty={t('business.empty')}
        onRetry={reload}
        page={query}
        onPage={(next) => setQuery((current) => ({ ...current, ...next }))}
        actionError={remove.error}
      />
      {editing !== null ? <BusinessDialog business={editing === 'new' ? undefined : editing} onSaved={saved} onCancel={() => setEditing(null)} /> : null}
    </div>
  );
}
