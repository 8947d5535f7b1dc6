/**
 * `<ec-certificates>`: the certificate manager (rules §2 certificate list: apply, batch apply, upload, bind, detail,
 * edit, download). The list shows every field of rules §3 with counts by expiry state, filters, a search and a sort
 * by due date; certificates still applying are followed until the issuance job settles them (rules §4).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import {
  CERTIFICATE_APPLY_STATUSES,
  CERTIFICATE_EXPIRY_STATES,
  deleteCertificate,
  type CertificateApplyStatus,
  type CertificateExpiryState,
  type CertificateInfo,
} from '../../core/api/endpoints/certificates.js';
import { formatCount } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { GuardedButton, ReadOnlyNotice, useModuleAccess, useReadOnlyReason } from '../../core/ui/parts/read-only.js';
import { SearchInput } from '../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import type { StatusSetting } from '../../core/ui/parts/status-tag.js';
import './events.js';
import { ApplyDialog } from './parts/apply-dialog.js';
import { BindDialog } from './parts/bind-dialog.js';
import { CertificateTable } from './parts/certificate-table.js';
import { DetailDialog } from './parts/detail-dialog.js';
import { UploadDialog } from './parts/upload-dialog.js';
import { CERTIFICATE_SORTS, certificatesStoreFor } from './store.js';
import { useViewStateReport } from '../../core/ui/view-state.js';

/** Props of the component (attributes of the element). */
export interface CertificatesProps {
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** `readonly` hides every write action; `manage` (default) shows them. */
  mode?: string;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** Which dialog is open. */
type OpenDialog =
  | { kind: 'none' }
  | { kind: 'upload'; editing: CertificateInfo | null }
  | { kind: 'apply' }
  | { kind: 'bind'; row: CertificateInfo }
  | { kind: 'detail'; id: number };


const EXPIRY_COLORS: Record<CertificateExpiryState, StatusSetting['color']> = { expired: 'danger', expiring: 'warning', unexpired: 'success' };
const STATUS_COLORS: Record<CertificateApplyStatus, StatusSetting['color']> = {
  applying: 'info',
  issued: 'success',
  review_failed: 'danger',
  uploaded: 'neutral',
};

/** The certificate manager. */
export function Certificates({ pageSize, mode, viewState }: CertificatesProps) {
  useSignals();
  const { client, host, language, emit } = useElement();
  const t = useT();
  const store = certificatesStoreFor(host, { pageSize, viewState });
  useViewStateReport(store.viewState.value);
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const access = useModuleAccess('certificate');
  const readOnlyReason = useReadOnlyReason('certificate');

  const readonly = mode === 'readonly';
  // Rules §6: upload and apply create certificates, which needs the certificate module's manage grant.
  const deniedReason = access === 'read' || access === 'none' ? readOnlyReason : null;
  const state = store.state.value;
  const filters = store.filters.value;
  const query = store.query.value;
  const applying = store.applying.value;
  const expiryTags = useMemo<StatusSetting[]>(
    () => CERTIFICATE_EXPIRY_STATES.map((value) => ({ value, label: t(`expiry.${value}`), color: EXPIRY_COLORS[value] })),
    [t],
  );
  const statusTags = useMemo<StatusSetting[]>(
    () => CERTIFICATE_APPLY_STATUSES.map((value) => ({ value, label: t(`status.${value.replace('_', '-')}`), color: STATUS_COLORS[value] })),
    [t],
  );
  const statusOptions = statusTags.map(({ value, label }) => ({ value: value as CertificateApplyStatus, label }));
  // The due date's header sorts (ascending, descending, then the newest first); the list starts by due date.
  const sort = filters.sort === 'due_asc' ? ({ field: 'due', order: 'asc' } as const) : filters.sort === 'due_desc' ? ({ field: 'due', order: 'desc' } as const) : null;
  const counts = state.status === 'ready' ? state.counts : null;

  const reload = () => void store.load(client);
  const close = () => setDialog({ kind: 'none' });
  const onDelete = async (row: CertificateInfo) => {
    try {
      await deleteCertificate(client, row.id);
      emit('ec-certificate-deleted', { id: row.id });
      setNotice(t('deleted', { name: row.name }));
      reload();
    } catch {
      // The client already showed the server's reason (e.g. still bound: unbind it first).
    }
  };

  useEffect(() => {
    store.applyPageSize(pageSize);
  }, [store, pageSize]);
  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);
  useEffect(() => {
    if (applying) store.poll(client);
    return () => store.stopPolling();
  }, [store, client, applying]);

  return (
    <div className="ec-root ec-stack ec-certificates">
      {readonly ? null : <ReadOnlyNotice module="certificate" />}
      <div className="ec-row ec-toolbar" part="toolbar">
        <div className="ec-row" role="group" aria-label={t('filter.expiry')}>
          <Button
            type="button"
            size="small"
            outlined={filters.expiry !== ''}
            label={t('filter.all-expiry')}
            aria-pressed={filters.expiry === ''}
            onClick={() => store.setFilter('expiry', '')}
          />
          {CERTIFICATE_EXPIRY_STATES.map((value) => (
            <Button
              key={value}
              type="button"
              size="small"
              outlined={filters.expiry !== value}
              aria-pressed={filters.expiry === value}
              label={`${t(`expiry.${value}`)} (${formatCount(counts?.[value] ?? 0, language)})`}
              onClick={() => store.setFilter('expiry', value)}
            />
          ))}
        </div>
        <span className="ec-spacer" />
        {readonly ? null : (
          <>
            <GuardedButton
              type="button"
              icon="pi pi-upload"
              label={t('upload.open')}
              deniedReason={deniedReason}
              onClick={() => setDialog({ kind: 'upload', editing: null })}
            />
            <GuardedButton
              type="button"
              outlined
              icon="pi pi-verified"
              label={t('apply.open')}
              deniedReason={deniedReason}
              onClick={() => setDialog({ kind: 'apply' })}
            />
          </>
        )}
      </div>
      <div className="ec-row ec-toolbar" role="search" aria-label={t('filter.label')}>
        <SearchInput label={t('filter.search')} placeholder={t('filter.search-placeholder')} value={filters.keyword} onSearch={(text) => store.setFilter('keyword', text)} />
        <FilterField
          label={t('field.apply-status')}
          value={filters.status}
          options={statusOptions}
          allLabel={t('filter.all-statuses')}
          onChange={(value) => store.setFilter('status', value)}
        />
        <Button type="button" outlined icon="pi pi-refresh" label={t('refresh')} onClick={reload} />
      </div>
      {notice ? (
        <p role="status" className="ec-cert-notice">
          {notice}
        </p>
      ) : null}
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState onRetry={reload} /> : null}
      {state.status === 'ready' && state.list.length === 0 ? <EmptyState message={t('empty')} /> : null}
      {state.status === 'ready' && state.list.length > 0 ? (
        <>
          <CertificateTable
            rows={state.list}
            sort={sort}
            onSort={(next) => store.setFilter('sort', next === null ? CERTIFICATE_SORTS[2]! : next.order === 'asc' ? 'due_asc' : 'due_desc')}
            readonly={readonly}
            expiryTags={expiryTags}
            statusTags={statusTags}
            onDetail={(row) => setDialog({ kind: 'detail', id: row.id })}
            onBind={(row) => setDialog({ kind: 'bind', row })}
            onEdit={(row) => setDialog({ kind: 'upload', editing: row })}
            onDelete={(row) => void onDelete(row)}
          />
          <div part="pagination">
            <Pager page={query.page ?? 1} pageSize={query.per_page} total={state.total} onChange={({ page, pageSize: size }) => store.setPage(page, size)} />
          </div>
        </>
      ) : null}
      {dialog.kind === 'upload' ? (
        <UploadDialog
          editing={dialog.editing}
          onHide={close}
          onSaved={(info, created) => {
            close();
            emit(created ? 'ec-certificate-uploaded' : 'ec-certificate-updated', { id: info.id, name: info.name });
            setNotice(t(created ? 'uploaded' : 'updated', { name: info.name }));
            reload();
          }}
        />
      ) : null}
      {dialog.kind === 'apply' ? (
        <ApplyDialog
          onHide={close}
          onApplied={(answer) => {
            close();
            emit('ec-certificate-applied', { job_id: answer.job.id, certificate_ids: answer.certificate_ids });
            setNotice(t('applied', { count: answer.certificate_ids.length }));
            reload();
          }}
        />
      ) : null}
      {dialog.kind === 'bind' ? (
        <BindDialog
          certificate={dialog.row}
          onHide={close}
          onBound={(answer) => {
            close();
            emit('ec-certificate-bound', { id: dialog.row.id, domain_ids: answer.bound.map((domain) => domain.domain_id) });
            const uncovered = answer.warnings.map((found) => String(found.values?.domain ?? ''));
            setNotice(
              uncovered.length > 0
                ? t('bound-with-warning', { count: answer.bound.length, domains: uncovered.join(', ') })
                : t('bound', { count: answer.bound.length }),
            );
            reload();
          }}
        />
      ) : null}
      {dialog.kind === 'detail' ? (
        <DetailDialog
          id={dialog.id}
          readonly={readonly}
          onHide={close}
          onChanged={(change) => {
            if (change.unbound) emit('ec-certificate-unbound', { id: dialog.id, domain_ids: change.unbound });
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
