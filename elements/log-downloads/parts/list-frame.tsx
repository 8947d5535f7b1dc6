/**
 * What both lists of `<ec-log-downloads>` share around their columns: the toolbar (search, log type filter, create),
 * then the loading, error or empty state (with its create button) or the table and its pager.
 */
import { Button } from 'primereact/button';
import { useMemo, type ReactNode } from 'react';
import { LOG_TYPE_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import { LOG_TYPES } from '../../../core/logs/fields.js';
import { useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { DownloadList } from '../store.js';

/** The list's own words. */
export interface ListFrameTexts {
  search: string;
  create: string;
  table: string;
  empty: string;
  noMatch: string;
}

/** Props of {@link ListFrame}. */
export interface ListFrameProps<Row> {
  list: DownloadList<Row>;
  columns: FastColumn<Row>[];
  rowKey: (row: Row) => number;
  /** What a row shows that can change while it stays on the page (FastTable renders a row again only then). */
  rowState: (row: Row) => string;
  /** The key the column chooser remembers hidden columns under. */
  columnsKey: string;
  texts: ListFrameTexts;
  onCreate: () => void;
  onRetry: () => void;
  /** Shown between the toolbar and the table (rules, notices). */
  children?: ReactNode;
}

/** Toolbar, state or table, and pager of one list. */
export function ListFrame<Row>({ list, columns, rowKey, rowState, columnsKey, texts, onCreate, onRetry, children }: ListFrameProps<Row>) {
  const t = useT();
  const tFields = useT('log-fields');
  const rows = list.rows.value;
  const keyword = list.keyword.value;
  const typeOptions = useMemo(() => LOG_TYPES.map((value) => ({ value, label: tFields(LOG_TYPE_LABEL_KEYS[value]) })), [tFields]);
  const create = <Button type="button" icon="pi pi-plus" label={texts.create} onClick={onCreate} aria-haspopup="dialog" />;

  const table = () => {
    if (rows.status === 'loading') return <LoadingState message={t('loading')} />;
    if (rows.status === 'error') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
    if (rows.data.list.length === 0) {
      return <EmptyState message={keyword || list.logType.value ? texts.noMatch : texts.empty}>{!keyword && create}</EmptyState>;
    }
    return (
      <>
        <FastTable rows={rows.data.list} rowKey={rowKey} columns={columns} label={texts.table} busy={list.busy.value} busyLabel={t('loading')} rowState={rowState} columnsKey={columnsKey} />
        <Pager page={list.page.value} pageSize={list.size.value} total={rows.data.total} onChange={({ page, pageSize }) => list.setPage(page, pageSize)} />
      </>
    );
  };

  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={texts.search} value={keyword} onSearch={list.setKeyword} />
        <FilterField label={t('column.log-type')} value={list.logType.value} options={typeOptions} allLabel={t('log-type.all')} onChange={list.setLogType} />
        <span className="ec-spacer" />
        {create}
      </div>
      {children}
      {table()}
    </div>
  );
}
