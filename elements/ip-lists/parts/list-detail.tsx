/**
 * One IP list's entries (rules §5: IPv4, IPv6 or CIDR, up to 200,000 per list), one server page at a time: search
 * inside the list (an address finds the blocks that cover it, other text matches part of an entry), add entries
 * typed or from a CSV/TXT file, remove the ticked entries after a confirmation, and export the whole list.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { IpListEntry, IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { IP_LIST_MAX } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { GuardedButton, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
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
  const info = list.status === 'ready' ? list.data : null;
  const reason = useReadOnlyReason('security_policy');
  // Rules §6: a list acting on a website the caller does not manage opens read-only: no ticks, no add or remove.
  const editable = info?.editable ?? false;
  const deniedReason = info && !editable ? reason : null;
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<IpListEntry>[] => {
    const entryColumn: FastColumn<IpListEntry> = { key: 'entry', className: 'ec-col-primary ec-mono', header: t('column.entry'), title: t('column.entry'), truncate: (entry) => entry.entry };
    const added: FastColumn<IpListEntry> = {
      key: 'added',
      className: 'ec-nowrap',
      header: t('column.added-at'),
      title: t('column.added-at'),
      hideable: true,
      cell: (entry) => formatLogTime(entry.created_at),
    };
    if (!editable) return [entryColumn, added];
    const select: FastColumn<IpListEntry> = {
      key: 'select',
      className: 'ec-select-column',
      header: () => {
        const current = latest.current;
        const shown = current.entries.status === 'ready' ? current.entries.data.list : [];
        return (
          <input
            type="checkbox"
            className="ec-check"
            checked={shown.length > 0 && shown.every((entry) => current.selection.has(entry.id))}
            disabled={shown.length === 0}
            aria-label={t('entries.select-page')}
            onChange={(event) => current.onToggleAll(event.target.checked)}
          />
        );
      },
      cell: (entry) => (
        <input
          type="checkbox"
          className="ec-check"
          checked={latest.current.selection.has(entry.id)}
          aria-label={t('entries.select', { entry: entry.entry })}
          onChange={(event) => latest.current.onToggle(entry.id, event.target.checked)}
        />
      ),
    };
    return [select, entryColumn, added];
  }, [t, editable]);

  const table = () => {
    if (entries.status === 'loading') return <LoadingState message={t('loading')} />;
    if (entries.status === 'error') return <ErrorState message={t('load-failed')} onRetry={props.onRetry} />;
    if (rows.length === 0) return <EmptyState message={keyword ? t('entries.no-match') : t('entries.empty')} />;
    return (
      <>
        <FastTable
          rows={rows}
          rowKey={(entry) => entry.id}
          columns={columns}
          label={t('entries.table', { name: info?.name ?? '' })}
          busy={busy}
          busyLabel={t('loading')}
          rowState={(entry) => (selection.has(entry.id) ? 'on' : '')}
          columnsKey="ip-lists.entries"
        />
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
        {editable && (
          <ConfirmPopover message={t('entries.confirm-remove', { count: selection.size })} confirmLabel={t('action.remove')} onConfirm={props.onRemove}>
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
        )}
        <Button type="button" outlined icon="pi pi-download" label={t('list.export')} disabled={!info} onClick={() => info && props.onExport(info)} />
        <GuardedButton
          type="button"
          icon="pi pi-plus"
          label={t('entries.add')}
          disabled={!info}
          deniedReason={deniedReason}
          aria-haspopup="dialog"
          onClick={() => info && props.onAdd(info)}
        />
      </div>
      {table()}
    </div>
  );
}
