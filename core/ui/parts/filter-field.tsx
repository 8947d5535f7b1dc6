/**
 * A labelled filter of a list toolbar: a visible label, a PrimeReact Dropdown named by it, and an "all" option first
 * (issue 19: one form layout; the WAF attribution filter showed a blank option). PrimeReact's Dropdown treats an
 * empty value as "nothing selected" and shows an empty field, so "all" has a value of its own here and the caller
 * keeps '' for "no filter".
 */
import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';
import { namedDropdown } from './named.js';

/** The option value that stands for "no filter" inside the Dropdown. */
const ALL = '\u0000all';

/** One option of a filter. */
export interface FilterOption<Value extends string | number> {
  value: Value;
  label: string;
}

/** Props of {@link FilterField}. */
export interface FilterFieldProps<Value extends string | number> {
  /** Visible label, also the Dropdown's accessible name. */
  label: string;
  /** The applied filter; '' for none. */
  value: Value | '';
  options: readonly FilterOption<Value>[];
  /** Text of the first option, which clears the filter ("All statuses"). */
  allLabel: string;
  onChange: (value: Value | '') => void;
  /** Long option lists (domains): a search box in the panel, named by this translated label. */
  searchLabel?: string;
  /** Shown in the panel when the search matches no option. */
  emptyMessage?: string;
  /** The filter is fixed (an attribute locks it). */
  disabled?: boolean;
}

/** A label and a Dropdown with an "all" option; `part="filter"`. */
export function FilterField<Value extends string | number>({ label, value, options, allLabel, onChange, searchLabel, emptyMessage, disabled }: FilterFieldProps<Value>) {
  const id = useId();
  return (
    <div className="ec-filter" part="filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value === '' ? ALL : value}
        options={[{ value: ALL, label: allLabel }, ...options]}
        onChange={(event) => onChange(event.value === ALL ? '' : (event.value as Value))}
        disabled={disabled}
        filter={searchLabel !== undefined}
        emptyFilterMessage={emptyMessage}
        pt={searchLabel === undefined ? namedDropdown(label) : { ...namedDropdown(label), filterInput: { 'aria-label': searchLabel } as never }}
      />
    </div>
  );
}
