/**
 * The auto refresh choice (shell §9: every 30 s to 15 min, or off) for views that follow live data, labelled; the timer
 * is core/ui/use-auto-refresh.ts. One part, so every view offers the same choices with the same words.
 */
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
}

/** The labelled auto refresh choice. */
export function AutoRefreshField({ seconds, onChange }: AutoRefreshFieldProps) {
  const t = useT('filters');
  const id = useId();
  const label = t('auto-refresh.label');
  const options = useMemo(() => AUTO_REFRESH_CHOICES.map((value) => ({ value, label: t(CHOICE_KEYS[value]!) })), [t]);
  return (
    <div className="ec-filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown inputId={id} value={autoRefreshChoice(seconds)} options={options} onChange={(event) => onChange(autoRefreshChoice(Number(event.value)))} pt={namedDropdown(label)} />
    </div>
  );
}
