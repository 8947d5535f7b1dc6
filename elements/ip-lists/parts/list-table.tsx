/**
 * The account's IP lists (rules §3 "IP list: name, remark, IP count, creation time"): search by name or remark,
 * create, open, edit, export and delete. A list that WAF rules reference cannot be deleted (its delete button says
 * why), so a rule never matches against a list that is gone. A list the caller may not change (rules §6: it acts on a
 * website outside the caller's manage grant, `editable` from the server) shows its reason in place of edit and delete.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { IP_LIST_MAX, validateIpListDeletable } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import type { FastColumn } from '../../../core/ui/parts/fast-table.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { SearchableTable, type SearchableListProps } from '../../../core/ui/parts/searchable-table.js';
import type { Loaded } from '../store.js';

/** Props of {@link ListTable}. */
export interface ListTableProps extends SearchableListProps {
  lists: Loaded<{ list: IpListInfo[]; total: number }>;
  onOpen: (list: IpListInfo) => void;
  onEdit: (list: IpListInfo) => void;
  onExport: (list: IpListInfo) => void;
  onDelete: (list: IpListInfo) => void;
}

/** Toolbar, table and pager of the lists (the shared searchable table with the lists' columns). */
export function ListTable(props: ListTableProps) {
  const { lists } = props;
  const { language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const reason = useReadOnlyReason('security_policy');
  // The columns stay one array (FastTable renders every row again for a new one); the cells call the latest props.
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<IpListInfo>[] => {
    const actions = (list: IpListInfo) => {
      const handlers = latest.current;
      const blocked = validateIpListDeletable(list.rule_references);
      return (
        <div className="ec-row ec-row-actions">
          {list.editable && (
            <Button type="button" text size="small" label={t('action.edit')} aria-label={t('list.edit-of', { name: list.name })} onClick={() => handlers.onEdit(list)} />
          )}
          <Button type="button" text size="small" label={t('list.export')} aria-label={t('list.export-of', { name: list.name })} onClick={() => handlers.onExport(list)} />
          {!list.editable ? (
            <ReadOnlyMark reason={reason} />
          ) : blocked ? (
            <span className="ec-muted ec-small" tabIndex={0} data-ec-tip={tRules(blocked.key, blocked.values ?? {})}>
              {t('list.in-use', { count: list.rule_references })}
            </span>
          ) : (
            <ConfirmPopover
              message={t('list.confirm-delete', { name: list.name, count: formatCount(list.entry_count, language) })}
              danger
              confirmLabel={t('action.delete')}
              onConfirm={() => handlers.onDelete(list)}
            >
              {(trigger) => <Button type="button" text size="small" severity="danger" label={t('action.delete')} aria-label={t('list.delete-of', { name: list.name })} {...trigger} />}
            </ConfirmPopover>
          )}
        </div>
      );
    };
    return [
      {
        key: 'name',
        className: 'ec-col-primary',
        header: t('column.name'),
        cell: (list) => (
          <button type="button" className="ec-link ec-truncate" data-ec-tip={list.name} onClick={() => latest.current.onOpen(list)} aria-label={t('list.open', { name: list.name })}>
            {list.name}
          </button>
        ),
      },
      { key: 'remark', header: t('column.remark'), title: t('column.remark'), hideable: true, truncate: (list) => list.remark },
      {
        key: 'count',
        header: t('column.entry-count'),
        title: t('column.entry-count'),
        hideable: true,
        className: 'ec-nowrap',
        cell: (list) => t('list.count-of-max', { count: formatCount(list.entry_count, language), max: formatCount(IP_LIST_MAX, language) }),
      },
      {
        key: 'created',
        header: t('column.created-at'),
        title: t('column.created-at'),
        hideable: true,
        className: 'ec-nowrap',
        cell: (list) => formatLogTime(list.created_at),
      },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
  }, [t, tRules, language, reason]);

  return (
    <SearchableTable
      {...props}
      rows={lists}
      columns={columns}
      rowKey={(list) => list.id}
      rowState={(list) => String(list.editable)}
      columnsKey="ip-lists.lists"
      module="security_policy"
    />
  );
}
