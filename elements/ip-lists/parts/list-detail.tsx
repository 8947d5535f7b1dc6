/**
 * One IP list's entries (rules §5: IPv4, IPv6 or CIDR, up to 200,000 per list), one server page at a time: search
 * inside the list (an address finds the blocks that cover it, other text matches part of an entry), add entries
 * typed or from a CSV/TXT file, remove the ticked entries after a confirmation, and export the whole list.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { IpListEntry, IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { IP_LIST_MAX } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { Loaded } from '../store.js';

/** Props of {@link ListDetail}. */
export interface ListDetailProps {
  list: Loaded<IpListInfo>;
  entries: Loaded<{ list: IpListEntry[]; total: number }>;
  busy: boolean;
  keyword: string;
  page: number;
  pageSize: number;
  selection: ReadonlySet<number>;
  removing: boolean;
  onBack: () => void;
  onSearch: (keyword: string) => void;
  onPage: (change: PageChange) => void;
  onRetry: () => void;
  onToggle: (id: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onAdd: (list: IpListInfo) => void;
  onRemove: () => void;
  onExport: (list: IpListInfo) => void;
}

/** Header, toolbar, entries and pager of the open list. */
export function ListDetail(props: ListDetailProps) {
  const { list, entries, busy, keyword, page, pageSize, selection, removing } = props;
  const { language } = useElement();
  const t = useT();

  const rows = entries.status === 'ready' ? entries.data.list : [];
  const allTicked = rows.length > 0 && rows.every((entry) => selection.has(entry.id));
  const info = list.status === 'ready' ? list.data : null;

  const table = () => {
    if (entries.status === 'loading') return <LoadingState message={t('loading')} />;
    if (entries.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    if (rows.length === 0) return <EmptyState message={keyword ? t('entries.no-match') : t('entries.empty')} />;
    return (
      <>
        <DataTable
          value={rows}
          dataKey="id"
          lazy
          loading={busy}
          cellMemo={false}
          size="small"
          pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('entries.table', { name: info?.name ?? '' }) } as never }}
        >
          <Column
            header={<Checkbox checked={allTicked} onChange={(event) => props.onToggleAll(Boolean(event.checked))} pt={{ input: { 'aria-label': t('entries.select-page') } as never }} />}
            body={(entry: IpListEntry) => (
              <Checkbox
                checked={selection.has(entry.id)}
                onChange={(event) => props.onToggle(entry.id, Boolean(event.checked))}
                pt={{ input: { 'aria-label': t('entries.select', { entry: entry.entry }) } as never }}
              />
            )}
            headerStyle={{ width: '3rem' }}
          />
          <Column header={t('column.entry')} body={(entry: IpListEntry) => <span className="ec-mono">{entry.entry}</span>} />
          <Column header={t('column.added-at')} body={(entry: IpListEntry) => <span className="ec-nowrap">{formatLogTime(entry.created_at)}</span>} />
        </DataTable>
        <Pager page={page} pageSize={pageSize} total={entries.data.total} onChange={props.onPage} />
      </>
    );
  };

  return (
    <div className="ec-stack">
      <div className="ec-row">
        <button type="button" className="ec-link" onClick={props.onBack}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {t('detail.back')}
        </button>
      </div>
      {info && (
        <div className="ec-stack ec-list-head">
          <h3 className="ec-list-title">{info.name}</h3>
          {info.remark && <p className="ec-muted">{info.remark}</p>}
          <p>
            {t('detail.count', { count: formatCount(info.entry_count, language), max: formatCount(IP_LIST_MAX, language) })}
            {info.rule_references > 0 && <> · {t('detail.rules', { count: info.rule_references })}</>}
          </p>
        </div>
      )}
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('entries.search')} placeholder={t('entries.search-placeholder')} value={keyword} onSearch={props.onSearch} />
        <span className="ec-spacer" />
        <ConfirmPopover
          message={t('entries.confirm-remove', { count: selection.size })}
          confirmLabel={t('action.remove')}
          onConfirm={props.onRemove}
        >
          {(trigger) => (
            <Button
              type="button"
              outlined
              icon="pi pi-minus-circle"
              label={t('entries.remove', { count: selection.size })}
              disabled={selection.size === 0}
              loading={removing}
              {...trigger}
            />
          )}
        </ConfirmPopover>
        <Button type="button" outlined icon="pi pi-download" label={t('list.export')} disabled={!info} onClick={() => info && props.onExport(info)} />
        <Button type="button" icon="pi pi-plus" label={t('entries.add')} disabled={!info} aria-haspopup="dialog" onClick={() => info && props.onAdd(info)} />
      </div>
      {table()}
    </div>
  );
}
