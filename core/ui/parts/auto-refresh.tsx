/**
 * The auto refresh choice (shell §9: every 30 s to 15 min, or off) for views that follow live data, labelled; the timer
 * is core/ui/use-auto-refresh.ts. One part, so every view offers the same choices with the same words. A view on a
 * first route (the dashboard) uses {@link AutoRefreshSelect}, the native select: PrimeReact's Dropdown alone would put
 * that route over its size budget. With `onRefresh` either also offers "refresh now" (`part="refresh"` around both).
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, type ReactNode } from 'react';
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

/** Props of {@link AutoRefreshField} and {@link AutoRefreshSelect}. */
export interface AutoRefreshFieldProps {
  seconds: number;
  onChange: (seconds: number) => void;
  /** Offers a "refresh now" button calling this. */
  onRefresh?: () => void;
  /** A read is under way: the refresh button waits. */
  busy?: boolean;
}

/** The choices, labelled. */
function useChoices() {
  const t = useT('filters');
  return { label: t('auto-refresh.label'), now: t('auto-refresh.now'), options: useMemo(() => AUTO_REFRESH_CHOICES.map((value) => ({ value, label: t(CHOICE_KEYS[value]!) })), [t]) };
}

/** The field, with the refresh button beside it when asked for. */
function withRefresh(field: ReactNode, now: string, { onRefresh, busy = false }: AutoRefreshFieldProps) {
  if (!onRefresh) return field;
  return (
    <div className="ec-auto-refresh" part="refresh">
      {field}
      <Button type="button" icon="pi pi-refresh" label={now} outlined size="small" loading={busy} onClick={onRefresh} />
    </div>
  );
}

/** The labelled auto refresh choice (PrimeReact Dropdown), and the refresh button when asked for. */
export function AutoRefreshField(props: AutoRefreshFieldProps) {
  const { seconds, onChange } = props;
  const id = useId();
  const { label, now, options } = useChoices();
  const field = (
    <div className="ec-filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown inputId={id} value={autoRefreshChoice(seconds)} options={options} onChange={(event) => onChange(autoRefreshChoice(Number(event.value)))} pt={namedDropdown(label)} />
    </div>
  );
  return withRefresh(field, now, props);
}

/**
 * The same choice as a native select styled as an input, for a first route (the dashboard): a page that imports only
 * this never bundles PrimeReact's Dropdown (its module has no side effects, so the bundler leaves it out).
 */
export function AutoRefreshSelect(props: AutoRefreshFieldProps) {
  const { seconds, onChange } = props;
  const id = useId();
  const { label, now, options } = useChoices();
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
