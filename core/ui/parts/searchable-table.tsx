/**
 * A searched, server-paged list of one module's objects (the IP lists, the condition rules): the toolbar with the
 * search and a create button the caller's grant may refuse (rules §6, the reason shown), then the loading state, the
 * error state with its retry, the empty state (with the create button, or "nothing matches" while searching), or the
 * FastTable with its pager. The caller brings its columns, where its row actions live (a delete confirmed in the
 * shared popover or the element's own dialog).
 */
import type { PermissionModule } from '../../api/endpoints/platform.js';
import type { ReactNode } from 'react';
import { useT } from '../element-context.js';
import { FastTable, type FastColumn } from './fast-table.js';
import { Pager, type PageChange } from './pager.js';
import { GuardedButton, useModuleAccess, useReadOnlyReason } from './read-only.js';
import { SearchInput } from './search-input.js';
import { EmptyState, ErrorState, LoadingState } from './state-views.js';

/** Where the list stands. */
export type SearchableRows<Row> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: { list: readonly Row[]; total: number } };

/** Where a searched list stands and what its toolbar and pager ask: what a list part passes on from its element. */
export interface SearchableListProps {
  /** A reload runs over the rows shown. */
  busy: boolean;
  keyword: string;
  page: number;
  pageSize: number;
  onSearch: (keyword: string) => void;
  onPage: (change: PageChange) => void;
  onRetry: () => void;
  onCreate: () => void;
}

/** Props of {@link SearchableTable}. */
export interface SearchableTableProps<Row> extends SearchableListProps {
  rows: SearchableRows<Row>;
  /** Keep the array stable between renders (FastTable renders every row again for a new one). */
  columns: readonly FastColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** What a row shows that can change while it stays on the page. */
  rowState: (row: Row) => string;
  /** The key the column chooser remembers hidden columns under. */
  columnsKey: string;
  /** The module whose manage grant creating needs (rules §6). */
  module: PermissionModule;
}

/** Toolbar, then a state or the table and its pager. */
export function SearchableTable<Row>(props: SearchableTableProps<Row>) {
  const { rows, keyword, module } = props;
  const t = useT();
  // The list's words come from the element's own catalogue (both lists have these keys).
  const texts = {
    loading: t('loading'),
    loadFailed: t('load-failed'),
    search: t('list.search'),
    create: t('list.create'),
    table: t('list.table'),
    empty: t('list.empty'),
    noMatch: t('list.no-match'),
  };
  const access = useModuleAccess(module);
  const reason = useReadOnlyReason(module);
  const createDenied = access !== null && access !== 'manage' ? reason : null;

  const table = (): ReactNode => {
    if (rows.status === 'loading') return <LoadingState message={texts.loading} />;
    if (rows.status === 'error') return <ErrorState message={texts.loadFailed} onRetry={props.onRetry} />;
    if (rows.data.list.length === 0) {
      return (
        <EmptyState message={keyword ? texts.noMatch : texts.empty}>
          {!keyword && <GuardedButton type="button" icon="pi pi-plus" label={texts.create} deniedReason={createDenied} onClick={props.onCreate} />}
        </EmptyState>
      );
    }
    return (
      <>
        <FastTable
          rows={rows.data.list}
          rowKey={props.rowKey}
          columns={props.columns}
          label={texts.table}
          busy={props.busy}
          busyLabel={texts.loading}
          rowState={props.rowState}
          columnsKey={props.columnsKey}
        />
        <Pager page={props.page} pageSize={props.pageSize} total={rows.data.total} onChange={props.onPage} />
      </>
    );
  };

  return (
    <div className="ec-stack">
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={texts.search} value={keyword} onSearch={props.onSearch} />
        <span className="ec-spacer" />
        <GuardedButton type="button" icon="pi pi-plus" label={texts.create} deniedReason={createDenied} onClick={props.onCreate} aria-haspopup="dialog" />
      </div>
      {table()}
    </div>
  );
}
