/**
 * The record table (rules §3 DNS "Domain record": host record, type, line, value, MX priority, TTL, remark, status,
 * group): one server page with row selection, and per row edit in place, enable or disable and delete, each with
 * confirmation. While a record is edited (or added, in a row on top) its cells are the editor's inputs.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import type { DnsDomain, DnsRecord } from '../../../core/api/endpoints/dns.js';
import { formatDuration } from '../../../core/i18n/format.js';
import type { DnsStatus } from '../../../core/rules/dns.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { PagedState } from '../../../core/ui/paged-list.js';
import { SelectAllBox, SelectRowBox } from '../../dns-shared/selection.js';
import { LINE_KEYS } from '../vocabulary.js';
import type { RecordEditor } from './record-editor.js';

/** The id of the row that adds a record. */
export const NEW_ROW_ID = 0;

/** Props of {@link RecordTable}. */
export interface RecordTableProps {
  state: PagedState<DnsRecord, DnsDomain>;
  busy: boolean;
  page: number;
  pageSize: number;
  selected: ReadonlySet<number>;
  statusTags: readonly StatusSetting[];
  /** The row being edited (NEW_ROW_ID while adding) and its editor; null when nothing is edited. */
  editing: { id: number; editor: RecordEditor } | null;
  onSelect: (next: Set<number>) => void;
  onEdit: (record: DnsRecord) => void;
  onStatus: (record: DnsRecord, status: DnsStatus) => void;
  onDelete: (record: DnsRecord) => void;
  onPage: (change: PageChange) => void;
  onRetry: () => void;
}

/** Records of the current page, or the state shown instead. */
export function RecordTable(props: RecordTableProps) {
  const { state, busy, page, pageSize, selected, statusTags, editing, onSelect, onEdit, onStatus, onDelete, onPage, onRetry } = props;
  const { language } = useElement();
  const t = useT();
  const lineOf = (line: string) => (Object.hasOwn(LINE_KEYS, line) ? t(LINE_KEYS[line as keyof typeof LINE_KEYS]) : line);
  const isEditing = (record: DnsRecord) => editing !== null && editing.id === record.id;
  const cell = (field: keyof RecordEditor['cells'], shown: (record: DnsRecord) => ReactNode) => (record: DnsRecord) =>
    isEditing(record) ? editing!.editor.cells[field]() : shown(record);

  const actions = (record: DnsRecord) => {
    if (isEditing(record)) {
      const { editor } = editing!;
      return (
        <div className="ec-dns-cell-editor">
          <div className="ec-row ec-dns-row-actions">
            <Button type="button" label={t('common:action.save')} loading={editor.saving} onClick={() => void editor.save()} />
            <Button type="button" outlined label={t('common:action.cancel')} onClick={editor.cancel} />
          </div>
          {editor.serverMessage && (
            <span role="alert" className="ec-error-text">
              {editor.serverMessage}
            </span>
          )}
        </div>
      );
    }
    const next: DnsStatus = record.status === 'normal' ? 'disabled' : 'normal';
    const name = `${record.host} ${record.type}`;
    return (
      <div className="ec-row ec-dns-row-actions">
        <Button type="button" link label={t('common:action.edit')} aria-label={t('action.edit-of', { name })} disabled={editing !== null} onClick={() => onEdit(record)} />
        <ConfirmPopover
          message={t(next === 'disabled' ? 'confirm.disable' : 'confirm.enable', { name })}
          confirmLabel={t(next === 'disabled' ? 'action.disable' : 'action.enable')}
          onConfirm={() => onStatus(record, next)}
        >
          {(trigger) => (
            <Button
              type="button"
              link
              label={t(next === 'disabled' ? 'action.disable' : 'action.enable')}
              aria-label={t(next === 'disabled' ? 'action.disable-of' : 'action.enable-of', { name })}
              {...trigger}
            />
          )}
        </ConfirmPopover>
        <ConfirmPopover message={t('confirm.delete', { name })} confirmLabel={t('action.delete')} danger onConfirm={() => onDelete(record)}>
          {(trigger) => <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('action.delete-of', { name })} {...trigger} />}
        </ConfirmPopover>
      </div>
    );
  };

  if (state.status === 'loading') return <LoadingState message={t('list.loading')} />;
  if (state.status === 'denied') return <ErrorState message={t('list.denied')} />;
  if (state.status === 'error') return <ErrorState message={t('list.load-failed')} onRetry={onRetry} />;
  const adding = editing?.id === NEW_ROW_ID;
  if (state.list.length === 0 && !adding) return <EmptyState message={t('list.empty')} />;

  const blank: DnsRecord = {
    id: NEW_ROW_ID,
    domain_id: state.extra.id,
    host: '',
    type: '',
    line: '',
    value: '',
    priority: null,
    ttl: 0,
    remark: '',
    status: 'normal',
    group: '',
    created_at: '',
    updated_at: '',
    editable: true,
  };
  const rows = adding ? [blank, ...state.list] : state.list;
  const ids = state.list.map((record) => record.id);
  return (
    <>
      <DataTable
        value={rows}
        dataKey="id"
        lazy
        loading={busy}
        cellMemo={false}
        size="small"
        rowClassName={(record: DnsRecord) => (isEditing(record) ? 'ec-dns-editing-row' : '')}
        pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('list.table-label') } as never }}
      >
        <Column
          headerClassName="ec-dns-select-cell"
          header={<SelectAllBox ids={ids} selected={selected} onChange={onSelect} label={t('list.select-all')} />}
          body={(record: DnsRecord) =>
            record.id === NEW_ROW_ID ? null : <SelectRowBox id={record.id} selected={selected} onChange={onSelect} label={t('list.select', { name: `${record.host} ${record.type} ${record.value}` })} />
          }
        />
        <Column header={t('column.host')} body={cell('host', (record) => record.host)} />
        <Column header={t('column.type')} body={cell('type', (record) => record.type)} />
        <Column header={t('column.line')} body={cell('line', (record) => lineOf(record.line))} />
        <Column header={t('column.value')} body={cell('value', (record) => <span className="ec-break">{record.value}</span>)} />
        <Column header={t('column.priority')} body={cell('priority', (record) => (record.priority === null ? t('priority-none') : record.priority))} />
        <Column header={t('column.ttl')} body={cell('ttl', (record) => <span className="ec-nowrap">{formatDuration(record.ttl, language)}</span>)} />
        <Column header={t('column.remark')} body={cell('remark', (record) => record.remark)} />
        <Column header={t('column.group')} body={cell('group', (record) => record.group)} />
        <Column header={t('column.status')} body={(record: DnsRecord) => (record.id === NEW_ROW_ID ? null : <StatusTag settings={statusTags} value={record.status} />)} />
        <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actions} />
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
