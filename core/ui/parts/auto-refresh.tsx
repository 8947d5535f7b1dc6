/**
 * The auto refresh choice (shell §9: every 30 s to 15 min, or off) for views that follow live data, labelled; the timer
 * is core/ui/use-auto-refresh.ts. One part, so every view offers the same choices with the same words. A view on a
 * first route (the dashboard) asks for the `native` select: PrimeReact's Dropdown alone would put that route over its
 * size budget. With `onRefresh` it also offers "refresh now" (`part="refresh"` around both).
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo } from 'react';
import { AUTO_REFRESH_CHOICES, autoRefreshChoice } from '../../rules/service-limits.js';
import { useT } from '../element-context.js';
import { namedDropdown } from './named.js';

/** Catalogue keys (namespace `filters`) of the choices; written out so a key search finds each one. */
const CHOICE_KEYS: Readonly<Record<number, string>> = {
  0: 'auto-refresh.off',
  30: 'auto-refresh.30s',
  60: 'auto-refresh.1m',
  300: 'auto-refresh.5m',
  600: 'auto-refresh.10m',
  900: 'auto-refresh.15m',
};

/** Props of {@link AutoRefreshField}. */
export interface AutoRefreshFieldProps {
  seconds: number;
  onChange: (seconds: number) => void;
  /** A native select styled as an input instead of PrimeReact's Dropdown, where the page's weight matters. */
  native?: boolean;
  /** Offers a "refresh now" button calling this. */
  onRefresh?: () => void;
  /** A read is under way: the refresh button waits. */
  busy?: boolean;
}

/** The labelled auto refresh choice, and the refresh button when asked for. */
export function AutoRefreshField({ seconds, onChange, native = false, onRefresh, busy = false }: AutoRefreshFieldProps) {
  const t = useT('filters');
  const id = useId();
  const label = t('auto-refresh.label');
  const options = useMemo(() => AUTO_REFRESH_CHOICES.map((value) => ({ value, label: t(CHOICE_KEYS[value]!) })), [t]);
  const choice = autoRefreshChoice(seconds);
  const field = (
    <div className="ec-filter">
      <label htmlFor={id}>{label}</label>
      {native ? (
        <select id={id} className="p-inputtext p-component" value={choice} onChange={(event) => onChange(autoRefreshChoice(Number(event.target.value)))}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <Dropdown inputId={id} value={choice} options={options} onChange={(event) => onChange(autoRefreshChoice(Number(event.value)))} pt={namedDropdown(label)} />
      )}
    </div>
  );
  if (!onRefresh) return field;
  return (
    <div className="ec-auto-refresh" part="refresh">
      {field}
      <Button type="button" icon="pi pi-refresh" label={t('auto-refresh.now')} outlined size="small" loading={busy} onClick={onRefresh} />
    </div>
  );
}
