/**
 * A domain's records (shell §2 domainList/console/:id/record; rules §3 DNS "Domain record"): the domain, search and
 * filters by type, line and status, add in place, links to batch add and import, exports as xlsx and as a BIND zone
 * file, bulk enable, disable and delete of the selected records, and the table with inline editing.
 */
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import type { DnsDomain, DnsRecord } from '../../../core/api/endpoints/dns.js';
import { DNS_LINES, DNS_RECORD_TYPES, DNS_STATUSES, type DnsStatus } from '../../../core/rules/dns.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import type { PageChange } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { saveFile } from '../../../core/ui/save-file.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { GuardedButton, useModuleAccess, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { DNS_ROUTES } from '../../dns-shared/routes.js';
import { RECORD_DELETED_EVENT, RECORD_SAVED_EVENT, RECORD_STATUS_CHANGED_EVENT, RECORDS_EXPORTED_EVENT } from '../events.js';
import { workbookInWorker } from '../files/file-worker.js';
import { serializeZone } from '../files/zone-file.js';
import { recordStatusTags } from '../labels.js';
import type { DnsRecordsStore } from '../store.js';
import { LINE_KEYS, workbookLabels } from '../vocabulary.js';
import { useRecordEditor } from './record-editor.js';
import { NEW_ROW_ID, RecordTable, type RecordTableProps } from './record-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';

/** Props of {@link RecordList}. */
export interface RecordListProps {
  store: DnsRecordsStore;
}

/** The table with a record in edit: the editor lives as long as this is mounted (keyed by the record). */
function EditingTable({ store, record, ...table }: Omit<RecordTableProps, 'editing'> & { store: DnsRecordsStore; record?: DnsRecord }) {
  const { emit } = useElement();
  const domainId = store.domainId.value as number;
  const editor = useRecordEditor({
    domainId,
    record,
    onSave: store.saveRecord,
    onSaved: (saved, created) => emit(RECORD_SAVED_EVENT, { id: saved.id, domainId, created }),
    onCancel: () => (store.editing.value = null),
  });
  return <RecordTable {...table} editing={{ id: record?.id ?? NEW_ROW_ID, editor }} />;
}

/** The record list view. */
export function RecordList({ store }: RecordListProps) {
  const { language, root, emit } = useElement();
  const t = useT();
  const [exporting, setExporting] = useState<'xlsx' | 'bind' | null>(null);
  const [exportError, setExportError] = useState('');

  const { records, filters: filterSignal, selected: selectedSignal } = store;
  const filters = filterSignal.value;
  const selected = selectedSignal.value;
  const state = records.state.value;
  const domain: DnsDomain | null = state.status === 'ready' ? state.extra : null;
  const editing = store.editing.value;
  const statusTags = useMemo(() => recordStatusTags(t), [t]);
  const typeOptions = DNS_RECORD_TYPES.map((type) => ({ value: type as string, label: type as string }));
  const lineOptions = DNS_LINES.map((line) => ({ value: line as string, label: t(LINE_KEYS[line]) }));
  const statusOptions = DNS_STATUSES.map((value) => ({ value, label: statusTags.find((tag) => tag.value === value)!.label }));
  const selectedIds = [...selected];
  // Adding and importing need the domain module's manage grant, and adding here this zone's own `editable` (rules §6).
  const moduleAccess = useModuleAccess('dns');
  const deniedReason = useReadOnlyReason('dns');
  const moduleDenied = moduleAccess === 'read' || moduleAccess === 'none';
  const zoneDenied = moduleDenied || (domain !== null && !domain.editable);

  const setStatus = async (ids: number[], status: DnsStatus) => {
    if (await store.setStatus(ids, status)) emit(RECORD_STATUS_CHANGED_EVENT, { ids, status });
  };
  const remove = async (ids: number[]) => {
    if (await store.removeRecords(ids)) emit(RECORD_DELETED_EVENT, { ids });
  };
  const exportAs = async (format: 'xlsx' | 'bind') => {
    setExporting(format);
    setExportError('');
    try {
      const answer = await store.exportAll();
      const name = answer.domain.domain;
      if (format === 'bind') {
        saveFile(root, new Blob([serializeZone(name, answer.records, new Date(), answer.soa)], { type: 'text/plain' }), `${name}.zone`);
      } else {
        const file = await workbookInWorker(name, answer.records, workbookLabels(language));
        if (!(file instanceof Blob)) {
          setExportError(t(file.key, file.values));
          return;
        }
        saveFile(root, file, `${name}.xlsx`);
      }
      emit(RECORDS_EXPORTED_EVENT, { domainId: answer.domain.id, format });
    } catch {
      // The API client has reported the failed call.
    } finally {
      setExporting(null);
    }
  };

  useEffect(() => {
    if (store.domainId.value !== null) void records.load();
  }, [records, store.domainId.value, filters, records.page.value, records.size.value]);

  const table: Omit<RecordTableProps, 'editing'> = {
    state,
    busy: records.busy.value,
    page: records.page.value,
    pageSize: records.size.value,
    selected,
    statusTags,
    onSelect: (next) => (selectedSignal.value = next),
    onEdit: (record) => (store.editing.value = record.id),
    onStatus: (record, status) => void setStatus([record.id], status),
    onDelete: (record) => void remove([record.id]),
    onPage: ({ page, pageSize }: PageChange) => store.setPage(page, pageSize),
    onRetry: () => void records.load(),
  };
  const editedRecord = typeof editing === 'number' && state.status === 'ready' ? state.list.find((record) => record.id === editing) : undefined;

  return (
    <>
      {domain && (
        <div className="ec-row ec-dns-domain-heading" part="heading">
          <h2 className="ec-dns-domain-name">{domain.domain}</h2>
          <span className="ec-muted">{t('list.count', { count: state.status === 'ready' ? state.total : 0, formatted: formatCount(state.status === 'ready' ? state.total : 0, language) })}</span>
        </div>
      )}
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('list.toolbar-label')}>
        <SearchInput label={t('filter.keyword')} placeholder={t('filter.keyword-placeholder')} value={filters.keyword} onSearch={(text) => store.setFilter('keyword', text)} />
        <FilterField label={t('filter.type')} allLabel={t('filter.all-types')} value={filters.type} options={typeOptions} onChange={(value) => store.setFilter('type', value)} />
        <FilterField label={t('filter.line')} allLabel={t('filter.all-lines')} value={filters.line} options={lineOptions} onChange={(value) => store.setFilter('line', value)} />
        <FilterField label={t('filter.status')} allLabel={t('filter.all-statuses')} value={filters.status} options={statusOptions} onChange={(value) => store.setFilter('status', value)} />
      </div>
      <div className="ec-row" part="actions">
        <GuardedButton
          type="button"
          icon="pi pi-plus"
          label={t('action.add')}
          deniedReason={zoneDenied ? deniedReason : null}
          disabled={editing !== null || state.status !== 'ready'}
          onClick={() => (store.editing.value = 'new')}
        />
        {moduleDenied ? (
          <>
            <GuardedButton type="button" outlined label={t('action.batch-add')} deniedReason={deniedReason} />
            <GuardedButton type="button" icon="pi pi-upload" outlined label={t('action.import')} deniedReason={deniedReason} />
          </>
        ) : (
          <>
            <NavLink appearance="button-outlined" route={DNS_ROUTES.batchRecords}>
              {t('action.batch-add')}
            </NavLink>
            <NavLink appearance="button-outlined" icon="pi pi-upload" route={DNS_ROUTES.importLog}>
              {t('action.import')}
            </NavLink>
          </>
        )}
        <Button type="button" icon="pi pi-download" outlined label={t('action.export-xlsx')} loading={exporting === 'xlsx'} disabled={!domain} onClick={() => void exportAs('xlsx')} />
        <Button type="button" icon="pi pi-download" outlined label={t('action.export-bind')} loading={exporting === 'bind'} disabled={!domain} onClick={() => void exportAs('bind')} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('action.refresh')} onClick={() => void records.load()} />
      </div>
      {exportError && (
        <p role="alert" className="ec-error-text">
          {exportError}
        </p>
      )}
      {selectedIds.length > 0 && (
        <div className="ec-row ec-dns-bulk" part="bulk-actions" role="group" aria-label={t('bulk.label')}>
          <span>{t('bulk.selected', { count: selectedIds.length, formatted: formatCount(selectedIds.length, language) })}</span>
          <ConfirmPopover message={t('bulk.confirm-enable', { count: selectedIds.length })} confirmLabel={t('action.enable')} onConfirm={() => void setStatus(selectedIds, 'normal')}>
            {(trigger) => <Button type="button" outlined label={t('action.enable')} {...trigger} />}
          </ConfirmPopover>
          <ConfirmPopover message={t('bulk.confirm-disable', { count: selectedIds.length })} confirmLabel={t('action.disable')} onConfirm={() => void setStatus(selectedIds, 'disabled')}>
            {(trigger) => <Button type="button" outlined label={t('action.disable')} {...trigger} />}
          </ConfirmPopover>
          <ConfirmPopover message={t('bulk.confirm-delete', { count: selectedIds.length })} confirmLabel={t('action.delete')} danger onConfirm={() => void remove(selectedIds)}>
            {(trigger) => <Button type="button" outlined severity="danger" label={t('action.delete')} {...trigger} />}
          </ConfirmPopover>
        </div>
      )}
      {editing === 'new' ? (
        <EditingTable key="new" store={store} {...table} />
      ) : editedRecord ? (
        <EditingTable key={editedRecord.id} store={store} record={editedRecord} {...table} />
      ) : (
        <RecordTable {...table} editing={null} />
      )}
    </>
  );
}
