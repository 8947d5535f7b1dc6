/**
 * The auto refresh picker of the dashboard and the reports (rules §9 options), with a "refresh now" button. A native
 * select styled as an input (as the user center's pickers are): the dashboard is the console's first route, and
 * PrimeReact's Dropdown alone would put it over the first route's size budget.
 */
import { Button } from 'primereact/button';
import { useId, useMemo } from 'react';
import { useT } from '../../core/ui/element-context.js';
import { AUTO_REFRESH_CHOICES } from '../../core/rules/service-limits.js';

/** Label of each choice. */
const REFRESH_KEYS: Record<number, string> = {
  0: 'refresh.off',
  30: 'refresh.30s',
  60: 'refresh.1m',
  300: 'refresh.5m',
  600: 'refresh.10m',
  900: 'refresh.15m',
};

/** Props of {@link RefreshSelect}. */
export interface RefreshSelectProps {
  seconds: number;
  onChange: (seconds: number) => void;
  onRefresh: () => void;
  /** A read is under way: the button waits. */
  busy?: boolean;
}

/** A labelled interval picker and a refresh button; `part="refresh"`. */
export function RefreshSelect({ seconds, onChange, onRefresh, busy = false }: RefreshSelectProps) {
  const t = useT();
  const id = useId();
  const options = useMemo(() => AUTO_REFRESH_CHOICES.map((value) => ({ value, label: t(REFRESH_KEYS[value] ?? 'refresh.off') })), [t]);
  const label = t('filter.refresh');
  return (
    <div className="ec-report-refresh" part="refresh">
      <div className="ec-filter">
        <label htmlFor={id}>{label}</label>
        <select id={id} className="p-inputtext p-component" value={seconds} onChange={(event) => onChange(Number(event.target.value))}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="button" icon="pi pi-refresh" label={t('refresh.now')} outlined size="small" loading={busy} onClick={onRefresh} />
    </div>
  );
}
