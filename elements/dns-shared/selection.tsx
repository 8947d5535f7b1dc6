/**
 * Row selection for bulk actions (issue 10: bulk select): a select-all box for the rows of the page (checked, unchecked
 * or mixed) and a box per row, plain checkboxes with translated names so screen readers say what each selects.
 * Shared by the DNS elements.
 */
import { useEffect, useRef } from 'react';

/** Props of {@link SelectAllBox}. */
export interface SelectAllBoxProps {
  /** Ids of the rows on the page. */
  ids: readonly number[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  label: string;
}

/** Selects or clears every row of the page; mixed while some are selected. */
export function SelectAllBox({ ids, selected, onChange, label }: SelectAllBoxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const count = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;

  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  return (
    <input
      ref={ref}
      type="checkbox"
      className="ec-select-box"
      aria-label={label}
      checked={all}
      disabled={ids.length === 0}
      onChange={() => onChange(all ? new Set() : new Set(ids))}
    />
  );
}

/** Props of {@link SelectRowBox}. */
export interface SelectRowBoxProps {
  id: number;
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  label: string;
}

/** Selects or clears one row. */
export function SelectRowBox({ id, selected, onChange, label }: SelectRowBoxProps) {
  return (
    <input
      type="checkbox"
      className="ec-select-box"
      aria-label={label}
      checked={selected.has(id)}
      onChange={(event) => {
        const next = new Set(selected);
        if (event.target.checked) next.add(id);
        else next.delete(id);
        onChange(next);
      }}
    />
  );
}
