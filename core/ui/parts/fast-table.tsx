/**
 * A lean table for large, server-paged lists. PrimeReact's DataTable resolves its pass-through options for every cell
 * on every render; measured on the domain list (11 columns, production build, Chromium), that is about 5 ms per row,
 * so a page of 100 rows takes half a second and even 10 rows miss a 32 ms frame, and ticking a checkbox repaints
 * every cell (the cost behind primereact#8224). This table renders the same markup and theme classes (`p-datatable`,
 * `p-datatable-thead`, `p-sortable-column` ...), so it looks like a DataTable, but a row is a memoised component that
 * renders again only when its data, its state (selected, busy) or the columns change.
 *
 * Sorting and paging stay on the server ("lazy"): a sortable header is a button that asks for the next sort (none,
 * ascending, descending), announced with `aria-sort`; paging is the shared Pager's job.
 *
 * A new page is rendered progressively: the first `chunkSize` rows at once, the rest a chunk per animation frame, so
 * a page of 100 rows never blocks the main thread for one long frame. Rows of the same page that change (a status
 * poll) render in place.
 */
import { memo, useEffect, useState, type ReactNode } from 'react';

/** One column. */
export interface FastColumn<Row> {
  /** Stable key. */
  key: string;
  /**
   * Header content, or a function called on every render of the table: a header that changes with the rows' state
   * (a select-all checkbox) then does not have to change the columns array, which would render every row again.
   */
  header: ReactNode | (() => ReactNode);
  /** The cell of a row. */
  cell: (row: Row) => ReactNode;
  /** The server's sort field; makes the header a sort button. */
  sortField?: string;
  /** Class of the header and the cells. */
  className?: string;
}

/** The sort a table shows; null for the server's default order. */
export interface FastTableSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Props of {@link FastTable}. */
export interface FastTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Keep the array stable between renders (useMemo): a new array renders every row again. */
  columns: readonly FastColumn<Row>[];
  /** Accessible name of the table. */
  label: string;
  /** A reload is running over the rows shown: an overlay covers them. */
  busy?: boolean;
  /** Announced while busy. */
  busyLabel?: string;
  sort?: FastTableSort | null;
  onSort?: (sort: FastTableSort | null) => void;
  /** What else a row shows besides its data (selected, pending...): the row renders again when it changes. */
  rowState?: (row: Row) => string;
  /** Class of a row, from its state. */
  rowClassName?: (row: Row) => string;
  /** Rows rendered in the first frame of a new page and in each frame after it; default 20. */
  chunkSize?: number;
}

/** Rows rendered per frame by default. */
export const FAST_TABLE_CHUNK = 20;

/** The sort after the user clicks a sortable header: none, then ascending, then descending, then none again. */
export function nextSort(current: FastTableSort | null | undefined, field: string): FastTableSort | null {
  if (!current || current.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

interface RowProps<Row> {
  row: Row;
  columns: readonly FastColumn<Row>[];
  state: string;
  className: string;
}

function FastRowView<Row>({ row, columns, className }: RowProps<Row>) {
  return (
    <tr className={className}>
      {columns.map((column) => (
        <td key={column.key} className={column.className}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}

const FastRow = memo(
  FastRowView,
  (before, after) => before.row === after.row && before.state === after.state && before.columns === after.columns && before.className === after.className,
) as typeof FastRowView;

/** The table; `part="table"` on its root. */
export function FastTable<Row>(props: FastTableProps<Row>) {
  const { rows, rowKey, columns, label, busy = false, busyLabel, sort, onSort, rowState, rowClassName, chunkSize = FAST_TABLE_CHUNK } = props;
  const pageKey = rows.map(rowKey).join(',');
  const [shown, setShown] = useState({ pageKey, count: Math.min(rows.length, chunkSize) });
  // Another page (other keys) starts again with one chunk; the same page with new data keeps what is shown.
  const count = shown.pageKey === pageKey ? shown.count : Math.min(rows.length, chunkSize);

  useEffect(() => {
    if (shown.pageKey !== pageKey) {
      setShown({ pageKey, count });
      return undefined;
    }
    if (count >= rows.length) return undefined;
    const frame = requestAnimationFrame(() => setShown({ pageKey, count: Math.min(rows.length, count + chunkSize) }));
    return () => cancelAnimationFrame(frame);
  }, [pageKey, count, rows.length, chunkSize, shown.pageKey]);

  return (
    <div className="p-datatable p-component p-datatable-sm p-datatable-scrollable ec-fast-table" part="table" aria-busy={busy || undefined}>
      {busy && (
        <div className="p-datatable-loading-overlay p-component-overlay" role="status">
          <i className="pi pi-spin pi-spinner p-datatable-loading-icon" aria-hidden="true" />
          {busyLabel && <span className="ec-visually-hidden">{busyLabel}</span>}
        </div>
      )}
      <div className="p-datatable-wrapper">
        <table className="p-datatable-table" aria-label={label}>
          <thead className="p-datatable-thead">
            <tr>
              {columns.map((column) => {
                const header = typeof column.header === 'function' ? column.header() : column.header;
                if (!column.sortField || !onSort) {
                  return (
                    <th key={column.key} className={column.className} scope="col">
                      <div className="p-column-header-content">{header}</div>
                    </th>
                  );
                }
                const active = sort?.field === column.sortField ? sort.order : null;
                const icon = active === 'asc' ? 'pi-sort-amount-up-alt' : active === 'desc' ? 'pi-sort-amount-down' : 'pi-sort-alt';
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={`p-sortable-column${active ? ' p-highlight' : ''}${column.className ? ` ${column.className}` : ''}`}
                    aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
                  >
                    <button type="button" className="p-column-header-content ec-sort-button" onClick={() => onSort(nextSort(sort, column.sortField!))}>
                      <span className="p-column-title">{header}</span>
                      <i className={`pi ${icon} p-sortable-column-icon`} aria-hidden="true" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="p-datatable-tbody">
            {rows.slice(0, count).map((row) => (
              <FastRow key={rowKey(row)} row={row} columns={columns} state={rowState?.(row) ?? ''} className={rowClassName?.(row) ?? ''} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
