/**
 * The user's choice of table columns (issue 19: "columns the user can hide (remembered)"): a disclosure button above
 * the table opens a list of the hideable columns with a checkbox each; the hidden set is kept in localStorage per
 * table, so it survives a reload and applies to every instance of the same list. Native checkboxes in the theme's
 * look (`ec-check`), like the tables' own row checkboxes, to keep the lean lists lean.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../element-context.js';

/** Where a table's hidden columns are stored. */
export const HIDDEN_COLUMNS_PREFIX = 'ec.hidden-columns.';

function readHidden(key: string | undefined): Set<string> {
  if (!key) return new Set();
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(HIDDEN_COLUMNS_PREFIX + key) ?? '[]') as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : []);
  } catch {
    return new Set(); // Storage refused (private mode) or a value written by hand: show every column.
  }
}

/** The hidden column keys of the table stored under `key`, and a setter that remembers them. */
export function useHiddenColumns(key: string | undefined): [Set<string>, (next: Set<string>) => void] {
  const [hidden, setHidden] = useState(() => readHidden(key));
  useEffect(() => setHidden(readHidden(key)), [key]);
  const update = useCallback(
    (next: Set<string>) => {
      setHidden(next);
      if (!key) return;
      try {
        globalThis.localStorage?.setItem(HIDDEN_COLUMNS_PREFIX + key, JSON.stringify([...next]));
      } catch {
        // Not remembered, but hidden for this visit: the choice still applies now.
      }
    },
    [key],
  );
  return [hidden, update];
}

/** A column the user may hide. */
export interface ChoosableColumn {
  key: string;
  title?: string;
}

/** Props of {@link ColumnChooser}. */
export interface ColumnChooserProps {
  columns: readonly ChoosableColumn[];
  hidden: Set<string>;
  onChange: (hidden: Set<string>) => void;
  /** The table's accessible name, so two tables' choosers are told apart. */
  tableLabel: string;
}

/** The "Columns" button and its list. */
export function ColumnChooser({ columns, hidden, onChange, tableLabel }: ColumnChooserProps) {
  const t = useT('common');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    // Closes on a click outside; composedPath sees through the shadow root the chooser lives in.
    const outside = (event: Event) => {
      if (root.current && !event.composedPath().includes(root.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const toggle = (key: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(key);
    else next.add(key);
    onChange(next);
  };

  return (
    <div
      className="ec-table-tools"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        type="button"
        ref={button}
        className="p-button p-button-text p-button-sm ec-column-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <i className="pi pi-sliders-h" aria-hidden="true" />
        <span>{t('parts.table.columns')}</span>
        {hidden.size > 0 && <span className="ec-column-count">{t('parts.table.hidden-count', { count: hidden.size })}</span>}
      </button>
      {open && (
        <fieldset className="ec-column-panel" id={panelId}>
          <legend className="ec-visually-hidden">{t('parts.table.columns-of', { table: tableLabel })}</legend>
          {columns.map((column) => {
            const id = `${panelId}-${column.key}`;
            return (
              <label key={column.key} htmlFor={id} className="ec-column-option">
                <input id={id} type="checkbox" className="ec-check" checked={!hidden.has(column.key)} onChange={(event) => toggle(column.key, event.target.checked)} />
                {column.title ?? column.key}
              </label>
            );
          })}
          <button type="button" className="p-button p-button-link p-button-sm" disabled={hidden.size === 0} onClick={() => onChange(new Set())}>
            {t('parts.table.show-all')}
          </button>
        </fieldset>
      )}
    </div>
  );
}
