/**
 * One ordered rule table for the rewrite tab: the URI rewrite rules and the redirect rules share the frame, the empty
 * state, the per-row remove (and, where order is a priority, up/down with a spoken announcement), the add button and
 * the count. The caller owns the cells and the catalogue texts; every change goes through `onChange` as a function of
 * the latest rows, so two quick edits before a render both count. {@link TextCell} and {@link SelectCell} are the
 * editable cells both tables use.
 */
import { Button } from 'primereact/button';
import { useState, type ReactNode } from 'react';
import { SelectField, TextField } from '../../../../core/ui/parts/labelled-fields.js';

/** Texts for moving rows; present only where row order is the rules' priority. */
export interface RuleRowsMoving {
  up: (position: number) => string;
  down: (position: number) => string;
  /** Announced to screen readers after a move, with the row's new 1-based position. */
  moved: (position: number) => string;
}

export interface RuleRowsProps<R> {
  rows: readonly R[];
  /** Header texts of the cell columns; the actions column comes after them. */
  columns: readonly string[];
  actionsColumn: string;
  /** The `<td>` cells of one row, in the order of `columns`. */
  cells: (row: R, index: number) => ReactNode;
  /** Sets `data-priority` on a row when the rules carry one. */
  priorityOf?: (row: R) => number;
  editable: boolean;
  max: number;
  empty: string;
  add: string;
  remove: (position: number) => string;
  /** Shown next to the add button, also when the rules are read-only. */
  count?: string;
  moving?: RuleRowsMoving;
  /** A message about the list as a whole (e.g. "add at least one rule"). */
  error?: string | null;
  onChange: (next: (rows: R[]) => R[]) => void;
  newRow: (rows: R[]) => R;
}

export function RuleRows<R>({ rows, columns, actionsColumn, cells, priorityOf, editable, max, empty, add, remove, count, moving, error, onChange, newRow }: RuleRowsProps<R>) {
  const [announcement, setAnnouncement] = useState('');
  const move = (index: number, by: -1 | 1) => {
    onChange((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
    if (moving) setAnnouncement(moving.moved(index + by + 1));
  };

  return (
    <>
      {rows.length === 0 ? (
        <p className="ec-muted" part="empty-state">
          {empty}
        </p>
      ) : (
        <div className="ec-table-scroll">
          <table className="ec-preview-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">{actionsColumn}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} data-priority={priorityOf?.(row)}>
                  {cells(row, index)}
                  <td className="ec-nowrap">
                    {editable && (
                      <>
                        {moving && (
                          <>
                            <Button type="button" icon="pi pi-arrow-up" text aria-label={moving.up(index + 1)} disabled={index === 0} onClick={() => move(index, -1)} />
                            <Button
                              type="button"
                              icon="pi pi-arrow-down"
                              text
                              aria-label={moving.down(index + 1)}
                              disabled={index === rows.length - 1}
                              onClick={() => move(index, 1)}
                            />
                          </>
                        )}
                        <Button
                          type="button"
                          icon="pi pi-trash"
                          text
                          severity="danger"
                          aria-label={remove(index + 1)}
                          onClick={() => onChange((current) => current.filter((_, at) => at !== index))}
                        />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error && (
        <small className="ec-error-text" role="alert">
          {error}
        </small>
      )}
      {(editable || count !== undefined) && (
        <div className="ec-row">
          {editable && (
            <Button type="button" icon="pi pi-plus" outlined label={add} disabled={rows.length >= max} onClick={() => onChange((current) => [...current, newRow(current)])} />
          )}
          {count !== undefined && <span className="ec-muted">{count}</span>}
        </div>
      )}
      {moving && (
        <span className="ec-visually-hidden" aria-live="polite">
          {announcement}
        </span>
      )}
    </>
  );
}

/** What the cells of one rule row share: the id prefix, the row's index, its label for a column and the messages. */
export interface RuleCellRow {
  id: string;
  index: number;
  /** The accessible name of a column's control in this row ("Target of rule 2"). */
  label: (column: string) => string;
  /** The message of a field of the group (`rules.<index>.<field>`), or null. */
  message: (field: string) => string | null;
}

/** A text cell of a rule row; its label is for screen readers, the column header shows it to everyone else. */
export function TextCell({ row, field, column, value, numeric, onChange }: { row: RuleCellRow; field: string; column: string; value: string | number; numeric?: boolean; onChange: (text: string) => void }) {
  return (
    <td>
      <TextField
        id={`${row.id}-${row.index}-${field}`}
        hideLabel
        numeric={numeric}
        label={row.label(column)}
        value={value}
        error={row.message(`rules.${row.index}.${field}`)}
        onChange={onChange}
      />
    </td>
  );
}

/** A select cell of a rule row. */
export function SelectCell<V extends string | number>({ row, field, column, value, options, onChange }: { row: RuleCellRow; field: string; column: string; value: V; options: Array<{ value: V; label: string }>; onChange: (value: V | null) => void }) {
  return (
    <td>
      <SelectField<V>
        id={`${row.id}-${row.index}-${field}`}
        hideLabel
        label={row.label(column)}
        value={value}
        options={options}
        error={row.message(`rules.${row.index}.${field}`)}
        onChange={onChange}
      />
    </td>
  );
}
