/**
 * The auto refresh choice of ./auto-refresh.tsx as a native select styled as an input, for a first route (the
 * dashboard): this module does not import PrimeReact's Dropdown, so a page using it never loads it.
 */
import { useId } from 'react';
import { autoRefreshChoice } from '../../rules/service-limits.js';
import { useAutoRefreshChoices, withRefresh, type AutoRefreshFieldProps } from './auto-refresh-choices.js';

/** The labelled native choice, and the refresh button when asked for. */
export function AutoRefreshSelect(props: AutoRefreshFieldProps) {
  const { seconds, onChange } = props;
  const id = useId();
  const { label, now, options } = useAutoRefreshChoices();
  const field = (
    <div className="ec-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component" value={autoRefreshChoice(seconds)} onChange={(event) => onChange(autoRefreshChoice(Number(event.target.value)))}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return withRefresh(field, now, props);
}
