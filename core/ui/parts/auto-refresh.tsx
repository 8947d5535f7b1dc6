/**
 * The auto refresh choice (shell §9: every 30 s to 15 min, or off) for views that follow live data, labelled; the timer
 * is core/ui/use-auto-refresh.ts. One part, so every view offers the same choices with the same words
 * (./auto-refresh-choices.tsx). A first route (the dashboard) uses AutoRefreshSelect (./auto-refresh-select.tsx), the
 * same choice as a native select: PrimeReact's Dropdown alone would put that route over its size budget. With
 * `onRefresh` either also offers "refresh now".
 */
import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';
import { autoRefreshChoice } from '../../rules/service-limits.js';
import { useAutoRefreshChoices, withRefresh, type AutoRefreshFieldProps } from './auto-refresh-choices.js';
import { namedDropdown } from './named.js';

export type { AutoRefreshFieldProps } from './auto-refresh-choices.js';

/** The labelled auto refresh choice (PrimeReact Dropdown), and the refresh button when asked for. */
export function AutoRefreshField(props: AutoRefreshFieldProps) {
  const { seconds, onChange } = props;
  const id = useId();
  const { label, now, options } = useAutoRefreshChoices();
  const field = (
    <div className="ec-filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown inputId={id} value={autoRefreshChoice(seconds)} options={options} onChange={(event) => onChange(autoRefreshChoice(Number(event.value)))} pt={namedDropdown(label)} />
    </div>
  );
  return withRefresh(field, now, props);
}
