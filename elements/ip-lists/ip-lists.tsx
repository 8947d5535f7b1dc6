/**
 * `<ec-ip-lists>`: the account's IP lists (rules §2 "IP lists"; rules §3 "name, remark, IP count, creation time";
 * rules §5 "IPv4, IPv6, CIDR; up to 200,000 per list and 20,000 per uploaded CSV/TXT file"). WAF IP conditions
 * reference a list by id (the rule editor offers `V4/ip.list.options`), so a referenced list cannot be deleted.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { deleteIpList, exportIpList, removeIpListEntries, type IpListEntryAddAnswer, type IpListInfo } from '../../core/api/endpoints/ip-lists.js';
import { publishNotice } from '../../core/api/notices.js';
import { useElement } from '../../core/ui/element-context.js';
import { ReadOnlyNotice } from '../../core/ui/parts/read-only.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { saveFile } from '../../core/ui/save-file.js';
import { IP_LIST_DELETED_EVENT, IP_LIST_ENTRIES_CHANGED_EVENT, IP_LIST_SAVED_EVENT } from './events.js';
import { AddEntriesDialog } from './parts/add-entries-dialog.js';
import { ListDetail } from './parts/list-detail.js';
import { ListDialog } from './parts/list-dialog.js';
import { ListTable } from './parts/list-table.js';
import { ipListsStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface IpListsProps {
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** Opens this list's entries. */
  listId?: number;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** The IP lists. */
export function IpLists({ pageSize, listId, viewState }: IpListsProps) {
  useSignals();
  const { client, host, root, emit, namespace } = useElement();
  const store = ipListsStoreFor(host, { pageSize, listId, viewState });
  useViewStateReport(store.viewState.value);
  const [removing, setRemoving] = useState(false);

  const listQuery = store.listQuery.value;
  const entryQuery = store.entryQuery.value;
  const dialog = store.dialog.value;

  const reload = () => {
    if (store.openId.value === null) void store.loadLists(client);
    else void store.loadEntries(client);
  };
  const onSaved = (list: IpListInfo, created: boolean) => {
    store.setDialog(null);
    publishNotice({ severity: 'success', namespace, key: created ? 'list.created' : 'list.saved', values: { name: list.name } });
    emit(IP_LIST_SAVED_EVENT, { list, created });
    reload();
  };
  const onDelete = async (list: IpListInfo) => {
    try {
      await deleteIpList(client, list.id);
      publishNotice({ severity: 'success', namespace, key: 'list.deleted', values: { name: list.name } });
      emit(IP_LIST_DELETED_EVENT, { id: list.id, name: list.name });
    } catch {
      // The client has shown the server's reason (a rule references the list, or it was already gone).
    } finally {
      reload();
    }
  };
  const onExport = async (list: IpListInfo) => {
    try {
      const file = await exportIpList(client, list.id);
      saveFile(root, new Blob([file.content], { type: file.content_type }), file.file_name);
    } catch {
      // The client has shown why the export failed.
    }
  };
  const onAdded = (answer: IpListEntryAddAnswer) => {
    store.setDialog(null);
    publishNotice({ severity: 'success', namespace, key: 'add.done', values: { added: answer.added, already: answer.already_listed } });
    emit(IP_LIST_ENTRIES_CHANGED_EVENT, { list: answer.list, added: answer.added, already_listed: answer.already_listed, removed: 0 });
    reload();
  };
  const onRemove = async () => {
    const id = store.openId.value;
    if (id === null || store.selection.value.size === 0) return;
    setRemoving(true);
    try {
      const answer = await removeIpListEntries(client, { id, entry_ids: [...store.selection.value] });
      publishNotice({ severity: 'success', namespace, key: 'entries.removed', values: { count: answer.removed } });
      emit(IP_LIST_ENTRIES_CHANGED_EVENT, { list: answer.list, added: 0, already_listed: 0, removed: answer.removed });
    } catch {
      // The client has shown the server's message.
    } finally {
      setRemoving(false);
      reload();
    }
  };

  useEffect(() => {
    store.applySettings({ pageSize, listId });
  }, [store, pageSize, listId]);
  useEffect(() => {
    if (store.openId.value === null) void store.loadLists(client);
  }, [store, client, listQuery, entryQuery]);
  useEffect(() => {
    if (entryQuery !== null) void store.loadEntries(client);
  }, [store, client, entryQuery]);

  return (
    <div className="ec-root ec-stack ec-ip-lists">
      <ReadOnlyNotice module="security_policy" />
      {entryQuery === null ? (
        <ListTable
          lists={store.lists.value}
          busy={store.listsBusy.value}
          keyword={store.keyword.value}
          page={store.page.value}
          pageSize={store.pageSize.value}
          onSearch={store.setKeyword}
          onPage={({ page, pageSize: size }) => store.setPage(page, size)}
          onRetry={reload}
          onCreate={() => store.setDialog({ kind: 'create' })}
          onOpen={(list) => store.openList(list.id)}
          onEdit={(list) => store.setDialog({ kind: 'edit', list })}
          onExport={(list) => void onExport(list)}
          onDelete={(list) => void onDelete(list)}
        />
      ) : (
        <ListDetail
          list={store.open.value}
          entries={store.entries.value}
          busy={store.entriesBusy.value}
          keyword={store.entryKeyword.value}
          page={store.entryPage.value}
          pageSize={store.pageSize.value}
          selection={store.selection.value}
          removing={removing}
          onBack={() => store.openList(null)}
          onSearch={store.setEntryKeyword}
          onPage={({ page, pageSize: size }) => store.setEntryPage(page, size)}
          onRetry={reload}
          onToggle={store.toggle}
          onToggleAll={store.toggleAll}
          onAdd={(list) => store.setDialog({ kind: 'add', list })}
          onRemove={() => void onRemove()}
          onExport={(list) => void onExport(list)}
        />
      )}
      {dialog?.kind === 'create' && <ListDialog onHide={() => store.setDialog(null)} onSaved={onSaved} />}
      {dialog?.kind === 'edit' && <ListDialog editing={dialog.list} onHide={() => store.setDialog(null)} onSaved={onSaved} />}
      {dialog?.kind === 'add' && <AddEntriesDialog store={store} list={dialog.list} onHide={() => store.setDialog(null)} onAdded={onAdded} />}
    </div>
  );
}
