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
 *
 * Every list of the console uses it (issue 19, one table part), so every list fits the same way: long values are cut
 * with an ellipsis, shown whole in a tooltip after 500 ms (shell §9) and copied with a button; columns marked
 * `hideable` can be hidden by the user, remembered per table (`columnsKey`); the actions column stays on the right
 * and the first column on the left (element.css). One tip layer per table serves every cell, so a page of 100 rows
 * mounts no tooltip component per cell.
 */
import { memo, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ElementContext, useT } from '../element-context.js';
import { ColumnChooser, useHiddenColumns } from './column-chooser.js';
import { copyText } from './copy-text.js';
import { TipLayer, useTipLayer } from './tip-layer.js';

/** One column. */
export interface FastColumn<Row> {
  /** Stable key. */
  key: string;
  /**
   * Header content, or a function called on every render of the table: a header that changes with the rows' state
   * (a select-all checkbox) then does not have to change the columns array, which would render every row again.
   */
  header: ReactNode | (() => ReactNode);
  /** The cell of a row; a `truncate` column builds its own. */
  cell?: (row: Row) => ReactNode;
  /** The server's sort field; makes the header a sort button. */
  sortField?: string;
  /** Class of the header and the cells. */
  className?: string;
  /** Plain-text name of the column (the column chooser, the copy button); required when `hideable` or `truncate`. */
  title?: string;
  /** The user may hide the column; remembered under the table's `columnsKey`. */
  hideable?: boolean;
  /**
   * The column's value as text: the cell is cut to the column's width with an ellipsis, the whole value shows as a
   * tooltip when cut, and a button copies it. `cell` is not used for such a column.
   */
  truncate?: (row: Row) => string;
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
  /** Where the user's hidden columns are remembered, e.g. `domain-list`; without it no column can be hidden. */
  columnsKey?: string;
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
          {column.cell?.(row)}
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
  const { rows, rowKey, label, busy = false, busyLabel, sort, onSort, rowState, rowClassName, chunkSize = FAST_TABLE_CHUNK, columnsKey } = props;
  const t = useT('common');
  const language = useContext(ElementContext)?.language;
  const [hidden, setHidden] = useHiddenColumns(columnsKey);
  const hideable = useMemo(() => (columnsKey ? props.columns.filter((column) => column.hideable) : []), [columnsKey, props.columns]);
  // The shown columns, with cut cells built once per column set (a new array would render every row again). The
  // translator and language matter only to cut cells' copy buttons, so a table without them keeps its caller's array
  // when the catalogue arrives.
  const cuts = props.columns.some((column) => column.truncate);
  const cutT = cuts ? t : null;
  const cutLanguage = cuts ? language : null;
  const columns = useMemo(
    () =>
      !cuts && !props.columns.some((column) => column.hideable && hidden.has(column.key))
        ? props.columns
        : props.columns
            .filter((column) => !(column.hideable && hidden.has(column.key)))
            .map((column): FastColumn<Row> => {
              const text = column.truncate;
              if (!text) return column;
              const copyLabel = cutT!('parts.table.copy', { column: column.title ?? column.key });
              return {
                ...column,
                className: `${column.className ?? ''} ec-col-truncate`.trim(),
                cell: (row) => {
                  const value = text(row);
                  return (
                    <span className="ec-cell-truncate">
                      <span className="ec-truncate">{value}</span>
                      {value && (
                        <button type="button" className="ec-cell-copy" aria-label={copyLabel} data-ec-tip={copyLabel} onClick={() => void copyText(value, { language: cutLanguage ?? undefined })}>
                          <i className="pi pi-copy" aria-hidden="true" />
                        </button>
                      )}
                    </span>
                  );
                },
              };
            }),
    [props.columns, hidden, cuts, cutT, cutLanguage],
  );
  const tips = useTipLayer();
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
    <div className="p-datatable p-component p-datatable-sm p-datatable-scrollable ec-fast-table" part="table" aria-busy={busy || undefined} {...tips.handlers}>
      {hideable.length > 0 && <ColumnChooser columns={hideable} hidden={hidden} onChange={setHidden} tableLabel={label} />}
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
      <TipLayer tip={tips.tip} />
    </div>
  );
}
