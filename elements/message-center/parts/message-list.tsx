/**
 * The message list (shell §2 MessageList; rules §3 title, type, channel, time, read or unread): filters by type, read
 * state and time, checkboxes for the bulk actions (rules §5: the checked list is not empty), mark read, mark all read
 * and delete after a confirmation; each title opens the message.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useEffect, useMemo } from 'react';
import { MESSAGE_TYPES, type MessageInfo } from '../../../core/api/endpoints/messages.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { MESSAGES_DELETED_EVENT, MESSAGES_READ_EVENT } from '../events.js';
import { CHANNEL_KEYS, RANGE_KEYS, READ_KEYS, TYPE_KEYS } from '../labels.js';
import { MESSAGE_RANGES, type MessageCenterStore, type MessageRange } from '../store.js';

/** Route of one message (shell §2 `MessageList/detail/:id`). */
export const MESSAGE_DETAIL_ROUTE = 'message-center-MessageList-detail-id';

/** The message list of one store. */
export function MessageList({ store }: { store: MessageCenterStore }) {
  useSignals();
  const { language, emit } = useElement();
  const t = useT();
  const state = store.messages.state.value;
  const filters = store.filters.value;
  const checked = store.checked.value;
  const query = store.messageQuery.value;

  const readTags: StatusSetting[] = useMemo(
    () => [
      { value: 'read', label: t(READ_KEYS.read), color: 'neutral' },
      { value: 'unread', label: t(READ_KEYS.unread), color: 'warning' },
    ],
    [t],
  );
  const typeOptions = useMemo(() => MESSAGE_TYPES.map((value) => ({ value, label: t(TYPE_KEYS[value]) })), [t]);
  const readOptions = useMemo(() => (['unread', 'read'] as const).map((value) => ({ value, label: t(READ_KEYS[value]) })), [t]);
  const rangeOptions = useMemo(() => (Object.keys(MESSAGE_RANGES) as MessageRange[]).map((value) => ({ value, label: t(RANGE_KEYS[value]) })), [t]);
  const rows = state.status === 'ready' ? state.list : [];
  const allChecked = rows.length > 0 && rows.every((row) => checked.has(row.id));

  const ids = [...checked];
  const onMarkRead = async () => {
    const unread = await store.markRead(ids);
    if (unread !== null) emit(MESSAGES_READ_EVENT, { ids, unread });
  };
  const onMarkAll = async () => {
    const unread = await store.markAllRead();
    if (unread !== null) emit(MESSAGES_READ_EVENT, { ids: [], unread });
  };
  const onDelete = async () => {
    const unread = await store.remove(ids);
    if (unread !== null) emit(MESSAGES_DELETED_EVENT, { ids, unread });
  };
  const toggleAll = (on: boolean) => {
    for (const row of rows) store.toggle(row.id, on);
  };

  useEffect(() => {
    void store.messages.load();
  }, [store, query]);

  const table = () => {
    if (state.status === 'loading') return <LoadingState message={t('messages.loading')} />;
    if (state.status !== 'ready') return <ErrorState message={t('messages.load-failed')} onRetry={() => void store.messages.load()} />;
    if (state.list.length === 0) return <EmptyState message={t('messages.empty')} />;
    return (
      <>
        <DataTable
          value={state.list}
          dataKey="id"
          lazy
          loading={store.messages.busy.value}
          cellMemo={false}
          size="small"
          rowClassName={(row: MessageInfo) => (row.read ? 'ec-message-read' : 'ec-message-unread')}
          pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('messages.table-label') } as never }}
        >
          <Column
            header={<Checkbox checked={allChecked} onChange={(event) => toggleAll(event.checked === true)} aria-label={t('messages.select-all')} />}
            headerClassName="ec-col-check"
            body={(row: MessageInfo) => (
              <Checkbox checked={checked.has(row.id)} onChange={(event) => store.toggle(row.id, event.checked === true)} aria-label={t('messages.select', { title: row.title })} />
            )}
          />
          <Column
            header={t('column.title')}
            body={(row: MessageInfo) => (
              <NavLink route={MESSAGE_DETAIL_ROUTE} params={{ id: row.id }} className="ec-message-title" aria-label={t('messages.open', { title: row.title })}>
                {row.title}
              </NavLink>
            )}
          />
          <Column header={t('column.type')} body={(row: MessageInfo) => t(TYPE_KEYS[row.type])} />
          <Column header={t('column.channel')} body={(row: MessageInfo) => t(CHANNEL_KEYS[row.channel])} />
          <Column header={t('column.time')} body={(row: MessageInfo) => <span className="ec-nowrap">{formatDateTime(row.created_at, language)}</span>} />
          <Column header={t('column.state')} body={(row: MessageInfo) => <StatusTag settings={readTags} value={row.read ? 'read' : 'unread'} />} />
        </DataTable>
        <Pager page={store.messages.page.value} pageSize={store.messages.size.value} total={state.total} onChange={({ page, pageSize }) => store.messages.setPage(page, pageSize)} />
      </>
    );
  };

  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('nav.messages')}>
        <FilterField label={t('filter.type')} value={filters.type} options={typeOptions} allLabel={t('filter.all-types')} onChange={(value) => store.setFilter('type', value)} />
        <FilterField label={t('filter.read')} value={filters.read} options={readOptions} allLabel={t('filter.all-states')} onChange={(value) => store.setFilter('read', value)} />
        <FilterField label={t('filter.range')} value={filters.range} options={rangeOptions} allLabel={t('filter.all-times')} onChange={(value) => store.setFilter('range', value)} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('messages.refresh')} onClick={() => void store.messages.load()} />
      </div>
      <div className="ec-row" part="actions">
        <span role="status">{t('messages.selected', { count: checked.size })}</span>
        <Button type="button" outlined label={t('messages.mark-read')} disabled={checked.size === 0 || store.working.value} onClick={() => void onMarkRead()} />
        <Button type="button" outlined label={t('messages.mark-all-read')} disabled={store.working.value} onClick={() => void onMarkAll()} />
        <ConfirmPopover
          message={t('messages.delete-confirm', { count: checked.size })}
          confirmLabel={t('messages.delete-yes')}
          cancelLabel={t('messages.keep')}
          danger
          onConfirm={() => void onDelete()}
        >
          {(trigger) => <Button type="button" outlined severity="danger" label={t('messages.delete')} disabled={checked.size === 0 || store.working.value} {...trigger} />}
        </ConfirmPopover>
      </div>
      {table()}
    </div>
  );
}
