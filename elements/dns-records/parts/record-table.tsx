/**
 * The record table (rules §3 DNS "Domain record": host record, type, line, value, MX priority, TTL, remark, status,
 * group): one server page with row selection, and per row edit in place, enable or disable and delete, each with
 * confirmation. While a record is edited (or added, in a row on top) its cells are the editor's inputs. A record the
 * caller may not change (the server's `editable`, rules §6) shows the read-only mark in place of its actions and
 * cannot be selected for bulk changes.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef, type ReactNode } from 'react';
import type { DnsDomain, DnsRecord } from '../../../core/api/endpoints/dns.js';
import { formatDuration } from '../../../core/i18n/format.js';
import type { DnsStatus } from '../../../core/rules/dns.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
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
  const { state, busy, page, pageSize, selected, statusTags, editing, onPage, onRetry } = props;
  const { language } = useElement();
  const t = useT();
  const readOnlyReason = useReadOnlyReason('dns');
  // Handlers and the selection are read through this ref, so the columns (and with them every row) are built again
  // only when the language or the edit changes; a row renders again when its own state does (FastTable's memo).
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<DnsRecord>[] => {
    const lineOf = (line: string) => (Object.hasOwn(LINE_KEYS, line) ? t(LINE_KEYS[line as keyof typeof LINE_KEYS]) : line);
    const isEditing = (record: DnsRecord) => editing !== null && editing.id === record.id;
    const cell = (field: keyof RecordEditor['cells'], shown: (record: DnsRecord) => ReactNode) => (record: DnsRecord) =>
      isEditing(record) ? editing!.editor.cells[field]() : shown(record);
    // The text cut to the column (whole in the tip) while shown; the editor's input while edited.
    const cut = (text: (record: DnsRecord) => string) => (record: DnsRecord) => {
      const value = text(record);
      return (
        <span className="ec-truncate ec-dns-cut" data-ec-tip={value || undefined}>
          {value}
        </span>
      );
    };
    const toggle = (id: number, on: boolean) => {
      const next = new Set(latest.current.selected);
      if (on) next.add(id);
      else next.delete(id);
      latest.current.onSelect(next);
    };

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
      if (!record.editable) return <ReadOnlyMark reason={readOnlyReason} />;
      const next: DnsStatus = record.status === 'normal' ? 'disabled' : 'normal';
      const name = `${record.host} ${record.type}`;
      return (
        <div className="ec-row ec-dns-row-actions">
          <Button type="button" link label={t('common:action.edit')} aria-label={t('action.edit-of', { name })} disabled={editing !== null} onClick={() => latest.current.onEdit(record)} />
          <ConfirmPopover
            message={t(next === 'disabled' ? 'confirm.disable' : 'confirm.enable', { name })}
            confirmLabel={t(next === 'disabled' ? 'action.disable' : 'action.enable')}
            onConfirm={() => latest.current.onStatus(record, next)}
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
          <ConfirmPopover message={t('confirm.delete', { name })} confirmLabel={t('action.delete')} danger onConfirm={() => latest.current.onDelete(record)}>
            {(trigger) => <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('action.delete-of', { name })} {...trigger} />}
          </ConfirmPopover>
        </div>
      );
    };

    return [
      {
        key: 'select',
        className: 'ec-dns-select-cell',
        header: () => {
          const current = latest.current;
          const ids = current.state.status === 'ready' ? current.state.list.filter((record) => record.editable).map((record) => record.id) : [];
          return <SelectAllBox ids={ids} selected={current.selected} onChange={current.onSelect} label={t('list.select-all')} />;
        },
        cell: (record) =>
          record.id === NEW_ROW_ID || !record.editable ? null : (
            <SelectRowBox
              id={record.id}
              selected={latest.current.selected}
              onChange={(next) => toggle(record.id, next.has(record.id))}
              label={t('list.select', { name: `${record.host} ${record.type} ${record.value}` })}
            />
          ),
      },
      { key: 'host', className: 'ec-col-primary ec-dns-col-host', header: t('column.host'), cell: cell('host', cut((record) => record.host)) },
      { key: 'type', header: t('column.type'), cell: cell('type', (record) => record.type) },
      { key: 'line', header: t('column.line'), title: t('column.line'), hideable: true, cell: cell('line', (record) => lineOf(record.line)) },
      { key: 'value', className: 'ec-dns-col-value', header: t('column.value'), cell: cell('value', cut((record) => record.value)) },
      {
        key: 'priority',
        header: t('column.priority'),
        title: t('column.priority'),
        hideable: true,
        cell: cell('priority', (record) => (record.priority === null ? t('priority-none') : record.priority)),
      },
      { key: 'ttl', header: t('column.ttl'), title: t('column.ttl'), hideable: true, cell: cell('ttl', (record) => <span className="ec-nowrap">{formatDuration(record.ttl, language)}</span>) },
      { key: 'remark', className: 'ec-dns-col-remark', header: t('column.remark'), title: t('column.remark'), hideable: true, cell: cell('remark', cut((record) => record.remark)) },
      { key: 'group', header: t('column.group'), title: t('column.group'), hideable: true, cell: cell('group', cut((record) => record.group)) },
      { key: 'status', header: t('column.status'), cell: (record) => (record.id === NEW_ROW_ID ? null : <StatusTag settings={statusTags} value={record.status} />) },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
    // While a record is edited its inputs change on every key: the columns follow the editor then.
  }, [t, language, statusTags, readOnlyReason, editing]);

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
  return (
    <>
      <FastTable
        rows={rows}
        rowKey={(record) => record.id}
        columns={columns}
        label={t('list.table-label')}
        busy={busy}
        busyLabel={t('list.loading')}
        rowState={(record) => (selected.has(record.id) ? 'selected' : '')}
        rowClassName={(record) => (editing !== null && editing.id === record.id ? 'ec-dns-editing-row' : '')}
        columnsKey="dns-records.records"
      />
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
