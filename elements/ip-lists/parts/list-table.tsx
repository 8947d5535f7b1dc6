/**
 * The account's IP lists (rules §3 "IP list: name, remark, IP count, creation time"): search by name or remark,
 * create, open, edit, export and delete. A list that WAF rules reference cannot be deleted (its delete button says
 * why), so a rule never matches against a list that is gone.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { IP_LIST_MAX, validateIpListDeletable } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { Loaded } from '../store.js';

/** Props of {@link ListTable}. */
export interface ListTableProps {
  lists: Loaded<{ list: IpListInfo[]; total: number }>;
  busy: boolean;
  keyword: string;
  page: number;
  pageSize: number;
  onSearch: (keyword: string) => void;
  onPage: (change: PageChange) => void;
  onRetry: () => void;
  onCreate: () => void;
  onOpen: (list: IpListInfo) => void;
  onEdit: (list: IpListInfo) => void;
  onExport: (list: IpListInfo) => void;
  onDelete: (list: IpListInfo) => void;
}

/** Toolbar, table and pager of the lists. */
export function ListTable(props: ListTableProps) {
  const { lists, busy, keyword, page, pageSize } = props;
  const { language } = useElement();
  const t = useT();
  const tRules = useT('rules');

  const nameCell = (list: IpListInfo) => (
    <button type="button" className="ec-link" onClick={() => props.onOpen(list)} aria-label={t('list.open', { name: list.name })}>
      {list.name}
    </button>
  );

  const actionsCell = (list: IpListInfo) => {
    const blocked = validateIpListDeletable(list.rule_references);
    return (
      <div className="ec-row ec-row-actions">
        <Button type="button" text size="small" label={t('action.edit')} aria-label={t('list.edit-of', { name: list.name })} onClick={() => props.onEdit(list)} />
        <Button type="button" text size="small" label={t('list.export')} aria-label={t('list.export-of', { name: list.name })} onClick={() => props.onExport(list)} />
        {blocked ? (
          <span className="ec-muted ec-small" title={tRules(blocked.key, blocked.values ?? {})}>
            {t('list.in-use', { count: list.rule_references })}
          </span>
        ) : (
          <ConfirmPopover message={t('list.confirm-delete', { name: list.name, count: formatCount(list.entry_count, language) })} danger confirmLabel={t('action.delete')} onConfirm={() => props.onDelete(list)}>
            {(trigger) => (
              <Button type="button" text size="small" severity="danger" label={t('action.delete')} aria-label={t('list.delete-of', { name: list.name })} {...trigger} />
            )}
          </ConfirmPopover>
        )}
      </div>
    );
  };

  const table = () => {
    if (lists.status === 'loading') return <LoadingState message={t('loading')} />;
    if (lists.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    if (lists.data.list.length === 0) {
      return (
        <EmptyState message={keyword ? t('list.no-match') : t('list.empty')}>
          {!keyword && <Button type="button" icon="pi pi-plus" label={t('list.create')} onClick={props.onCreate} />}
        </EmptyState>
      );
    }
    return (
      <>
        <DataTable
          value={lists.data.list}
          dataKey="id"
          lazy
          loading={busy}
          cellMemo={false}
          size="small"
          pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('list.table') } as never }}
        >
          <Column header={t('column.name')} body={nameCell} />
          <Column header={t('column.remark')} body={(list: IpListInfo) => list.remark || '—'} />
          <Column
            header={t('column.entry-count')}
            body={(list: IpListInfo) => t('list.count-of-max', { count: formatCount(list.entry_count, language), max: formatCount(IP_LIST_MAX, language) })}
          />
          <Column header={t('column.created-at')} body={(list: IpListInfo) => <span className="ec-nowrap">{formatLogTime(list.created_at)}</span>} />
          <Column header={t('column.actions')} headerClassName="ec-col-actions" bodyClassName="ec-col-actions" body={actionsCell} />
        </DataTable>
        <Pager page={page} pageSize={pageSize} total={lists.data.total} onChange={props.onPage} />
      </>
    );
  };

  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('list.search')} value={keyword} onSearch={props.onSearch} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('list.create')} onClick={props.onCreate} aria-haspopup="dialog" />
      </div>
      {table()}
    </div>
  );
}
